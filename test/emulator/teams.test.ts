// Teams (spec 4.15): created with PUT on the collection path; titles need not be unique.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  anIso,
  as,
  type Call,
  type Emulator,
  expectError,
  expectStatus,
  startEmulator,
  withToken,
} from "./http.ts";

let emulator: Emulator;
let ada: Call;
let eddie: Call;
const TEAMS = "/orgs/org_acme/teams";
const titles = (page: { items: { title: string }[] }) => page.items.map((item) => item.title);

beforeEach(async () => {
  emulator = await startEmulator();
  ada = as(emulator, "usr_ada");
  eddie = as(emulator, "usr_eddie");
});
afterEach(async () => {
  await emulator.close();
});

describe("listing teams", () => {
  it("lists the organization's teams with counters", async () => {
    expect(expectStatus(await eddie("GET", TEAMS), 200)).toEqual({
      items: [
        {
          object: "team",
          id: "team_writers",
          title: "Writers",
          members: 2,
          spaces: 0,
          createdAt: anIso(),
          permissions: { admin: false, view: true },
        },
        {
          object: "team",
          id: "team_reviewers",
          title: "Reviewers",
          members: 1,
          spaces: 0,
          createdAt: anIso(),
          permissions: { admin: false, view: true },
        },
      ],
      count: 2,
    });
  });

  it("filters by title and by the member who may manage them", async () => {
    expect(titles(expectStatus(await ada("GET", `${TEAMS}?title=VIEW`), 200))).toEqual(["Reviewers"]);
    expect(titles(expectStatus(await ada("GET", `${TEAMS}?owner=usr_ada`), 200))).toEqual([
      "Writers",
      "Reviewers",
    ]);
    expect(titles(expectStatus(await ada("GET", `${TEAMS}?owner=usr_eddie`), 200))).toEqual([]);
  });

  it("answers 404 to a non-member and 401 without a token", async () => {
    expectError(await ada("GET", "/orgs/org_globex/teams"), 404, 'organization "org_globex" not found');
    expect((await withToken(emulator, null)("GET", TEAMS)).status).toBe(401);
  });
});

describe("PUT /orgs/{organizationId}/teams", () => {
  it("creates a team with members (201); titles may repeat", async () => {
    const created = expectStatus(
      await ada("PUT", TEAMS, { title: "Writers", members: ["usr_rita", "usr_eddie"] }),
      201,
    );
    expect(created).toEqual({
      object: "team",
      id: "team_0001",
      title: "Writers",
      members: 2,
      spaces: 0,
      createdAt: anIso(),
      permissions: { admin: true, view: true },
    });
    expect(titles(expectStatus(await ada("GET", TEAMS), 200))).toEqual(["Writers", "Reviewers", "Writers"]);
    expect(expectStatus(await ada("GET", "/orgs/org_acme/members/usr_rita"), 200).teams).toBe(2);
  });

  it("answers 400 for a bad title or a member of no organization of its own", async () => {
    expectError(await ada("PUT", TEAMS, {}), 400, "title: required");
    expectError(await ada("PUT", TEAMS, { title: "" }), 400, "title: must be 1 to 64 characters, got 0");
    expectError(
      await ada("PUT", TEAMS, { title: "x".repeat(65) }),
      400,
      "title: must be 1 to 64 characters, got 65",
    );
    expectError(
      await ada("PUT", TEAMS, { title: "Mixed", members: ["usr_gus"] }),
      400,
      'members[0]: "usr_gus" is not a member of organization "org_acme"',
    );
    expectError(await ada("PUT", TEAMS, { title: "T", owner: "usr_ada" }), 400, "owner: unknown field");
  });

  it("answers 403 to a non-admin", async () => {
    expectError(
      await eddie("PUT", TEAMS, { title: "Mine" }),
      403,
      'changing organization "org_acme" needs the admin role',
    );
  });
});

describe("one team", () => {
  it("reads, renames and deletes a team", async () => {
    expect(expectStatus(await eddie("GET", `${TEAMS}/team_writers`), 200).title).toBe("Writers");
    const renamed = expectStatus(await ada("PATCH", `${TEAMS}/team_writers`, { title: "Authors" }), 200);
    expect(renamed).toMatchObject({ id: "team_writers", title: "Authors", members: 2 });
    const removed = await ada("DELETE", `${TEAMS}/team_writers`);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe("");
    expectError(await ada("GET", `${TEAMS}/team_writers`), 404, 'team "team_writers" not found');
  });

  it("answers 400 for a rename without a title", async () => {
    expectError(await ada("PATCH", `${TEAMS}/team_writers`, {}), 400, "title: required");
  });

  it("answers 404 for a team of another organization", async () => {
    expectError(await ada("GET", `${TEAMS}/team_globex`), 404, 'team "team_globex" not found');
    expectError(await ada("DELETE", `${TEAMS}/team_nope`), 404, 'team "team_nope" not found');
  });

  it("answers 403 to a non-admin", async () => {
    expectError(
      await eddie("DELETE", `${TEAMS}/team_writers`),
      403,
      'changing organization "org_acme" needs the admin role',
    );
  });

  it("cannot be deleted while a SAML provider names it as its default team (409)", async () => {
    const provider = expectStatus(
      await ada("POST", "/orgs/org_acme/saml", { label: "Okta", defaultTeam: "team_writers" }),
      201,
    );
    expectError(
      await ada("DELETE", `${TEAMS}/team_writers`),
      409,
      `team "team_writers" is the default team of SAML provider "Okta" (${provider.id}); change the provider's defaultTeam first`,
    );
    expectStatus(await ada("PATCH", `/orgs/org_acme/saml/${provider.id}`, { defaultTeam: null }), 200);
    expect((await ada("DELETE", `${TEAMS}/team_writers`)).status).toBe(204);
  });
});
