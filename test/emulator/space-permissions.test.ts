// Space permissions (spec 4.3 and the service's team grants): grants to users and teams, their
// listings, the aggregate view of who reaches a space, and how grants show elsewhere.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  as,
  type Call,
  type Emulator,
  expectError,
  expectStatus,
  startEmulator,
  walk,
  withToken,
} from "./http.ts";

let emulator: Emulator;
let ada: Call;
let eddie: Call;
const PERMS = "/spaces/spc_internal/permissions";
const GUEST_FIXTURE = {
  users: [
    { id: "usr_ada", displayName: "Ada", email: "ada@acme.example" },
    { id: "usr_gina", displayName: "Gina Guest", email: "gina@acme.example" },
    { id: "usr_rob", displayName: "Rob", email: "rob@acme.example" },
  ],
  organizations: [
    {
      id: "org_acme",
      title: "Acme",
      members: [
        { user: "usr_ada", role: "admin" as const },
        { user: "usr_gina", role: null },
        { user: "usr_rob", role: "read" as const },
      ],
      teams: [{ id: "team_guests", title: "Guests", members: ["usr_gina"] }],
      spaces: [
        { id: "spc_a", title: "A" },
        { id: "spc_b", title: "B" },
      ],
    },
  ],
};

beforeEach(async () => {
  emulator = await startEmulator();
  ada = as(emulator, "usr_ada");
  eddie = as(emulator, "usr_eddie");
});
afterEach(async () => {
  await emulator.close();
});

describe("POST /spaces/{spaceId}/permissions", () => {
  it("grants a role to users and to teams (204); the listings show them", async () => {
    expectStatus(await ada("POST", PERMS, { role: "admin", users: ["usr_rita"] }), 204);
    expectStatus(await ada("POST", PERMS, { role: "review", teams: ["team_writers"] }), 204);
    const users = expectStatus(await eddie("GET", `${PERMS}/users`), 200);
    expect(users).toEqual({
      items: [{ permission: "admin", user: expect.objectContaining({ object: "user", id: "usr_rita" }) }],
      count: 1,
    });
    const teams = expectStatus(await eddie("GET", `${PERMS}/teams`), 200);
    expect(teams.items).toEqual([
      {
        permission: "review",
        team: expect.objectContaining({ object: "team", id: "team_writers", spaces: 1 }),
      },
    ]);
  });

  it("checks the body: role, at least one grantee, ids of the organization", async () => {
    expectError(await ada("POST", PERMS, { users: ["usr_rita"] }), 400, "role: required");
    expectError(
      await ada("POST", PERMS, { role: "read" }),
      400,
      "teams: give at least one team or user id (teams or users)",
    );
    expectError(
      await ada("POST", PERMS, { role: "read", teams: ["team_globex"] }),
      400,
      'teams[0]: team "team_globex" not found in organization "org_acme"',
    );
    expectError(
      await ada("POST", PERMS, { role: "read", users: ["usr_gus"] }),
      400,
      'users[0]: "usr_gus" is not a member of organization "org_acme"',
    );
    expectError(
      await ada("POST", PERMS, { role: "owner", users: ["usr_rita"] }),
      400,
      "role: must be one of admin, create, review, edit, comment, read",
    );
  });

  it("needs the admin role (403), membership (404) and a token (401)", async () => {
    expectError(
      await eddie("POST", PERMS, { role: "read", users: ["usr_rita"] }),
      403,
      'changing organization "org_acme" needs the admin role',
    );
    expectError(
      await ada("GET", "/spaces/spc_globex/permissions/users"),
      404,
      'space "spc_globex" not found',
    );
    expect((await withToken(emulator, null)("GET", `${PERMS}/users`)).status).toBe(401);
  });

  it("refuses grants on a deleted space", async () => {
    expectStatus(await ada("DELETE", "/spaces/spc_internal"), 204);
    expectError(
      await ada("POST", PERMS, { role: "read", users: ["usr_rita"] }),
      400,
      'space "spc_internal" is deleted; restore it first',
    );
  });
});

describe("changing and removing grants", () => {
  beforeEach(async () => {
    expectStatus(
      await ada("POST", PERMS, { role: "edit", users: ["usr_rita"], teams: ["team_reviewers"] }),
      204,
    );
  });

  it("PATCH changes a user's role, null removes it; 404 for a user without a grant", async () => {
    expectStatus(await ada("PATCH", `${PERMS}/users/usr_rita`, { role: "comment" }), 204);
    expect(expectStatus(await ada("GET", `${PERMS}/users`), 200).items[0].permission).toBe("comment");
    expectStatus(await ada("PATCH", `${PERMS}/users/usr_rita`, { role: null }), 204);
    expect(expectStatus(await ada("GET", `${PERMS}/users`), 200).count).toBe(0);
    expectError(
      await ada("PATCH", `${PERMS}/users/usr_rita`, {}),
      404,
      'user "usr_rita" has no permission on space "spc_internal"',
    );
  });

  it("DELETE removes a user's or a team's grant (204), then 404", async () => {
    expectStatus(await ada("DELETE", `${PERMS}/users/usr_rita`), 204);
    expectError(
      await ada("DELETE", `${PERMS}/users/usr_rita`),
      404,
      'user "usr_rita" has no permission on space "spc_internal"',
    );
    expectStatus(await ada("DELETE", `${PERMS}/teams/team_reviewers`), 204);
    expectError(
      await ada("DELETE", `${PERMS}/teams/team_reviewers`),
      404,
      'team "team_reviewers" has no permission on space "spc_internal"',
    );
  });

  it("PATCH of a team grant requires role", async () => {
    expectError(await ada("PATCH", `${PERMS}/teams/team_reviewers`, {}), 400, "role: required");
    expectStatus(await ada("PATCH", `${PERMS}/teams/team_reviewers`, { role: "create" }), 204);
    expect(expectStatus(await ada("GET", `${PERMS}/teams`), 200).items[0].permission).toBe("create");
  });

  it("a removed member loses its grants and no longer reaches the space; its team keeps its grant", async () => {
    const users = (path: string) =>
      walk(ada, `${PERMS}/${path}`).then(({ items }) =>
        items.map((item: { permission: string; user: { id: string } }) => [item.user.id, item.permission]),
      );
    expect(await users("users")).toEqual([["usr_rita", "edit"]]);
    expect(await users("aggregate")).toContainEqual(["usr_rita", "edit"]);
    expectStatus(await ada("DELETE", "/orgs/org_acme/members/usr_rita"), 204);
    expect(await users("users")).toEqual([]);
    expect((await users("aggregate")).map((entry: string[]) => entry[0])).not.toContain("usr_rita");
    expectError(
      await ada("PATCH", `${PERMS}/users/usr_rita`, { role: "read" }),
      404,
      'user "usr_rita" has no permission on space "spc_internal"',
    );
    expect(expectStatus(await ada("GET", `${PERMS}/teams`), 200).items).toEqual([
      expect.objectContaining({
        permission: "edit",
        team: expect.objectContaining({ id: "team_reviewers", members: 0 }),
      }),
    ]);
  });

  it("a deleted team loses its grants", async () => {
    expectStatus(await ada("DELETE", "/orgs/org_acme/teams/team_reviewers"), 204);
    expect(expectStatus(await ada("GET", `${PERMS}/teams`), 200).count).toBe(0);
  });
});

describe("GET /spaces/{spaceId}/permissions/aggregate", () => {
  it("lists every member who reaches the space with the strongest role; filters by role", async () => {
    expectStatus(await ada("POST", PERMS, { role: "review", teams: ["team_reviewers"] }), 204);
    const all = expectStatus(await ada("GET", `${PERMS}/aggregate`), 200);
    expect(
      all.items.map((item: { permission: string; user: { id: string } }) => [item.user.id, item.permission]),
    ).toEqual([
      ["usr_ada", "admin"],
      ["usr_eddie", "edit"],
      ["usr_rita", "review"],
    ]);
    const reviewers = expectStatus(await ada("GET", `${PERMS}/aggregate?role=review`), 200);
    expect(reviewers.items.map((item: { user: { id: string } }) => item.user.id)).toEqual(["usr_rita"]);
    expectError(
      await ada("GET", `${PERMS}/aggregate?role=owner`),
      400,
      "role: must be one of admin, create, review, edit, comment, read",
    );
  });

  it("pages through the audience", async () => {
    const { items, pages } = await walk(ada, `${PERMS}/aggregate`, 1);
    expect(items).toHaveLength(3);
    expect(pages).toBe(3);
  });
});

describe("grants reach guests", () => {
  it("a guest reaches only the spaces granted to it or its teams; its member listing shows them", async () => {
    await emulator.close();
    emulator = await startEmulator({ fixture: GUEST_FIXTURE });
    ada = as(emulator, "usr_ada");
    const spacesOf = async (userId: string) =>
      expectStatus(await ada("GET", `/orgs/org_acme/members/${userId}/spaces`), 200).items.map(
        (item: { permission: string; space: { id: string } }) => [item.space.id, item.permission],
      );
    expect(await spacesOf("usr_gina")).toEqual([]);
    expectStatus(
      await ada("POST", "/spaces/spc_a/permissions", { role: "comment", teams: ["team_guests"] }),
      204,
    );
    expectStatus(await ada("POST", "/spaces/spc_b/permissions", { role: "edit", users: ["usr_rob"] }), 204);
    expect(await spacesOf("usr_gina")).toEqual([["spc_a", "comment"]]);
    expect(await spacesOf("usr_rob")).toEqual([
      ["spc_b", "edit"],
      ["spc_a", "read"],
    ]);
    expect(expectStatus(await ada("GET", "/orgs/org_acme/members/usr_gina"), 200).spaces).toBe(1);
    const rob = as(emulator, "usr_rob");
    expect(expectStatus(await rob("GET", "/spaces/spc_b"), 200).permissions).toMatchObject({
      edit: true,
      comment: true,
    });
    expect(expectStatus(await rob("GET", "/spaces/spc_a"), 200).permissions).toMatchObject({
      edit: false,
      comment: false,
    });
  });
});
