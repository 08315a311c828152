// The emulator keeps the rendered JSON of site spaces, sections, groups and redirects between
// requests. These tests read every listing first (so that it is cached), change the state
// through the API, and check that every listing that embeds what changed shows the new state;
// then that an unchanged listing is served without rendering again.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Caller,
  callerAs,
  createSection,
  createSite,
  createSiteSpace,
  type Emulator,
  expectStatus,
  type Json,
  listAll,
  SITES,
  startEmulator,
} from "./sites-helpers.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

let emulator: Emulator;
let ada: Caller;
let rita: Caller;

beforeAll(async () => {
  emulator = await startEmulator();
  ada = callerAs(emulator, "usr_ada");
  rita = callerAs(emulator, "usr_rita");
});
afterAll(async () => {
  await emulator.close();
});

/** A site with one grouped section holding site spaces of `spaces`, and a redirect to the section. */
async function siteWith(spaces: string[]) {
  const site = await createSite(ada, { title: `Cache ${spaces.join(" ")}` });
  const section = await createSection(ada, site.id, { spaceId: spaces[0], title: "Guides" });
  for (const spaceId of spaces.slice(1))
    await createSiteSpace(ada, site.id, { spaceId, sectionId: section.id });
  const group = expectStatus(
    await ada("POST", `${SITES}/${site.id}/section-groups`, { title: "Group", sections: [section.id] }),
    201,
  );
  const redirect = expectStatus(
    await ada("POST", `${SITES}/${site.id}/redirects`, {
      source: "/old",
      destination: { kind: "site-section", siteSectionId: section.id },
    }),
    201,
  );
  return { site, section, group, redirect };
}

/** Every site space of the site as each listing shows it: the listing's name, then the item. */
async function siteSpacesEverywhere(call: Caller, siteId: string): Promise<[string, Json][]> {
  const base = `${SITES}/${siteId}`;
  const shown: [string, Json][] = [];
  for (const siteSpace of await listAll(call, `${base}/site-spaces`)) shown.push(["site-spaces", siteSpace]);
  for (const section of await listAll(call, `${base}/sections`)) {
    for (const siteSpace of section.siteSpaces) shown.push(["sections", siteSpace]);
  }
  for (const group of await listAll(call, `${base}/section-groups`)) {
    for (const section of group.sections) {
      for (const siteSpace of section.siteSpaces) shown.push(["section-groups", siteSpace]);
    }
  }
  const published = expectStatus(await call("GET", `${base}/published`), 200);
  for (const section of published.structure.structure) {
    for (const siteSpace of section.siteSpaces) shown.push(["published", siteSpace]);
  }
  return shown;
}

/** What each listing shows of the site space of `spaceId`, by listing. */
async function viewsOf(call: Caller, siteId: string, spaceId: string, pick: (siteSpace: Json) => unknown) {
  return (await siteSpacesEverywhere(call, siteId))
    .filter(([, siteSpace]) => siteSpace.space.id === spaceId)
    .map(([listing, siteSpace]) => [listing, pick(siteSpace)]);
}

const everyListing = (value: unknown) =>
  ["site-spaces", "sections", "section-groups", "published"].map((listing) => [listing, value]);

describe("listings after changes", () => {
  it("show a space's new title in every site space that embeds it", async () => {
    const { site } = await siteWith(["spc_guides"]);
    const title = (siteSpace: Json) => [siteSpace.title, siteSpace.space.title];
    expect(await viewsOf(ada, site.id, "spc_guides", title)).toEqual(everyListing(["Guides", "Guides"]));

    expectStatus(await ada("PATCH", "/spaces/spc_guides", { title: "Guides, renamed" }), 200);
    expect(await viewsOf(ada, site.id, "spc_guides", title)).toEqual(
      everyListing(["Guides, renamed", "Guides, renamed"]),
    );
  });

  it("show each caller its own permissions, and follow grants through teams", async () => {
    const { site } = await siteWith(["spc_api_v1"]);
    const permissions = (siteSpace: Json) => ({
      admin: siteSpace.space.permissions.admin,
      edit: siteSpace.space.permissions.edit,
    });
    // Rita reads what Ada has just cached, and the other way round.
    expect(await viewsOf(ada, site.id, "spc_api_v1", permissions)).toEqual(
      everyListing({ admin: true, edit: true }),
    );
    expect(await viewsOf(rita, site.id, "spc_api_v1", permissions)).toEqual(
      everyListing({ admin: false, edit: false }),
    );

    const team = expectStatus(
      await ada("PUT", "/orgs/org_acme/teams", { title: "Cache editors", members: ["usr_rita"] }),
      201,
    );
    expectStatus(
      await ada("POST", "/spaces/spc_api_v1/permissions", { role: "edit", teams: [team.id] }),
      204,
    );
    expect(await viewsOf(rita, site.id, "spc_api_v1", permissions)).toEqual(
      everyListing({ admin: false, edit: true }),
    );
    expect(await viewsOf(ada, site.id, "spc_api_v1", permissions)).toEqual(
      everyListing({ admin: true, edit: true }),
    );

    // Deleting the team takes its grant away.
    expectStatus(await ada("DELETE", `/orgs/org_acme/teams/${team.id}`), 204);
    expect(await viewsOf(rita, site.id, "spc_api_v1", permissions)).toEqual(
      everyListing({ admin: false, edit: false }),
    );
  });

  it("show section, site and organization changes in the site spaces, sections and groups below them", async () => {
    const { site, section } = await siteWith(["spc_sdk", "spc_handbook"]);
    const base = `${SITES}/${site.id}`;
    const [, second] = await listAll(ada, `${base}/site-spaces`);
    await siteSpacesEverywhere(ada, site.id);

    expectStatus(
      await ada("PATCH", `${base}/sections/${section.id}`, { title: "Tools", path: "tools" }),
      200,
    );
    expectStatus(await ada("PATCH", base, { basename: "cache-site" }), 200);
    expectStatus(await ada("PATCH", "/orgs/org_acme", { hostname: "acme-cached" }), 200);
    expectStatus(await ada("PATCH", `${base}/sections/${section.id}`, { defaultSiteSpace: second.id }), 200);
    const url = (siteSpace: Json) => [siteSpace.urls.published, siteSpace.default];
    const sectionUrl = "https://acme-cached.docs.example/cache-site/tools";
    expect(await viewsOf(ada, site.id, "spc_sdk", url)).toEqual(everyListing([`${sectionUrl}/sdk`, false]));
    expect(await viewsOf(ada, site.id, "spc_handbook", url)).toEqual(
      everyListing([`${sectionUrl}/handbook`, true]),
    );
    const [group] = await listAll(ada, `${base}/section-groups`);
    expect(group.sections.map((member: Json) => [member.title, member.urls.published])).toEqual([
      ["Tools", sectionUrl],
    ]);
    const [listed] = await listAll(ada, `${base}/sections`);
    expect([listed.title, listed.urls.published]).toEqual(["Tools", sectionUrl]);
  });

  it("show a redirect's new source and a group's new title", async () => {
    const { site, group, redirect } = await siteWith(["spc_changelog"]);
    const base = `${SITES}/${site.id}`;
    expect((await listAll(ada, `${base}/redirects`)).map((item) => item.source)).toEqual(["/old"]);
    expect((await listAll(ada, `${base}/section-groups`)).map((item) => item.title)).toEqual(["Group"]);

    expectStatus(await ada("PATCH", `${base}/redirects/${redirect.id}`, { source: "/older" }), 200);
    expectStatus(await ada("PATCH", `${base}/section-groups/${group.id}`, { title: "Renamed group" }), 200);
    expect((await listAll(ada, `${base}/redirects`)).map((item) => item.source)).toEqual(["/older"]);
    expect((await listAll(ada, `${base}/section-groups`)).map((item) => item.title)).toEqual([
      "Renamed group",
    ]);
  });

  it("show a space removed for good as deleted at the latest time its deletion can have happened, as the clock moves", async () => {
    const { site } = await siteWith(["spc_status"]);
    expectStatus(await ada("DELETE", "/spaces/spc_status"), 204);
    // Each listing shows it (renders of a removed space follow the clock, a few ms apart).
    const deletedAt = async () => {
      const times = (
        await viewsOf(ada, site.id, "spc_status", (siteSpace) => Date.parse(siteSpace.space.deletedAt))
      ).map(([, time]) => time as number);
      expect(times).toHaveLength(4);
      expect(Math.max(...times) - Math.min(...times)).toBeLessThan(60_000);
      return times[0]!;
    };
    const deleted = await deletedAt();
    // Past the restore window the space is removed for good: 8 days on, the latest time its
    // deletion can have happened is 1 day after it was deleted.
    emulator.advanceClock(8 * DAY_MS);
    const removed = await deletedAt();
    expect((removed - deleted) / DAY_MS).toBeCloseTo(1, 2);
    // No write in between: only the clock moved.
    emulator.advanceClock(DAY_MS);
    expect(((await deletedAt()) - removed) / DAY_MS).toBeCloseTo(1, 2);
  });
});

describe("unchanged listings", () => {
  const renders = () => emulator.state.renderCache.renders;

  it("are served from the cache: the same answer, nothing rendered again", async () => {
    const { site } = await siteWith(["spc_guides", "spc_api_v2"]);
    const base = `${SITES}/${site.id}`;
    const before = renders();
    const first = await ada("GET", `${base}/sections`);
    // One section and its two site spaces.
    expect(renders() - before).toBe(3);

    const cached = renders();
    const again = await ada("GET", `${base}/sections`);
    expect(again.text).toBe(first.text);
    expect(renders()).toBe(cached);
    // The group embeds the section already rendered: only the group itself is rendered.
    expectStatus(await ada("GET", `${base}/section-groups`), 200);
    expect(renders()).toBe(cached + 1);
    expectStatus(await ada("GET", `${base}/site-spaces`), 200);
    expect(renders()).toBe(cached + 1);
    expectStatus(await ada("GET", `${base}/redirects`), 200);
    expectStatus(await ada("GET", `${base}/redirects`), 200);
    expect(renders()).toBe(cached + 2);
  });

  it("are rendered again after any write, and once per caller", async () => {
    const { site } = await siteWith(["spc_handbook"]);
    const path = `${SITES}/${site.id}/sections`;
    expectStatus(await ada("GET", path), 200);
    const cached = renders();
    expectStatus(await rita("GET", path), 200);
    expect(renders()).toBe(cached + 2);

    expectStatus(await ada("PATCH", "/spaces/spc_handbook", { emoji: "📗" }), 200);
    const written = renders();
    const [section] = (await ada("GET", path)).body.items;
    expect(section.siteSpaces[0].space.emoji).toBe("📗");
    expect(renders()).toBe(written + 2);
  });
});
