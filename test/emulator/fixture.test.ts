// Fixtures: the built-in one, custom YAML files and objects, and bad fixtures reported with
// their file, line and column.

import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FIXTURE, loadFixtureFile } from "../../src/emulator/fixture.ts";
import { DocsyncError } from "../../src/errors.ts";
import { as, type Emulator, expectStatus, startEmulator, withToken } from "./http.ts";

let dir: string;
const started: Emulator[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "docsync-fixture-"));
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((emulator) => emulator.close()));
});

async function start(options: Parameters<typeof startEmulator>[0]): Promise<Emulator> {
  const emulator = await startEmulator(options);
  started.push(emulator);
  return emulator;
}

async function fixtureFile(name: string, text: string): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, text);
  return file;
}

async function failure(options: Parameters<typeof startEmulator>[0]): Promise<DocsyncError> {
  const error = await startEmulator(options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DocsyncError);
  return error as DocsyncError;
}

const CUSTOM = `
users:
  - id: usr_kim
    displayName: Kim Owner
    email: kim@example.test
    token: token-of-kim-123
  - id: usr_lee
    displayName: Lee Reader
    email: lee@example.test
organizations:
  - id: org_docs
    title: Docs Co
    hostname: docs-co
    emailDomains: [example.test]
    plan: enterprise
    members:
      - { user: usr_kim, role: admin }
      - { user: usr_lee, role: read }
    teams:
      - { id: team_core, title: Core, members: [usr_lee], owners: [usr_kim] }
    collections:
      - { id: col_a, title: A }
      - { id: col_b, title: B, parent: col_a }
    spaces:
      - { id: spc_one, title: One, emoji: "1️⃣", visibility: in-collection, parent: col_b }
      - { id: spc_two, title: Two }
    linkInvites:
      - { id: inv_docs, role: comment }
`;

describe("the built-in fixture", () => {
  it("gives every user a random emu_ token and reports the first organization's admin", async () => {
    const emulator = await start({});
    expect(Object.keys(emulator.tokens)).toEqual(["usr_ada", "usr_eddie", "usr_rita", "usr_gus"]);
    for (const token of Object.values(emulator.tokens)) expect(token).toMatch(/^emu_[0-9a-f]{32}$/);
    expect(emulator.token).toBe(emulator.tokens.usr_ada);
    expect(emulator.organizationId).toBe("org_acme");
    expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const again = await start({});
    expect(again.token).not.toBe(emulator.token);
  });

  it("holds the organizations, teams, collection and spaces the docs describe", async () => {
    const emulator = await start({});
    const ada = as(emulator, "usr_ada");
    expect(expectStatus(await ada("GET", "/orgs/org_acme"), 200).title).toBe("Acme Inc");
    const teams = expectStatus(await ada("GET", "/orgs/org_acme/teams"), 200);
    expect(teams.items.map((t: { id: string; title: string }) => [t.id, t.title])).toEqual([
      ["team_writers", "Writers"],
      ["team_reviewers", "Reviewers"],
    ]);
    const members = expectStatus(await ada("GET", "/orgs/org_acme/members?order=asc"), 200);
    expect(members.items.map((m: { id: string; role: string }) => [m.id, m.role])).toEqual([
      ["usr_ada", "admin"],
      ["usr_eddie", "edit"],
      ["usr_rita", "read"],
    ]);
    const spaces = expectStatus(await ada("GET", "/orgs/org_acme/members/usr_ada/spaces?order=asc"), 200);
    expect(
      spaces.items.map((s: { space: { id: string; title: string } }) => [s.space.id, s.space.title]),
    ).toEqual([
      ["spc_handbook", "Handbook"],
      ["spc_guides", "Guides"],
      ["spc_api_v1", "API v1"],
      ["spc_api_v2", "API v2"],
      ["spc_changelog", "Changelog"],
      ["spc_internal", "Internal wiki"],
      ["spc_sdk", "SDK"],
      ["spc_status", "Status"],
    ]);
    expect(expectStatus(await as(emulator, "usr_gus")("GET", "/orgs"), 200).items[0].id).toBe("org_globex");
  });

  it("is the one docs/emulator.md shows", async () => {
    const docs = await readFile(join(import.meta.dirname, "../../docs/emulator.md"), "utf8");
    const section = docs.slice(docs.indexOf("### The built-in fixture"));
    const yaml = /```yaml\n([\s\S]*?)```/.exec(section)?.[1];
    expect(yaml).toBeDefined();
    expect(await loadFixtureFile(await fixtureFile("documented.yaml", yaml as string))).toEqual(
      DEFAULT_FIXTURE,
    );
  });

  it("takes the admin token from the options", async () => {
    const emulator = await start({ token: "my-admin-token" });
    expect(emulator.token).toBe("my-admin-token");
    expect(emulator.tokens.usr_ada).toBe("my-admin-token");
    expect((await withToken(emulator, "my-admin-token")("GET", "/orgs")).status).toBe(200);
    expect((await failure({ token: "has space" })).message).toBe(
      "token: must be 1 to 256 printable characters without spaces",
    );
  });
});

describe("a YAML fixture", () => {
  it("starts with its users, tokens, ids and content", async () => {
    const emulator = await start({ fixture: await fixtureFile("custom.yaml", CUSTOM) });
    expect(emulator.organizationId).toBe("org_docs");
    expect(emulator.token).toBe("token-of-kim-123");
    expect(emulator.tokens.usr_lee).toMatch(/^emu_[0-9a-f]{32}$/);
    const kim = withToken(emulator, "token-of-kim-123");
    expect(expectStatus(await kim("GET", "/orgs/org_docs"), 200)).toMatchObject({
      title: "Docs Co",
      hostname: "docs-co",
      plan: "enterprise",
    });
    expect(expectStatus(await kim("GET", "/collections/col_b"), 200).parent).toBe("col_a");
    expect(expectStatus(await kim("GET", "/spaces/spc_one"), 200)).toMatchObject({
      parent: "col_b",
      visibility: "in-collection",
      emoji: "1️⃣",
    });
    expect(expectStatus(await kim("GET", "/orgs/org_docs/link-invites/inv_docs"), 200).role).toBe("comment");
    expect(
      expectStatus(await kim("GET", "/orgs/org_docs/members/usr_kim/teams"), 200).items[0].member.role,
    ).toBe("owner");
  });

  it("reports a syntax error with file, line and column", async () => {
    const file = await fixtureFile("syntax.yaml", "users:\n  - id: [usr\norganizations: []\n");
    const error = await failure({ fixture: file });
    expect(error.message).toBe(
      `fixture ${file}:3:1: Flow sequence in block collection must be sufficiently indented and end with a ]`,
    );
    expect(error.code).toBe("emulator.fixture");
  });

  it("reports an unknown key at its line and column", async () => {
    const file = await fixtureFile(
      "unknown.yaml",
      CUSTOM.replace("    plan: enterprise", "    colour: blue"),
    );
    expect((await failure({ fixture: file })).message).toBe(
      `fixture ${file}:15:13: organizations[0].colour: unknown key; expected one of id, title, members, hostname, emailDomains, type, plan, defaultRole, sso, ai, inviteLinks, teams, collections, spaces, linkInvites, openApiSpecs, translations`,
    );
  });

  it("reports references to what does not exist", async () => {
    const unknownUser = await fixtureFile(
      "user.yaml",
      CUSTOM.replace("{ user: usr_lee, role: read }", "{ user: usr_zed, role: read }"),
    );
    expect((await failure({ fixture: unknownUser })).message).toBe(
      `fixture ${unknownUser}:18:17: organizations[0].members[1].user: no user "usr_zed" in users`,
    );
    const unknownParent = await fixtureFile(
      "parent.yaml",
      CUSTOM.replace("parent: col_b }", "parent: col_z }"),
    );
    expect((await failure({ fixture: unknownParent })).message).toBe(
      `fixture ${unknownParent}:25:85: organizations[0].spaces[0].parent: no collection "col_z" listed before it in "org_docs"`,
    );
  });

  it("reports an organization without an admin and a missing key", async () => {
    const noAdmin = await fixtureFile(
      "admin.yaml",
      CUSTOM.replace("{ user: usr_kim, role: admin }", "{ user: usr_kim, role: edit }"),
    );
    expect((await failure({ fixture: noAdmin })).message).toBe(
      `fixture ${noAdmin}:17:7: organizations[0].members: an organization needs at least one admin`,
    );
    const noTitle = await fixtureFile("title.yaml", CUSTOM.replace("    title: Docs Co\n", ""));
    expect((await failure({ fixture: noTitle })).message).toBe(
      `fixture ${noTitle}:11:5: organizations[0]: title: required`,
    );
  });

  it("reports a file it cannot read", async () => {
    const file = join(dir, "missing.yaml");
    expect((await failure({ fixture: file })).message).toBe(`fixture ${file}: cannot read it (ENOENT)`);
  });
});

describe("a fixture object", () => {
  it("is checked like a file, with the path of the problem", async () => {
    const error = await failure({
      fixture: {
        users: [{ id: "usr_a", displayName: "A", email: "a@example.test" }],
        organizations: [{ id: "org_a", title: "Org A", members: [{ user: "usr_a", role: "boss" as never }] }],
      },
    });
    expect(error.message).toBe(
      "fixture: organizations[0].members[0].role: must be one of admin, create, review, edit, comment, read, null",
    );
  });
});

describe("content in a fixture", () => {
  const withSpace = (space: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    users: [
      { id: "usr_a", displayName: "A", email: "a@example.test" },
      { id: "usr_b", displayName: "B", email: "b@example.test" },
    ],
    organizations: [
      {
        id: "org_a",
        title: "Org A",
        members: [{ user: "usr_a", role: "admin" as const }],
        teams: [{ id: "team_a", title: "A team" }],
        spaces: [{ id: "spc_a", title: "A", ...space }],
      },
    ],
    ...extra,
  });

  it("checks references of grants, change requests, comments and integrations", async () => {
    const cases: [Record<string, unknown>, Record<string, unknown>, string][] = [
      [
        { permissions: { users: [{ user: "usr_b", role: "read" }] } },
        {},
        'organizations[0].spaces[0].permissions.users[0].user: no user of "org_a" named "usr_b"',
      ],
      [
        { permissions: { teams: [{ team: "team_z", role: "read" }] } },
        {},
        'organizations[0].spaces[0].permissions.teams[0].team: no team of "org_a" named "team_z"',
      ],
      [
        { changeRequests: [{ id: "cr_a", createdBy: "usr_a", status: "merged" }] },
        {},
        "organizations[0].spaces[0].changeRequests[0].status: must be one of draft, open, archived",
      ],
      [
        { comments: [{ id: "c_a", postedBy: "usr_a", markdown: "x", page: "page_z" }] },
        {},
        'organizations[0].spaces[0].comments[0].page: no page of this space named "page_z"',
      ],
      [
        {},
        { integrations: [{ name: "x", title: "Xx", description: "d", owner: "org_z" }] },
        'integrations[0].owner: no organization "org_z"',
      ],
    ];
    for (const [space, extra, message] of cases) {
      expect((await failure({ fixture: withSpace(space, extra) as never })).message).toBe(
        `fixture: ${message}`,
      );
    }
  });

  it("seeds pages, grants, change requests and comments that the API then answers", async () => {
    const emulator = await start({
      fixture: withSpace({
        pages: [{ id: "page_a", title: "A page", pages: [{ id: "page_b", title: "Child" }] }],
        permissions: { teams: [{ team: "team_a", role: "edit" }] },
        changeRequests: [{ id: "cr_a", createdBy: "usr_a" }],
        comments: [
          { id: "c_a", postedBy: "usr_a", markdown: "Hello", page: "page_b", changeRequest: "cr_a" },
        ],
      }) as never,
    });
    const ada = as(emulator, "usr_a");
    const pages = expectStatus(
      await ada("GET", "/spaces/spc_a/change-requests/cr_a/content/pages"),
      200,
    ).pages;
    expect(pages[0].pages[0]).toMatchObject({ id: "page_b", path: "a-page/child" });
    const comment = expectStatus(await ada("GET", "/spaces/spc_a/change-requests/1/comments/c_a"), 200);
    expect(comment.target.page).toMatchObject({ id: "page_b", path: "a-page/child" });
    expect(expectStatus(await ada("GET", "/spaces/spc_a/permissions/teams"), 200).items[0].permission).toBe(
      "edit",
    );
  });
});
