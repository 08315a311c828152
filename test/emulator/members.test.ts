// Organization members and the caller's ping (spec 4.15), with the last-admin invariant.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  anIso,
  as,
  type Call,
  type Emulator,
  expectError,
  expectStatus,
  type Json,
  startEmulator,
  withToken,
} from "./http.ts";

let emulator: Emulator;
let ada: Call;
let eddie: Call;
const MEMBERS = "/orgs/org_acme/members";
const ids = (page: { items: { id: string }[] }) => page.items.map((item) => item.id);

beforeEach(async () => {
  emulator = await startEmulator();
  ada = as(emulator, "usr_ada");
  eddie = as(emulator, "usr_eddie");
});
afterEach(async () => {
  await emulator.close();
});

describe("listing members", () => {
  it("orders by joining time, newest first by default", async () => {
    expect(ids(expectStatus(await eddie("GET", MEMBERS), 200))).toEqual(["usr_rita", "usr_eddie", "usr_ada"]);
    expect(ids(expectStatus(await eddie("GET", `${MEMBERS}?order=asc`), 200))).toEqual([
      "usr_ada",
      "usr_eddie",
      "usr_rita",
    ]);
  });

  it("filters by role and by a search in names and emails", async () => {
    expect(ids(expectStatus(await ada("GET", `${MEMBERS}?role=edit`), 200))).toEqual(["usr_eddie"]);
    expect(ids(expectStatus(await ada("GET", `${MEMBERS}?search=ADA`), 200))).toEqual(["usr_ada"]);
    expect(ids(expectStatus(await ada("GET", `${MEMBERS}?search=acme.example`), 200))).toHaveLength(3);
  });

  it("sorts by last-seen time, which a ping moves", async () => {
    expectStatus(await eddie("POST", "/orgs/org_acme/ping"), 200);
    expect(ids(expectStatus(await ada("GET", `${MEMBERS}?sort=lastSeenAt`), 200))).toEqual([
      "usr_eddie",
      "usr_rita",
      "usr_ada",
    ]);
  });

  it("answers 400 for an unknown order, sort or role", async () => {
    expectError(await ada("GET", `${MEMBERS}?order=up`), 400, "order: must be one of asc, desc");
    expectError(await ada("GET", `${MEMBERS}?sort=name`), 400, "sort: must be one of joinedAt, lastSeenAt");
    expectError(
      await ada("GET", `${MEMBERS}?role=owner`),
      400,
      "role: must be one of admin, create, review, edit, comment, read",
    );
  });

  it("answers 404 to a non-member and 401 without a token", async () => {
    expectError(await ada("GET", "/orgs/org_globex/members"), 404, 'organization "org_globex" not found');
    expect((await withToken(emulator, null)("GET", MEMBERS)).status).toBe(401);
  });
});

describe("one member", () => {
  it("has its user, role, times and counters", async () => {
    expect(expectStatus(await eddie("GET", `${MEMBERS}/usr_ada`), 200)).toEqual({
      object: "member",
      id: "usr_ada",
      role: "admin",
      user: {
        object: "user",
        id: "usr_ada",
        displayName: "Ada Admin",
        email: "ada@acme.example",
        photoURL: "https://app.docs.example/avatars/usr_ada.png",
        urls: { location: `${emulator.url}/v1/users/usr_ada` },
      },
      disabled: false,
      joinedAt: anIso(),
      lastSeenAt: anIso(),
      sso: false,
      spaces: 8,
      teams: 1,
      sites: 0,
    });
  });

  it("counts the sites of the organization its role reaches, none for a guest", async () => {
    const site = expectStatus(await ada("POST", "/orgs/org_acme/sites", { title: "Docs" }), 201);
    await ada("POST", "/orgs/org_acme/sites", { title: "Other docs" });
    expect(expectStatus(await eddie("GET", `${MEMBERS}/usr_ada`), 200).sites).toBe(2);
    const guest = expectStatus(await ada("PATCH", `${MEMBERS}/usr_rita`, { role: null }), 200);
    expect(guest.sites).toBe(0);
    await ada("DELETE", `/orgs/org_acme/sites/${site.id}`);
    const listed = expectStatus(await ada("GET", MEMBERS), 200).items;
    expect(Object.fromEntries(listed.map((member: Json) => [member.id, member.sites]))).toEqual({
      usr_ada: 1,
      usr_eddie: 1,
      usr_rita: 0,
    });
  });

  it("answers 404 for a user who is not a member", async () => {
    expectError(await ada("GET", `${MEMBERS}/usr_gus`), 404, 'member "usr_gus" not found');
  });

  it("changes a role; 400 for an unknown role; 403 for a non-admin", async () => {
    expect(expectStatus(await ada("PATCH", `${MEMBERS}/usr_eddie`, { role: "review" }), 200).role).toBe(
      "review",
    );
    expect(expectStatus(await ada("PATCH", `${MEMBERS}/usr_rita`, { role: null }), 200).role).toBeNull();
    expectError(
      await ada("PATCH", `${MEMBERS}/usr_eddie`, { role: "owner" }),
      400,
      "role: must be one of admin, create, review, edit, comment, read",
    );
    expectError(
      await eddie("PATCH", `${MEMBERS}/usr_rita`, { role: "edit" }),
      403,
      'changing organization "org_acme" needs the admin role',
    );
  });

  it("marks a member as an SSO member", async () => {
    expect(expectStatus(await ada("POST", `${MEMBERS}/usr_rita/sso`), 200).sso).toBe(true);
  });

  it("records the caller's ping and answers its visitor claims", async () => {
    const before = expectStatus(await ada("GET", `${MEMBERS}/usr_rita`), 200).lastSeenAt;
    const answer = expectStatus(await as(emulator, "usr_rita")("POST", "/orgs/org_acme/ping"), 200);
    expect(Object.keys(answer)).toEqual(["serviceVisitorClaims"]);
    const claims = JSON.parse(Buffer.from(answer.serviceVisitorClaims, "base64url").toString("utf8"));
    expect(claims).toMatchObject({ organization: "org_acme", user: "usr_rita" });
    const after = expectStatus(await ada("GET", `${MEMBERS}/usr_rita`), 200).lastSeenAt;
    expect(Date.parse(after)).toBeGreaterThan(Date.parse(before));
  });
});

describe("the last admin", () => {
  const LAST_ADMIN =
    'user "usr_ada" is the last admin of organization "org_acme"; make another member admin first';

  it("can be neither demoted nor removed", async () => {
    expectError(await ada("PATCH", `${MEMBERS}/usr_ada`, { role: "edit" }), 409, LAST_ADMIN);
    expectError(await ada("PATCH", `${MEMBERS}/usr_ada`, { role: null }), 409, LAST_ADMIN);
    expectError(await ada("DELETE", `${MEMBERS}/usr_ada`), 409, LAST_ADMIN);
    expect(expectStatus(await ada("GET", `${MEMBERS}/usr_ada`), 200).role).toBe("admin");
  });

  it("can step down once another member is admin", async () => {
    expectStatus(await ada("PATCH", `${MEMBERS}/usr_eddie`, { role: "admin" }), 200);
    expect(expectStatus(await ada("PATCH", `${MEMBERS}/usr_ada`, { role: "read" }), 200).role).toBe("read");
    expectError(
      await eddie("DELETE", `${MEMBERS}/usr_eddie`),
      409,
      'user "usr_eddie" is the last admin of organization "org_acme"; make another member admin first',
    );
  });
});

describe("removing a member", () => {
  it("answers 204 and takes the member out of the organization and its teams", async () => {
    const answer = await ada("DELETE", `${MEMBERS}/usr_rita`);
    expect(answer.status).toBe(204);
    expect(answer.text).toBe("");
    expectError(await ada("GET", `${MEMBERS}/usr_rita`), 404, 'member "usr_rita" not found');
    expect(expectStatus(await ada("GET", "/orgs/org_acme/teams/team_reviewers"), 200).members).toBe(0);
    expect(expectStatus(await as(emulator, "usr_rita")("GET", "/orgs"), 200)).toEqual({
      items: [],
      count: 0,
    });
  });
});

describe("a member's spaces and teams", () => {
  it("lists the spaces reached through the organization role, newest first", async () => {
    const page = expectStatus(await ada("GET", `${MEMBERS}/usr_eddie/spaces?limit=2`), 200);
    expect(page.count).toBe(8);
    expect(
      page.items.map((item: { permission: string; space: { id: string } }) => [
        item.permission,
        item.space.id,
      ]),
    ).toEqual([
      ["edit", "spc_status"],
      ["edit", "spc_sdk"],
    ]);
    expect(page.items[0].space.object).toBe("space");
    const oldest = expectStatus(await ada("GET", `${MEMBERS}/usr_eddie/spaces?order=asc&limit=1`), 200);
    expect(oldest.items[0].space.id).toBe("spc_handbook");
  });

  it("lists no spaces for a guest", async () => {
    await ada("PATCH", `${MEMBERS}/usr_rita`, { role: null });
    expect(expectStatus(await ada("GET", `${MEMBERS}/usr_rita/spaces`), 200)).toEqual({
      items: [],
      count: 0,
    });
    expect(expectStatus(await ada("GET", `${MEMBERS}/usr_rita`), 200).spaces).toBe(0);
  });

  it("lists team memberships with the role in the team, filtered by title", async () => {
    const teams = expectStatus(await ada("GET", `${MEMBERS}/usr_ada/teams`), 200);
    expect(teams.count).toBe(1);
    expect(teams.items[0]).toEqual({
      team: {
        object: "team",
        id: "team_writers",
        title: "Writers",
        members: 2,
        spaces: 0,
        createdAt: anIso(),
        permissions: { admin: true, view: true },
      },
      member: { role: "owner" },
    });
    expect(
      expectStatus(await ada("GET", `${MEMBERS}/usr_eddie/teams?title=WRIT`), 200).items[0].member,
    ).toEqual({
      role: "member",
    });
    expect(expectStatus(await ada("GET", `${MEMBERS}/usr_eddie/teams?title=rev`), 200).count).toBe(0);
  });

  it("answers 404 for a user who is not a member", async () => {
    expectError(await ada("GET", `${MEMBERS}/usr_gus/teams`), 404, 'member "usr_gus" not found');
  });
});
