// Fixtures seed organization settings, members with roles, collections, spaces in collections,
// grants to users and teams, OpenAPI specs and translation settings; the API answers them.

import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DocsyncError } from "../../src/errors.ts";
import { as, type Call, type Emulator, expectStatus, startEmulator, walk } from "./http.ts";
import { SETTINGS_FIXTURE, writeSettingsFixture } from "./settings-fixture.ts";

let dir: string;
let emulator: Emulator;
let ops: Call;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "docsync-settings-fixture-"));
  emulator = await startEmulator({ fixture: await writeSettingsFixture(dir) });
  ops = as(emulator, "usr_ops");
});
afterAll(async () => {
  await emulator.close();
});

describe("a fixture with settings", () => {
  it("gives the fixture's token and reports the first admin", async () => {
    expect(emulator.token).toBe("emu_ops_token_0001");
    expect(emulator.organizationId).toBe("org_initech");
    expect(expectStatus(await ops("GET", "/user"), 200).id).toBe("usr_ops");
  });

  it("seeds the organization's settings", async () => {
    const organization = expectStatus(await ops("GET", "/orgs/org_initech"), 200);
    expect(organization).toMatchObject({
      title: "Initech",
      hostname: "initech",
      emailDomains: ["initech.example"],
      defaultRole: "read",
      sso: true,
      ai: true,
      inviteLinks: false,
    });
  });

  it("seeds members with their roles, a guest included", async () => {
    const { items } = await walk(ops, "/orgs/org_initech/members?order=asc");
    expect(items.map((m: { id: string; role: string | null }) => [m.id, m.role])).toEqual([
      ["usr_ops", "admin"],
      ["usr_pam", "edit"],
      ["usr_tom", "read"],
      ["usr_gil", null],
    ]);
  });

  it("seeds nested collections and spaces in them", async () => {
    const { items: collections } = await walk(ops, "/orgs/org_initech/collections");
    expect(
      collections.map((c: { id: string; parent?: string; defaultLevel: string; description?: string }) => [
        c.id,
        c.parent,
        c.defaultLevel,
        c.description,
      ]),
    ).toEqual([
      ["col_product", undefined, "read", "Product docs"],
      ["col_api", "col_product", "comment", undefined],
    ]);
    const { items: spaces } = await walk(ops, "/collections/col_product/spaces");
    expect(spaces.map((s: { id: string }) => s.id)).toEqual(["spc_guide", "spc_tutorial"]);
    expect(expectStatus(await ops("GET", "/spaces/spc_guide"), 200)).toMatchObject({
      title: "Guide",
      emoji: "📗",
      parent: "col_product",
      visibility: "in-collection",
      defaultLevel: "read",
      editMode: "locked",
    });
    expect("parent" in expectStatus(await ops("GET", "/spaces/spc_notes"), 200)).toBe(false);
  });

  it("seeds grants to users and to teams", async () => {
    const { items: users } = await walk(ops, "/spaces/spc_guide/permissions/users");
    expect(users.map((g: { permission: string; user: { id: string } }) => [g.user.id, g.permission])).toEqual(
      [
        ["usr_pam", "admin"],
        ["usr_tom", "comment"],
      ],
    );
    const { items: teams } = await walk(ops, "/spaces/spc_guide/permissions/teams");
    expect(teams.map((g: { permission: string; team: { id: string } }) => [g.team.id, g.permission])).toEqual(
      [
        ["team_support", "read"],
        ["team_docs", "edit"],
      ],
    );
  });

  it("seeds OpenAPI specs from a URL and from text", async () => {
    const { items } = await walk(ops, "/orgs/org_initech/openapi");
    expect(items.map((s: { slug: string; sourceURL?: string }) => [s.slug, s.sourceURL])).toEqual([
      ["petstore", "https://initech.example/petstore.yaml"],
      ["billing", undefined],
    ]);
  });

  it("seeds translation settings with a given or a generated id", async () => {
    const { items } = await walk(ops, "/orgs/org_initech/translations");
    expect(items.map((t: { id: string; title: string }) => [t.id, t.title])).toEqual([
      ["trs_fr", "French"],
      ["trs_0001", "German"],
    ]);
  });
});

describe("bad settings in a fixture", () => {
  async function failure(name: string, text: string): Promise<string> {
    const file = join(dir, name);
    await writeFile(file, text);
    const error = await startEmulator({ fixture: file }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DocsyncError);
    return (error as DocsyncError).message;
  }

  it("names the file, line and column of the value at fault", async () => {
    const both = SETTINGS_FIXTURE.replace(
      '{ slug: billing, text: "openapi: 3.1.0" }',
      '{ slug: billing, text: "openapi: 3.1.0", url: "https://initech.example/b.yaml" }',
    );
    expect(await failure("both.yaml", both)).toMatch(
      /^fixture .*both\.yaml:43:9: organizations\[0\]\.openApiSpecs\[1\]: give exactly one of url \(where the document is\) and text \(the document\)$/,
    );
    const slug = SETTINGS_FIXTURE.replace("slug: billing", "slug: Billing");
    expect(await failure("slug.yaml", slug)).toMatch(
      /slug\.yaml:43:17: organizations\[0\]\.openApiSpecs\[1\]\.slug: must be lowercase words of letters and digits joined by -$/,
    );
    const flag = SETTINGS_FIXTURE.replace("sso: true", "sso: yes please");
    expect(await failure("flag.yaml", flag)).toMatch(
      /flag\.yaml:13:10: organizations\[0\]\.sso: must be true or false$/,
    );
    const title = SETTINGS_FIXTURE.replace("title: German", "title: ''");
    expect(await failure("title.yaml", title)).toMatch(
      /title\.yaml:46:\d+: organizations\[0\]\.translations\[1\]\.title: must be 1 to 100 characters, got 0$/,
    );
    const twice = SETTINGS_FIXTURE.replace("slug: billing", "slug: petstore");
    expect(await failure("twice.yaml", twice)).toMatch(
      /openApiSpecs\[1\]\.slug: slug "petstore" is listed twice$/,
    );
  });
});
