// A site's audience and permissions over real HTTP: publish and unpublish (with the checkout the
// service answers when the plan requires payment), share links (their URL is a secret), the
// visitors' authentication, the site's own grants to teams and users, and each family switched
// off by a fixture's `absent` list.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FIXTURE } from "../../src/emulator/fixture.ts";
import {
  type Caller,
  callerAs,
  createSite,
  type Emulator,
  expectError,
  expectStatus,
  type Json,
  SITES,
  startEmulator,
} from "./sites-helpers.ts";

let emulator: Emulator;
let ada: Caller;
let eddie: Caller;

beforeAll(async () => {
  emulator = await startEmulator();
  ada = callerAs(emulator, "usr_ada");
  eddie = callerAs(emulator, "usr_eddie");
});
afterAll(() => emulator.close());

const siteAt = async (body: Json = { title: "Audience" }): Promise<string> =>
  `${SITES}/${(await createSite(ada, body)).id}`;

describe("publish and unpublish", () => {
  it("set the site's published and answer the site", async () => {
    const at = await siteAt();
    expect(expectStatus(await ada("POST", `${at}/publish`), 200)).toMatchObject({
      object: "site",
      published: true,
    });
    expect(expectStatus(await ada("GET", at), 200).published).toBe(true);
    expect(expectStatus(await ada("POST", `${at}/unpublish`), 200).published).toBe(false);
    expectError(
      await eddie("POST", `${at}/publish`),
      403,
      'changing organization "org_acme" needs the admin role',
    );
  });

  it("answer a checkout session for a paid site of an organization on the free plan, leaving it unpublished", async () => {
    const [acme, ...others] = DEFAULT_FIXTURE.organizations;
    const free = await startEmulator({
      fixture: { ...DEFAULT_FIXTURE, organizations: [{ ...acme!, plan: "free" }, ...others] },
    });
    try {
      const admin = callerAs(free, "usr_ada");
      const paid = expectStatus(await admin("POST", SITES, { type: "premium", title: "Paid" }), 201);
      const answer = expectStatus(await admin("POST", `${SITES}/${paid.id}/publish`), 200);
      expect(answer).toEqual({ type: "checkout", sessionId: expect.stringMatching(/^cs_/) });
      expect(expectStatus(await admin("GET", `${SITES}/${paid.id}`), 200).published).toBe(false);
      const basic = expectStatus(await admin("POST", SITES, { title: "Free" }), 201);
      expect(expectStatus(await admin("POST", `${SITES}/${basic.id}/publish`), 200).published).toBe(true);
    } finally {
      await free.close();
    }
  });
});

describe("share links", () => {
  it("are created active with a secret URL, found by name, changed and deleted", async () => {
    const at = await siteAt();
    const partners = expectStatus(await ada("POST", `${at}/share-links`, { name: "partners" }), 201);
    expect(partners).toEqual({
      object: "share-link",
      id: expect.any(String),
      createdAt: expect.any(String),
      name: "partners",
      active: true,
      urls: { published: expect.stringMatching(/^https:\/\/.+\?share-key=[\w-]{20,}$/) },
    });
    const press = expectStatus(await ada("POST", `${at}/share-links`, { name: "Press" }), 201);
    // Every link has its own secret.
    expect(press.urls.published).not.toBe(partners.urls.published);
    const listed = expectStatus(await ada("GET", `${at}/share-links?search=PART`), 200);
    expect(listed).toEqual({ items: [partners], count: 1 });

    const paused = expectStatus(await ada("PATCH", `${at}/share-links/${press.id}`, { active: false }), 200);
    expect(paused).toEqual({ ...press, active: false });
    expectError(
      await ada("POST", `${at}/share-links`, { name: "x".repeat(51) }),
      400,
      "name: must be 0 to 50 characters, got 51",
    );
    expect((await ada("DELETE", `${at}/share-links/${press.id}`)).status).toBe(204);
    expectError(
      await ada("DELETE", `${at}/share-links/${press.id}`),
      404,
      `share link "${press.id}" not found`,
    );
    expect(expectStatus(await ada("GET", `${at}/share-links`), 200).items).toEqual([partners]);
  });

  it("are shown to the site's admins only, since their URL opens the site", async () => {
    const at = await siteAt();
    expectError(
      await eddie("GET", `${at}/share-links`),
      403,
      'changing organization "org_acme" needs the admin role',
    );
  });
});

describe("visitor authentication", () => {
  it("has a custom backend with a private key until changed, and takes the published update", async () => {
    const at = await siteAt();
    const auth = expectStatus(await ada("GET", `${at}/publishing/auth`), 200);
    expect(auth).toEqual({ object: "publishing-auth", backend: "custom", privateKey: expect.any(String) });
    const other = expectStatus(await ada("GET", `${await siteAt()}/publishing/auth`), 200);
    expect(other.privateKey).not.toBe(auth.privateKey);

    const changed = expectStatus(
      await ada("PATCH", `${at}/publishing/auth`, {
        backend: "integration",
        integration: "auth0",
        fallbackURL: "https://acme.example/login",
      }),
      200,
    );
    expect(changed).toEqual({
      ...auth,
      backend: "integration",
      integration: "auth0",
      fallbackURL: "https://acme.example/login",
    });
    const back = expectStatus(
      await ada("PATCH", `${at}/publishing/auth`, { backend: "custom", fallbackURL: null }),
      200,
    );
    expect(back).toEqual(auth);
    expectError(await ada("PATCH", `${at}/publishing/auth`, {}), 400, "backend: required");
    expectError(
      await ada("PATCH", `${at}/publishing/auth`, { backend: "custom", logoutURL: "logout" }),
      400,
      "logoutURL: must be an absolute http or https URL",
    );
    expectError(
      await eddie("GET", `${at}/publishing/auth`),
      403,
      'changing organization "org_acme" needs the admin role',
    );
  });
});

describe("site permissions", () => {
  it("invite teams or users at the read role, change their role and remove them", async () => {
    const at = await siteAt();
    expect((await ada("POST", `${at}/permissions`, { teams: ["team_writers"] })).status).toBe(204);
    expect((await ada("POST", `${at}/permissions`, { users: ["usr_rita", "usr_eddie"] })).status).toBe(204);
    const teams = expectStatus(await ada("GET", `${at}/permissions/teams`), 200);
    expect(teams.items).toEqual([
      { permission: "read", team: expect.objectContaining({ id: "team_writers" }) },
    ]);
    expect((await ada("PATCH", `${at}/permissions/teams/team_writers`, { role: "edit" })).status).toBe(204);
    expect((await ada("PATCH", `${at}/permissions/users/usr_rita`, { role: "comment" })).status).toBe(204);
    // A second invitation keeps the role given since.
    expect((await ada("POST", `${at}/permissions`, { teams: ["team_writers"] })).status).toBe(204);
    expect(expectStatus(await ada("GET", `${at}/permissions/teams`), 200).items[0].permission).toBe("edit");
    const users = expectStatus(await eddie("GET", `${at}/permissions/users`), 200);
    expect(users.items.map((item: Json) => [item.user.id, item.permission])).toEqual([
      ["usr_rita", "comment"],
      ["usr_eddie", "read"],
    ]);
    expect((await ada("DELETE", `${at}/permissions/users/usr_rita`)).status).toBe(204);
    expectError(
      await ada("PATCH", `${at}/permissions/users/usr_rita`, { role: "edit" }),
      404,
      'site permission of user "usr_rita" not found',
    );
    expect(expectStatus(await ada("GET", `${at}/permissions/users`), 200).count).toBe(1);
  });

  it("answer 400 for both lists or none, an empty list, a team or member of no such name, or a null role", async () => {
    const at = await siteAt();
    const invite = (body: Json) => ada("POST", `${at}/permissions`, body);
    expectError(
      await invite({ teams: ["team_writers"], users: ["usr_rita"] }),
      400,
      "request body: must have exactly one of teams, users",
    );
    expectError(await invite({}), 400, "request body: must have exactly one of teams, users");
    expectError(await invite({ teams: [] }), 400, "teams: must have at least 1 item");
    expectError(
      await invite({ users: ["usr_gus"] }),
      400,
      'users[0]: member "usr_gus" not found in organization "org_acme"',
    );
    expectError(
      await invite({ teams: ["team_globex"] }),
      400,
      'teams[0]: team "team_globex" not found in organization "org_acme"',
    );
    expect((await invite({ teams: ["team_reviewers"] })).status).toBe(204);
    expectError(
      await ada("PATCH", `${at}/permissions/teams/team_reviewers`, { role: null }),
      400,
      "role: must not be null",
    );
    expectError(
      await eddie("POST", `${at}/permissions`, { teams: ["team_writers"] }),
      403,
      'changing organization "org_acme" needs the admin role',
    );
  });

  it("leave out a team once it is deleted", async () => {
    const at = await siteAt();
    const team = expectStatus(await ada("PUT", "/orgs/org_acme/teams", { title: "Temporary" }), 201);
    expect((await ada("POST", `${at}/permissions`, { teams: [team.id] })).status).toBe(204);
    expect((await ada("DELETE", `/orgs/org_acme/teams/${team.id}`)).status).toBe(204);
    expect(expectStatus(await ada("GET", `${at}/permissions/teams`), 200)).toEqual({ items: [], count: 0 });
  });
});

describe("each family switched off by the fixture's absent list", () => {
  const SITE = "/orgs/:organizationId/sites/:siteId";
  it("answers 404 as a route the emulator never had, and the rest of the site as usual", async () => {
    const off = await startEmulator({
      fixture: {
        ...DEFAULT_FIXTURE,
        absent: [
          `PUT ${SITE}/customization`,
          `POST ${SITE}/external-links`,
          `GET ${SITE}/structure`,
          `POST ${SITE}/publish`,
          `POST ${SITE}/share-links`,
          `GET ${SITE}/publishing/auth`,
          `POST ${SITE}/permissions`,
        ],
      },
    });
    try {
      const admin = callerAs(off, "usr_ada");
      const site = expectStatus(await admin("POST", SITES, { title: "Bare" }), 201);
      const at = `${SITES}/${site.id}`;
      for (const [method, path] of [
        ["PUT", "customization"],
        ["POST", "external-links"],
        ["GET", "structure"],
        ["POST", "publish"],
        ["POST", "share-links"],
        ["GET", "publishing/auth"],
        ["POST", "permissions"],
      ] as const) {
        expectError(
          await admin(method, `${at}/${path}`, method === "GET" ? undefined : {}),
          404,
          `no route for ${method} /v1${at}/${path}`,
        );
      }
      expectStatus(await admin("GET", `${at}/customization`), 200);
      expectStatus(await admin("POST", `${at}/unpublish`), 200);
    } finally {
      await off.close();
    }
  });
});
