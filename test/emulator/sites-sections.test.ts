// Conformance of site sections (spec 4.10) and section groups (4.11): the flat navigation
// order, the default section, adoption of root site spaces, and groups as an overlay.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Caller,
  callerAs,
  callerWith,
  createSection,
  createSite,
  type Emulator,
  expectError,
  expectStatus,
  expectUnauthorized,
  ids,
  type Json,
  listAll,
  SITES,
  startEmulator,
} from "./sites-helpers.ts";

let emulator: Emulator;
let ada: Caller;
let eddie: Caller;
const ADMIN_ONLY = 'changing organization "org_acme" needs the admin role';

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  ada = callerAs(emulator, "usr_ada");
  eddie = callerAs(emulator, "usr_eddie");
});
afterAll(async () => {
  await emulator.close();
});

const sectionsOf = async (siteId: string) => listAll(ada, `${SITES}/${siteId}/sections`);
const groupsOf = async (siteId: string) => listAll(ada, `${SITES}/${siteId}/section-groups`);

/** A site with sections for the given spaces, in that order. */
async function siteWithSections(...spaceIds: string[]): Promise<{ site: Json; sections: Json[] }> {
  const site = await createSite(ada, { title: "Sectioned site" });
  const sections: Json[] = [];
  for (const spaceId of spaceIds) sections.push(await createSection(ada, site.id, { spaceId }));
  return { site, sections };
}

describe("POST /sites/{siteId}/sections", () => {
  it("creates the site's first section as its default, with a site space for the space", async () => {
    const site = await createSite(ada, { title: "Docs" });
    const section = await createSection(ada, site.id, { spaceId: "spc_handbook" });
    expect(section).toEqual({
      object: "site-section",
      id: expect.stringMatching(/^sitesc_/),
      title: "Handbook",
      default: true,
      draft: false,
      path: "handbook",
      siteSpaces: [
        expect.objectContaining({
          object: "site-space",
          path: "handbook",
          section: section.id,
          title: "Handbook",
          default: true,
          draft: false,
          space: expect.objectContaining({ object: "space", id: "spc_handbook" }),
          urls: { published: `${site.urls.published}/handbook/handbook` },
        }),
      ],
      urls: { published: `${site.urls.published}/handbook` },
    });
    const second = await createSection(ada, site.id, { spaceId: "spc_handbook", title: "Handbook" });
    expect(second).toMatchObject({ title: "Handbook", default: false, path: "handbook-2" });
    const third = await createSection(ada, site.id, { spaceId: "spc_api_v1", title: "Handbook" });
    expect(third.path).toBe("handbook-3");
    expect(ids(await sectionsOf(site.id))).toEqual([section.id, second.id, third.id]);
  });

  it("adopts the root site spaces into the first section, keeping their order and default", async () => {
    const site = await createSite(ada, { spaces: ["spc_handbook", "spc_guides"] });
    const [handbook, guides] = await listAll(ada, `${SITES}/${site.id}/site-spaces`);
    expectStatus(await ada("PATCH", `${SITES}/${site.id}`, { defaultSiteSpace: guides.id }), 200);
    const section = await createSection(ada, site.id, { spaceId: "spc_api_v1", title: "Reference" });
    expect(
      section.siteSpaces.map((entry: Json) => [entry.id, entry.space.id, entry.default, entry.section]),
    ).toEqual([
      [handbook.id, "spc_handbook", false, section.id],
      [guides.id, "spc_guides", true, section.id],
      [expect.stringMatching(/^sitesp_/), "spc_api_v1", false, section.id],
    ]);
    const listed = await listAll(ada, `${SITES}/${site.id}/site-spaces`);
    expect(listed.every((entry) => entry.section === section.id)).toBe(true);
    expect(listed).toHaveLength(3);
  });

  it("creates no second site space when the adopted root already holds the space", async () => {
    const site = await createSite(ada, { spaces: ["spc_handbook", "spc_guides"] });
    const section = await createSection(ada, site.id, { spaceId: "spc_guides" });
    expect(section.title).toBe("Guides");
    expect(section.siteSpaces.map((entry: Json) => [entry.space.id, entry.default])).toEqual([
      ["spc_handbook", true],
      ["spc_guides", false],
    ]);
  });

  it.each([
    [{}, "spaceId: required"],
    [{ spaceId: "spc_handbook", icon: "book" }, "icon: unknown field"],
    [{ spaceId: "spc_nope" }, 'spaceId: space "spc_nope" not found in organization "org_acme"'],
    [{ spaceId: "spc_globex" }, 'spaceId: space "spc_globex" not found in organization "org_acme"'],
    [{ spaceId: "spc_handbook", title: "x".repeat(65) }, "title: must be 2 to 64 characters, got 65"],
    [{ spaceId: "spc_handbook", title: "x" }, "title: must be 2 to 64 characters, got 1"],
  ])("answers 400 for %j", async (body, message) => {
    const site = await createSite(ada);
    expectError(await ada("POST", `${SITES}/${site.id}/sections`, body), 400, message);
    expect(await sectionsOf(site.id)).toEqual([]);
  });

  it("answers 401, 403 and 404", async () => {
    const site = await createSite(ada);
    const path = `${SITES}/${site.id}/sections`;
    expectUnauthorized(
      await callerWith(emulator, null)("POST", path, { spaceId: "spc_handbook" }),
      "missing",
    );
    expectUnauthorized(await callerWith(emulator, "tok_wrong")("GET", path), "unknown");
    expectError(await eddie("POST", path, { spaceId: "spc_handbook" }), 403, ADMIN_ONLY);
    expectError(
      await ada("POST", `${SITES}/site_zzzz/sections`, { spaceId: "spc_handbook" }),
      404,
      'site "site_zzzz" not found',
    );
    expect(expectStatus(await eddie("GET", path), 200)).toEqual({ items: [], count: 0 });
  });
});

describe("PATCH /sites/{siteId}/sections/{sectionId}", () => {
  it("updates fields; condition, icon and description: absent keeps, null removes", async () => {
    const { site, sections } = await siteWithSections("spc_handbook", "spc_guides");
    const path = `${SITES}/${site.id}/sections/${sections[0].id}`;
    const patched = expectStatus(
      await ada("PATCH", path, {
        title: "Staff handbook",
        path: "staff",
        condition: 'visitor.claims.plan == "pro"',
        icon: "book-open",
        description: "For the staff",
      }),
      200,
    );
    expect(patched).toMatchObject({
      title: "Staff handbook",
      path: "staff",
      condition: 'visitor.claims.plan == "pro"',
      icon: "book-open",
      description: "For the staff",
      urls: { published: `${site.urls.published}/staff` },
    });
    expect(patched.siteSpaces[0].urls.published).toBe(`${site.urls.published}/staff/handbook`);
    const kept = expectStatus(await ada("PATCH", path, { title: "Handbook" }), 200);
    expect(kept).toMatchObject({
      condition: 'visitor.claims.plan == "pro"',
      icon: "book-open",
      description: "For the staff",
    });
    const removed = expectStatus(
      await ada("PATCH", path, { condition: null, icon: null, description: null }),
      200,
    );
    expect(["condition", "icon", "description"].filter((key) => key in removed)).toEqual([]);
    expect(removed.path).toBe("staff");
  });

  it("answers 409 when another section of the site has the path", async () => {
    const { site, sections } = await siteWithSections("spc_handbook", "spc_guides");
    expectError(
      await ada("PATCH", `${SITES}/${site.id}/sections/${sections[1].id}`, { path: "handbook" }),
      409,
      `path: another section of site "${site.id}" already has path "handbook"`,
    );
    // Its own path is no conflict.
    expectStatus(
      await ada("PATCH", `${SITES}/${site.id}/sections/${sections[1].id}`, { path: "guides" }),
      200,
    );
  });

  it("sets the section's default site space, only to one of its own", async () => {
    const { site, sections } = await siteWithSections("spc_handbook", "spc_guides");
    const [first, second] = sections;
    const added = expectStatus(
      await ada("POST", `${SITES}/${site.id}/site-spaces`, { spaceId: "spc_api_v1", sectionId: first.id }),
      201,
    );
    const patched = expectStatus(
      await ada("PATCH", `${SITES}/${site.id}/sections/${first.id}`, { defaultSiteSpace: added.id }),
      200,
    );
    expect(patched.siteSpaces.map((entry: Json) => [entry.id, entry.default])).toEqual([
      [first.siteSpaces[0].id, false],
      [added.id, true],
    ]);
    expectError(
      await ada("PATCH", `${SITES}/${site.id}/sections/${first.id}`, {
        defaultSiteSpace: second.siteSpaces[0].id,
      }),
      400,
      `defaultSiteSpace: site space "${second.siteSpaces[0].id}" is not in site section "${first.id}"`,
    );
  });

  it.each([
    [{ path: "a b" }, "path: must match ^[A-Za-z0-9._~-]+$ (one URL segment)"],
    [{ path: "p".repeat(101) }, "path: must be 1 to 100 characters, got 101"],
    [{ title: "t".repeat(129) }, "title: must be 2 to 128 characters, got 129"],
    [{ condition: "" }, "condition: must be 1 to 1024 characters, got 0"],
    [{ condition: "c".repeat(1025) }, "condition: must be 1 to 1024 characters, got 1025"],
    [{ icon: "i".repeat(51) }, "icon: must be at most 50 characters, got 51"],
    [{ description: "d".repeat(257) }, "description: must be at most 256 characters, got 257"],
    [{ default: true }, "default: unknown field"],
  ])("answers 400 for %j", async (body, message) => {
    const { site, sections } = await siteWithSections("spc_handbook");
    expectError(await ada("PATCH", `${SITES}/${site.id}/sections/${sections[0].id}`, body), 400, message);
  });

  it("answers 403 and 404", async () => {
    const { site, sections } = await siteWithSections("spc_handbook");
    expectError(
      await eddie("PATCH", `${SITES}/${site.id}/sections/${sections[0].id}`, { title: "Mine" }),
      403,
      ADMIN_ONLY,
    );
    expectError(
      await ada("PATCH", `${SITES}/${site.id}/sections/sitesc_zzzz`, { title: "Mine" }),
      404,
      'site section "sitesc_zzzz" not found',
    );
  });
});

describe("POST /sites/{siteId}/sections/{sectionId}/move", () => {
  const move = (siteId: string, sectionId: string, body?: unknown) =>
    ada("POST", `${SITES}/${siteId}/sections/${sectionId}/move`, body);

  it("moves before, after and to the end", async () => {
    const { site, sections } = await siteWithSections(
      "spc_handbook",
      "spc_guides",
      "spc_api_v1",
      "spc_api_v2",
    );
    const [a, b, c, d] = ids(sections);
    const moved = expectStatus(
      await move(site.id, d!, { position: { before: { type: "site-section", siteSection: b } } }),
      200,
    );
    expect(moved.id).toBe(d);
    expect(ids(await sectionsOf(site.id))).toEqual([a, d, b, c]);
    expectStatus(
      await move(site.id, a!, { position: { after: { type: "site-section", siteSection: b } } }),
      200,
    );
    expect(ids(await sectionsOf(site.id))).toEqual([d, b, a, c]);
    expectStatus(await move(site.id, d!), 200);
    expect(ids(await sectionsOf(site.id))).toEqual([b, a, c, d]);
    expectStatus(await move(site.id, b!, {}), 200);
    expect(ids(await sectionsOf(site.id))).toEqual([a, c, d, b]);
    // Moving does not change which section is the default.
    expect((await sectionsOf(site.id)).map((section) => section.default)).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });

  it.each([
    [{ position: {} }, "position: must have exactly one of before, after"],
    [
      {
        position: {
          before: { type: "site-section", siteSection: "X" },
          after: { type: "site-section", siteSection: "X" },
        },
      },
      "position: must have exactly one of before, after",
    ],
    [
      { position: { before: { type: "site-space", siteSection: "X" } } },
      "position.before.type: must be one of site-section",
    ],
    [{ position: { before: { type: "site-section", id: "X" } } }, "position.before.id: unknown field"],
    [{ position: { after: { type: "site-section" } } }, "position.after.siteSection: required"],
    [{ position: { middle: {} } }, "position.middle: unknown field"],
    [{ position: null }, "position: must not be null"],
    [{ parent: "x" }, "parent: unknown field"],
  ])("answers 400 for %j", async (body, message) => {
    const { site, sections } = await siteWithSections("spc_handbook", "spc_guides");
    expectError(await move(site.id, sections[0].id, body), 400, message);
  });

  it("answers 400 for an anchor that is not another section of the site", async () => {
    const { site, sections } = await siteWithSections("spc_handbook", "spc_guides");
    const other = await siteWithSections("spc_handbook");
    expectError(
      await move(site.id, sections[0].id, {
        position: { before: { type: "site-section", siteSection: other.sections[0].id } },
      }),
      400,
      `position.before.siteSection: site section "${other.sections[0].id}" not found in site "${site.id}"`,
    );
    expectError(
      await move(site.id, sections[0].id, {
        position: { after: { type: "site-section", siteSection: sections[0].id } },
      }),
      400,
      "position.after.siteSection: must be another section than the one moved",
    );
    expectError(await eddie("POST", `${SITES}/${site.id}/sections/${sections[0].id}/move`), 403, ADMIN_ONLY);
    expectError(await move(site.id, "sitesc_zzzz"), 404, 'site section "sitesc_zzzz" not found');
  });
});

describe("DELETE /sites/{siteId}/sections/{sectionId}", () => {
  it("answers 204, removes its site spaces, and makes the first remaining section the default", async () => {
    const { site, sections } = await siteWithSections("spc_handbook", "spc_guides", "spc_api_v1");
    const [a, b, c] = ids(sections);
    expectStatus(
      await ada("POST", `${SITES}/${site.id}/sections/${a}/move`, {
        position: { after: { type: "site-section", siteSection: c } },
      }),
      200,
    );
    const answer = await ada("DELETE", `${SITES}/${site.id}/sections/${a}`);
    expect(answer.status).toBe(204);
    expect(answer.text).toBe("");
    expect((await sectionsOf(site.id)).map((section) => [section.id, section.default])).toEqual([
      [b, true],
      [c, false],
    ]);
    expect((await listAll(ada, `${SITES}/${site.id}/site-spaces`)).map((entry) => entry.space.id)).toEqual([
      "spc_guides",
      "spc_api_v1",
    ]);
    expectStatus(await ada("DELETE", `${SITES}/${site.id}/sections/${c}`), 204);
    expect((await sectionsOf(site.id)).map((section) => [section.id, section.default])).toEqual([[b, true]]);
    expectError(
      await ada("DELETE", `${SITES}/${site.id}/sections/${a}`),
      404,
      `site section "${a}" not found`,
    );
  });

  it("answers 409 while a redirect leads to the section", async () => {
    const { site, sections } = await siteWithSections("spc_handbook", "spc_guides");
    const target = sections[1].id;
    const redirects = [];
    for (const source of ["/old-guides", "/legacy/guides"]) {
      redirects.push(
        expectStatus(
          await ada("POST", `${SITES}/${site.id}/redirects`, {
            source,
            destination: { kind: "site-section", siteSectionId: target },
          }),
          201,
        ),
      );
    }
    expectError(
      await ada("DELETE", `${SITES}/${site.id}/sections/${target}`),
      409,
      `site section "${target}" is the destination of 2 redirects (first source: "/old-guides"): change or delete them first`,
    );
    expectStatus(await ada("DELETE", `${SITES}/${site.id}/redirects/${redirects[0].id}`), 204);
    expectError(
      await ada("DELETE", `${SITES}/${site.id}/sections/${target}`),
      409,
      `site section "${target}" is the destination of 1 redirect (first source: "/legacy/guides"): change or delete them first`,
    );
    expectStatus(
      await ada("PATCH", `${SITES}/${site.id}/redirects/${redirects[1].id}`, {
        destination: { kind: "external", url: "https://example.com/guides" },
      }),
      200,
    );
    expectStatus(await ada("DELETE", `${SITES}/${site.id}/sections/${target}`), 204);
    expect(ids(await sectionsOf(site.id))).toEqual([sections[0].id]);
  });

  it("answers 403 for non-admins", async () => {
    const { site, sections } = await siteWithSections("spc_handbook");
    expectError(await eddie("DELETE", `${SITES}/${site.id}/sections/${sections[0].id}`), 403, ADMIN_ONLY);
  });
});

describe("section groups", () => {
  const groupsPath = (siteId: string) => `${SITES}/${siteId}/section-groups`;
  const createGroup = async (siteId: string, body: Record<string, unknown>) =>
    expectStatus(await ada("POST", groupsPath(siteId), body), 201);
  const groupingOf = async (siteId: string) =>
    (await sectionsOf(siteId)).map((section) => [section.id, section.sectionGroup]);

  it("creates a group with member sections, rendered in navigation order", async () => {
    const { site, sections } = await siteWithSections("spc_handbook", "spc_guides", "spc_api_v1");
    const [a, b, c] = ids(sections);
    const group = await createGroup(site.id, { title: "Developers", icon: "code", sections: [c, a] });
    const members = [
      expect.objectContaining({ id: a, sectionGroup: group.id, draft: false }),
      expect.objectContaining({ id: c, sectionGroup: group.id, draft: false }),
    ];
    expect(group).toEqual({
      object: "site-section-group",
      id: expect.stringMatching(/^sitesg_/),
      title: "Developers",
      draft: false,
      sections: members,
      children: members,
      icon: "code",
    });
    expect(await groupingOf(site.id)).toEqual([
      [a, group.id],
      [b, undefined],
      [c, group.id],
    ]);
    expect(await groupsOf(site.id)).toEqual([group]);
  });

  it("lists groups at their first member's position, empty groups after in creation order", async () => {
    const { site, sections } = await siteWithSections(
      "spc_handbook",
      "spc_guides",
      "spc_api_v1",
      "spc_api_v2",
    );
    const [a, b, c, d] = ids(sections);
    const empty1 = await createGroup(site.id, { title: "Empty one" });
    const late = await createGroup(site.id, { title: "Late", sections: [d] });
    const early = await createGroup(site.id, { title: "Early", sections: [c, b] });
    const empty2 = await createGroup(site.id, { title: "Empty two" });
    expect(ids(await groupsOf(site.id))).toEqual([early.id, late.id, empty1.id, empty2.id]);
    expectStatus(
      await ada("POST", `${SITES}/${site.id}/sections/${d}/move`, {
        position: { before: { type: "site-section", siteSection: a } },
      }),
      200,
    );
    expect(ids(await groupsOf(site.id))).toEqual([late.id, early.id, empty1.id, empty2.id]);
    const page = expectStatus(await ada("GET", `${groupsPath(site.id)}?limit=3`), 200);
    expect(page.count).toBe(4);
    expect(ids(page.items)).toEqual([late.id, early.id, empty1.id]);
  });

  it("sets membership through siteSectionGroupId on a section's create and PATCH", async () => {
    const { site, sections } = await siteWithSections("spc_handbook", "spc_guides");
    const [a, b] = ids(sections);
    const first = await createGroup(site.id, { title: "First", sections: [a] });
    const second = await createGroup(site.id, { title: "Second" });
    const sectionPath = (id: string | undefined) => `${SITES}/${site.id}/sections/${id}`;
    // Joining a group takes the section out of its other group, as adding a member does.
    const moved = expectStatus(await ada("PATCH", sectionPath(a), { siteSectionGroupId: second.id }), 200);
    expect(moved.sectionGroup).toBe(second.id);
    expectStatus(await ada("PATCH", sectionPath(b), { siteSectionGroupId: second.id, title: "Bee" }), 200);
    const made = expectStatus(
      await ada("POST", `${SITES}/${site.id}/sections`, {
        spaceId: "spc_api_v1",
        siteSectionGroupId: first.id,
      }),
      201,
    );
    expect(made.sectionGroup).toBe(first.id);
    expect(await groupingOf(site.id)).toEqual([
      [a, second.id],
      [b, second.id],
      [made.id, first.id],
    ]);
    expect(ids((await groupsOf(site.id)).find((group) => group.id === second.id).sections)).toEqual([a, b]);
    // null leaves the group; leaving no group is no change.
    expectStatus(await ada("PATCH", sectionPath(a), { siteSectionGroupId: null }), 200);
    expectStatus(await ada("PATCH", sectionPath(a), { siteSectionGroupId: null }), 200);
    expect((await groupingOf(site.id))[0]).toEqual([a, undefined]);
    const unset = expectStatus(
      await ada("POST", `${SITES}/${site.id}/sections`, { spaceId: "spc_api_v2", siteSectionGroupId: null }),
      201,
    );
    expect(unset.sectionGroup).toBeUndefined();
  });

  it("refuses a siteSectionGroupId that names no group of the site, and changes nothing", async () => {
    const { site, sections } = await siteWithSections("spc_handbook");
    const [a] = ids(sections);
    const other = await siteWithSections("spc_guides");
    const foreign = await createGroup(other.site.id, { title: "Elsewhere" });
    const message = `siteSectionGroupId: site section group "${foreign.id}" not found in site "${site.id}"`;
    expectError(
      await ada("PATCH", `${SITES}/${site.id}/sections/${a}`, {
        siteSectionGroupId: foreign.id,
        title: "Changed",
      }),
      400,
      message,
    );
    expectError(
      await ada("POST", `${SITES}/${site.id}/sections`, {
        spaceId: "spc_api_v1",
        siteSectionGroupId: foreign.id,
      }),
      400,
      message,
    );
    expectError(
      await ada("PATCH", `${SITES}/${site.id}/sections/${a}`, { siteSectionGroupId: "" }),
      400,
      "siteSectionGroupId: must be at least 1 characters",
    );
    const [section, ...rest] = await sectionsOf(site.id);
    expect([section.title, section.sectionGroup, rest.length]).toEqual([sections[0].title, undefined, 0]);
  });

  it("moves a section between groups: a section belongs to at most one group", async () => {
    const { site, sections } = await siteWithSections("spc_handbook", "spc_guides", "spc_api_v1");
    const [a, b, c] = ids(sections);
    const first = await createGroup(site.id, { title: "First", sections: [a, b] });
    const second = await createGroup(site.id, { title: "Second", sections: [b, c] });
    expect(await groupingOf(site.id)).toEqual([
      [a, first.id],
      [b, second.id],
      [c, second.id],
    ]);
    const joined = await ada("POST", `${groupsPath(site.id)}/${first.id}/sections`, { sectionId: c });
    expect(joined.status).toBe(201);
    expect(ids(joined.body.sections)).toEqual([a, c]);
    const again = await ada("POST", `${groupsPath(site.id)}/${first.id}/sections`, { sectionId: c });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(joined.body);
    expect(await groupingOf(site.id)).toEqual([
      [a, first.id],
      [b, second.id],
      [c, first.id],
    ]);
    const removed = await ada("DELETE", `${groupsPath(site.id)}/${first.id}/sections/${a}`);
    expect([removed.status, removed.text]).toEqual([204, ""]);
    expect(await groupingOf(site.id)).toEqual([
      [a, undefined],
      [b, second.id],
      [c, first.id],
    ]);
    expectError(
      await ada("DELETE", `${groupsPath(site.id)}/${first.id}/sections/${a}`),
      404,
      `site section "${a}" is not a member of section group "${first.id}"`,
    );
    expectError(
      await ada("DELETE", `${groupsPath(site.id)}/${first.id}/sections/sitesc_zzzz`),
      404,
      'site section "sitesc_zzzz" not found',
    );
    expectError(
      await ada("POST", `${groupsPath(site.id)}/${first.id}/sections`, { sectionId: "sitesc_zzzz" }),
      400,
      `sectionId: site section "sitesc_zzzz" not found in site "${site.id}"`,
    );
    expectError(
      await ada("POST", `${groupsPath(site.id)}/${first.id}/sections`, {}),
      400,
      "sectionId: required",
    );
  });

  it("lists a group's sections again as its children, following joins, leaves, moves and changes", async () => {
    const { site, sections } = await siteWithSections("spc_handbook", "spc_guides", "spc_api_v1");
    const [a, b, c] = ids(sections);
    const group = await createGroup(site.id, { title: "Group", sections: [a, b] });
    const children = async () => {
      const [listed] = await groupsOf(site.id);
      expect(listed.children).toEqual(listed.sections);
      return listed.children.map((section: Json) => [section.id, section.title]);
    };
    expect(await children()).toEqual([
      [a, "Handbook"],
      [b, "Guides"],
    ]);
    await ada("POST", `${groupsPath(site.id)}/${group.id}/sections`, { sectionId: c });
    await ada("POST", `${SITES}/${site.id}/sections/${a}/move`, {
      position: { after: { type: "site-section", siteSection: c } },
    });
    await ada("PATCH", `${SITES}/${site.id}/sections/${b}`, { title: "How-tos" });
    await ada("DELETE", `${groupsPath(site.id)}/${group.id}/sections/${c}`);
    expect(await children()).toEqual([
      [b, "How-tos"],
      [a, "Handbook"],
    ]);
  });

  it("moves a group's members as one block before, after and to the end", async () => {
    const { site, sections } = await siteWithSections(
      "spc_handbook",
      "spc_guides",
      "spc_api_v1",
      "spc_api_v2",
      "spc_sdk",
    );
    const [a, b, c, d, e] = ids(sections);
    const group = await createGroup(site.id, { title: "Block", sections: [d, b] });
    const move = (body?: unknown) => ada("POST", `${groupsPath(site.id)}/${group.id}/move`, body);
    const moved = expectStatus(await move({ position: { before: { type: "site-section", id: a } } }), 200);
    expect(ids(moved.sections)).toEqual([b, d]);
    expect(ids(await sectionsOf(site.id))).toEqual([b, d, a, c, e]);
    expectStatus(await move({ position: { after: { type: "site-section", id: c } } }), 200);
    expect(ids(await sectionsOf(site.id))).toEqual([a, c, b, d, e]);
    expectStatus(await move(), 200);
    expect(ids(await sectionsOf(site.id))).toEqual([a, c, e, b, d]);
    expectError(
      await move({ position: { before: { type: "site-section", id: d } } }),
      400,
      `position.before.id: site section "${d}" is a member of the group being moved`,
    );
    expectError(
      await move({ position: { before: { type: "site-section", siteSection: a } } }),
      400,
      "position.before.siteSection: unknown field",
    );
    expectError(
      await move({ position: { after: { type: "site-section", id: "sitesc_zzzz" } } }),
      400,
      `position.after.id: site section "sitesc_zzzz" not found in site "${site.id}"`,
    );
    const empty = await createGroup(site.id, { title: "Nothing" });
    const unmoved = expectStatus(
      await ada("POST", `${groupsPath(site.id)}/${empty.id}/move`, {
        position: { before: { type: "site-section", id: a } },
      }),
      200,
    );
    expect(unmoved.sections).toEqual([]);
    expect(ids(await sectionsOf(site.id))).toEqual([a, c, e, b, d]);
  });

  it("updates title and icon, removing the icon with null", async () => {
    const { site } = await siteWithSections("spc_handbook");
    const group = await createGroup(site.id, { title: "Docs", icon: "book" });
    const path = `${groupsPath(site.id)}/${group.id}`;
    expect(expectStatus(await ada("PATCH", path, { title: "Guides" }), 200)).toMatchObject({
      title: "Guides",
      icon: "book",
    });
    const removed = expectStatus(await ada("PATCH", path, { icon: null }), 200);
    expect(removed).toEqual({
      object: "site-section-group",
      id: group.id,
      title: "Guides",
      draft: false,
      sections: [],
      children: [],
    });
    expectError(await ada("PATCH", path, { title: "" }), 400, "title: must be 1 to 100 characters, got 0");
    expectError(await ada("PATCH", path, { sections: [] }), 400, "sections: unknown field");
    expectError(await eddie("PATCH", path, { title: "Mine" }), 403, ADMIN_ONLY);
    expectError(
      await ada("PATCH", `${groupsPath(site.id)}/sitesg_zzzz`, { title: "X" }),
      404,
      'site section group "sitesg_zzzz" not found',
    );
  });

  it("deletes a group, leaving its members in place, ungrouped", async () => {
    const { site, sections } = await siteWithSections("spc_handbook", "spc_guides");
    const [a, b] = ids(sections);
    const group = await createGroup(site.id, { title: "Both", sections: [a, b] });
    const answer = await ada("DELETE", `${groupsPath(site.id)}/${group.id}`);
    expect([answer.status, answer.text]).toEqual([204, ""]);
    expect(await groupingOf(site.id)).toEqual([
      [a, undefined],
      [b, undefined],
    ]);
    expect(await groupsOf(site.id)).toEqual([]);
    expectError(
      await ada("DELETE", `${groupsPath(site.id)}/${group.id}`),
      404,
      `site section group "${group.id}" not found`,
    );
  });

  it("drops a deleted section from its group", async () => {
    const { site, sections } = await siteWithSections("spc_handbook", "spc_guides");
    const group = await createGroup(site.id, { title: "Both", sections: ids(sections) });
    expectStatus(await ada("DELETE", `${SITES}/${site.id}/sections/${sections[1].id}`), 204);
    expect(ids((await groupsOf(site.id))[0].sections)).toEqual([sections[0].id]);
    expect((await groupsOf(site.id))[0].id).toBe(group.id);
  });

  it.each([
    [{}, "title: required"],
    [{ title: "t".repeat(101) }, "title: must be 1 to 100 characters, got 101"],
    [{ title: "G", icon: null }, "icon: must not be null"],
    [{ title: "G", sections: "all" }, "sections: must be an array of strings, got a string"],
    [
      { title: "G", sections: ["sitesc_zzzz"] },
      (siteId: string) => `sections[0]: site section "sitesc_zzzz" not found in site "${siteId}"`,
    ],
    [{ title: "G", position: {} }, "position: unknown field"],
  ])("answers 400 on create for %j", async (body, message) => {
    const { site } = await siteWithSections("spc_handbook");
    const expected = typeof message === "function" ? message(site.id) : message;
    expectError(await ada("POST", groupsPath(site.id), body), 400, expected);
    expect(await groupsOf(site.id)).toEqual([]);
  });

  it("answers 400 for a section listed twice, 401, 403 and 404", async () => {
    const { site, sections } = await siteWithSections("spc_handbook");
    expectError(
      await ada("POST", groupsPath(site.id), { title: "G", sections: [sections[0].id, sections[0].id] }),
      400,
      `sections[1]: site section "${sections[0].id}" is listed twice`,
    );
    expectUnauthorized(await callerWith(emulator, null)("GET", groupsPath(site.id)), "missing");
    expectUnauthorized(
      await callerWith(emulator, "tok_wrong")("POST", groupsPath(site.id), { title: "G" }),
      "unknown",
    );
    expectError(await eddie("POST", groupsPath(site.id), { title: "G" }), 403, ADMIN_ONLY);
    expectError(await ada("GET", `${SITES}/site_zzzz/section-groups`), 404, 'site "site_zzzz" not found');
  });
});
