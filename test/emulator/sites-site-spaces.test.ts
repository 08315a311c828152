// Conformance of site spaces (spec 4.12): containers (site root and sections) with their own
// order and default, paths unique per container, moves, and the deletion rules.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Caller,
  callerAs,
  callerWith,
  createSection,
  createSite,
  createSiteSpace,
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

const siteSpacesPath = (siteId: string) => `${SITES}/${siteId}/site-spaces`;
const listed = async (siteId: string, query = "") => listAll(ada, `${siteSpacesPath(siteId)}${query}`);
const summary = (entries: Json[]) => entries.map((entry) => [entry.space.id, entry.section, entry.default]);

describe("POST /sites/{siteId}/site-spaces", () => {
  it("adds at root level to a site without sections; the first becomes the default", async () => {
    const site = await createSite(ada, { title: "Root site" });
    const first = await createSiteSpace(ada, site.id, { spaceId: "spc_handbook" });
    expect(first).toEqual({
      object: "site-space",
      id: expect.stringMatching(/^sitesp_/),
      path: "handbook",
      space: expect.objectContaining({ object: "space", id: "spc_handbook", title: "Handbook" }),
      title: "Handbook",
      default: true,
      draft: false,
      urls: { published: `${site.urls.published}/handbook` },
    });
    const second = await createSiteSpace(ada, site.id, { spaceId: "spc_api_v1" });
    expect(second).toMatchObject({ path: "api-v1", default: false });
    expect(summary(await listed(site.id))).toEqual([
      ["spc_handbook", undefined, true],
      ["spc_api_v1", undefined, false],
    ]);
  });

  it("adds to the default section when sectionId is omitted, or to the named section", async () => {
    const site = await createSite(ada);
    const a = await createSection(ada, site.id, { spaceId: "spc_handbook" });
    const b = await createSection(ada, site.id, { spaceId: "spc_guides" });
    expectStatus(await ada("PATCH", `${SITES}/${site.id}`, { defaultSiteSection: b.id }), 200);
    const toDefault = await createSiteSpace(ada, site.id, { spaceId: "spc_api_v1" });
    expect(toDefault).toMatchObject({ section: b.id, default: false });
    expect(toDefault.urls.published).toBe(`${site.urls.published}/guides/api-v1`);
    const toNamed = await createSiteSpace(ada, site.id, { spaceId: "spc_api_v1", sectionId: a.id });
    expect(toNamed).toMatchObject({ section: a.id, default: false });
    expect(summary(await listed(site.id))).toEqual([
      ["spc_handbook", a.id, true],
      ["spc_api_v1", a.id, false],
      ["spc_guides", b.id, true],
      ["spc_api_v1", b.id, false],
    ]);
  });

  it("answers 409 for a space already in that container", async () => {
    const site = await createSite(ada, { spaces: ["spc_handbook"] });
    expectError(
      await ada("POST", siteSpacesPath(site.id), { spaceId: "spc_handbook" }),
      409,
      `spaceId: space "spc_handbook" is already in the root of site "${site.id}"`,
    );
    const section = await createSection(ada, site.id, { spaceId: "spc_guides" });
    expectError(
      await ada("POST", siteSpacesPath(site.id), { spaceId: "spc_guides", sectionId: section.id }),
      409,
      `spaceId: space "spc_guides" is already in site section "${section.id}"`,
    );
  });

  it("makes paths unique within the container", async () => {
    const site = await createSite(ada, { spaces: ["spc_api_v1"] });
    const [v1] = await listed(site.id);
    expectStatus(await ada("PATCH", `${siteSpacesPath(site.id)}/${v1.id}`, { path: "api-v2" }), 200);
    const v2 = await createSiteSpace(ada, site.id, { spaceId: "spc_api_v2" });
    expect(v2.path).toBe("api-v2-2");
  });

  it.each([
    [{}, "spaceId: required"],
    [{ spaceId: 7 }, "spaceId: must be a string, got a number"],
    [{ spaceId: "spc_handbook", path: "x" }, "path: unknown field"],
    [{ spaceId: "spc_nope" }, 'spaceId: space "spc_nope" not found in organization "org_acme"'],
  ])("answers 400 for %j", async (body, message) => {
    const site = await createSite(ada);
    expectError(await ada("POST", siteSpacesPath(site.id), body), 400, message);
  });

  it("answers 400 for a section of another site, 401, 403 and 404", async () => {
    const site = await createSite(ada);
    const other = await createSite(ada);
    const foreign = await createSection(ada, other.id, { spaceId: "spc_handbook" });
    expectError(
      await ada("POST", siteSpacesPath(site.id), { spaceId: "spc_guides", sectionId: foreign.id }),
      400,
      `sectionId: site section "${foreign.id}" not found in site "${site.id}"`,
    );
    expectUnauthorized(
      await callerWith(emulator, null)("POST", siteSpacesPath(site.id), { spaceId: "spc_guides" }),
      "missing",
    );
    expectUnauthorized(await callerWith(emulator, "tok_wrong")("GET", siteSpacesPath(site.id)), "unknown");
    expectError(await eddie("POST", siteSpacesPath(site.id), { spaceId: "spc_guides" }), 403, ADMIN_ONLY);
    expectError(
      await ada("POST", siteSpacesPath("site_zzzz"), { spaceId: "spc_guides" }),
      404,
      'site "site_zzzz" not found',
    );
  });
});

describe("GET /sites/{siteId}/site-spaces", () => {
  it("lists in section order and filters by default", async () => {
    const site = await createSite(ada);
    const a = await createSection(ada, site.id, { spaceId: "spc_handbook" });
    const b = await createSection(ada, site.id, { spaceId: "spc_guides" });
    await createSiteSpace(ada, site.id, { spaceId: "spc_api_v1", sectionId: b.id });
    await createSiteSpace(ada, site.id, { spaceId: "spc_api_v2", sectionId: a.id });
    expectStatus(
      await ada("POST", `${SITES}/${site.id}/sections/${b.id}/move`, {
        position: { before: { type: "site-section", siteSection: a.id } },
      }),
      200,
    );
    expect(summary(await listed(site.id))).toEqual([
      ["spc_guides", b.id, true],
      ["spc_api_v1", b.id, false],
      ["spc_handbook", a.id, true],
      ["spc_api_v2", a.id, false],
    ]);
    expect(summary(await listed(site.id, "?default=true"))).toEqual([
      ["spc_guides", b.id, true],
      ["spc_handbook", a.id, true],
    ]);
    expect(summary(await listed(site.id, "?default=false&shareKey=k"))).toEqual([
      ["spc_api_v1", b.id, false],
      ["spc_api_v2", a.id, false],
    ]);
    expectError(
      await ada("GET", `${siteSpacesPath(site.id)}?default=1`),
      400,
      'default: must be true or false, got "1"',
    );
    const page = expectStatus(await ada("GET", `${siteSpacesPath(site.id)}?limit=3`), 200);
    expect([page.count, page.items.length, typeof page.next.page]).toEqual([4, 3, "string"]);
  });

  it("keeps site spaces of spaces deleted later", async () => {
    const site = await createSite(ada, { spaces: ["spc_status", "spc_handbook"] });
    expectStatus(await ada("DELETE", "/spaces/spc_status"), 204);
    const [status] = await listed(site.id);
    expect(status.space.id).toBe("spc_status");
    expect(status.space.deletedAt).toEqual(expect.any(String));
    expectError(
      await ada("POST", siteSpacesPath(site.id), { spaceId: "spc_status" }),
      400,
      'spaceId: space "spc_status" is deleted',
    );
    const fresh = await createSite(ada);
    expectError(
      await ada("POST", siteSpacesPath(fresh.id), { spaceId: "spc_status" }),
      400,
      'spaceId: space "spc_status" is deleted',
    );
    expectError(
      await ada("POST", `${SITES}/${fresh.id}/sections`, { spaceId: "spc_status" }),
      400,
      'spaceId: space "spc_status" is deleted',
    );
  });

  it("keeps site spaces of spaces removed for good, showing them deleted", async () => {
    const site = await createSite(ada, { spaces: ["spc_changelog"] });
    expectStatus(await ada("DELETE", "/spaces/spc_changelog"), 204);
    emulator.advanceClock(8 * 24 * 60 * 60 * 1000);
    const [changelog] = await listed(site.id);
    expect(emulator.state.spaces.has("spc_changelog")).toBe(false);
    expect(changelog.space).toMatchObject({
      object: "space",
      id: "spc_changelog",
      deletedAt: expect.any(String),
    });
    expect(changelog.title).toBe(changelog.space.title);
    expectError(
      await ada("POST", siteSpacesPath(site.id), { spaceId: "spc_changelog" }),
      400,
      'spaceId: space "spc_changelog" not found in organization "org_acme"',
    );
  });
});

describe("PATCH /sites/{siteId}/site-spaces/{siteSpaceId}", () => {
  it("updates path; condition: absent keeps, null removes", async () => {
    const site = await createSite(ada, { spaces: ["spc_handbook", "spc_guides"] });
    const [handbook] = await listed(site.id);
    const path = `${siteSpacesPath(site.id)}/${handbook.id}`;
    const patched = expectStatus(
      await ada("PATCH", path, { path: "staff", condition: "visitor.claims.staff" }),
      200,
    );
    expect(patched).toMatchObject({
      id: handbook.id,
      path: "staff",
      condition: "visitor.claims.staff",
      default: true,
      urls: { published: `${site.urls.published}/staff` },
    });
    expect(expectStatus(await ada("PATCH", path, { path: "team" }), 200).condition).toBe(
      "visitor.claims.staff",
    );
    expect(expectStatus(await ada("PATCH", path, {}), 200).condition).toBe("visitor.claims.staff");
    const removed = expectStatus(await ada("PATCH", path, { condition: null }), 200);
    expect("condition" in removed).toBe(false);
    expect(removed.path).toBe("team");
  });

  it("answers 409 for a path taken in the same container only", async () => {
    const site = await createSite(ada);
    const a = await createSection(ada, site.id, { spaceId: "spc_handbook" });
    const b = await createSection(ada, site.id, { spaceId: "spc_guides" });
    const extra = await createSiteSpace(ada, site.id, { spaceId: "spc_api_v1", sectionId: a.id });
    expectError(
      await ada("PATCH", `${siteSpacesPath(site.id)}/${extra.id}`, { path: "handbook" }),
      409,
      `path: another site space of site section "${a.id}" already has path "handbook"`,
    );
    const inOther = await ada("PATCH", `${siteSpacesPath(site.id)}/${b.siteSpaces[0].id}`, {
      path: "handbook",
    });
    expect(expectStatus(inOther, 200).path).toBe("handbook");
  });

  it.each([
    [{ path: "" }, "path: must be 1 to 100 characters, got 0"],
    [{ path: "a/b" }, "path: must match ^[A-Za-z0-9._~-]+$ (one URL segment)"],
    [{ path: null }, "path: must not be null"],
    [{ condition: "" }, "condition: must be 1 to 1024 characters, got 0"],
    [{ condition: 3 }, "condition: must be a string, got a number"],
    [{ default: true }, "default: unknown field"],
  ])("answers 400 for %j", async (body, message) => {
    const site = await createSite(ada, { spaces: ["spc_handbook"] });
    const [entry] = await listed(site.id);
    expectError(await ada("PATCH", `${siteSpacesPath(site.id)}/${entry.id}`, body), 400, message);
  });

  it("answers 403 and 404", async () => {
    const site = await createSite(ada, { spaces: ["spc_handbook"] });
    const [entry] = await listed(site.id);
    expectError(
      await eddie("PATCH", `${siteSpacesPath(site.id)}/${entry.id}`, { path: "x" }),
      403,
      ADMIN_ONLY,
    );
    expectError(
      await ada("PATCH", `${siteSpacesPath(site.id)}/sitesp_zzzz`, { path: "x" }),
      404,
      'site space "sitesp_zzzz" not found',
    );
  });
});

describe("POST /sites/{siteId}/site-spaces/{siteSpaceId}/move", () => {
  it("moves before, after and to the end of its container", async () => {
    const site = await createSite(ada, {
      spaces: ["spc_handbook", "spc_guides", "spc_api_v1", "spc_api_v2"],
    });
    const [a, b, c, d] = ids(await listed(site.id));
    const move = (id: string, body?: unknown) => ada("POST", `${siteSpacesPath(site.id)}/${id}/move`, body);
    const moved = expectStatus(
      await move(d!, { position: { before: { type: "site-space", siteSpace: a } } }),
      200,
    );
    expect([moved.id, moved.default]).toEqual([d, false]);
    expect(ids(await listed(site.id))).toEqual([d, a, b, c]);
    expectStatus(await move(d!, { position: { after: { type: "site-space", siteSpace: b } } }), 200);
    expect(ids(await listed(site.id))).toEqual([a, b, d, c]);
    expectStatus(await move(a!), 200);
    expect(ids(await listed(site.id))).toEqual([b, d, c, a]);
    // The default stays the default wherever it is.
    expect((await listed(site.id)).map((entry) => entry.default)).toEqual([false, false, false, true]);
  });

  it("answers 400 for an anchor in another container or not a site space of the site", async () => {
    const site = await createSite(ada);
    const a = await createSection(ada, site.id, { spaceId: "spc_handbook" });
    const b = await createSection(ada, site.id, { spaceId: "spc_guides" });
    const extra = await createSiteSpace(ada, site.id, { spaceId: "spc_api_v1", sectionId: a.id });
    const move = (body: unknown) => ada("POST", `${siteSpacesPath(site.id)}/${extra.id}/move`, body);
    const other = b.siteSpaces[0].id;
    expectError(
      await move({ position: { before: { type: "site-space", siteSpace: other } } }),
      400,
      `position.before.siteSpace: site space "${other}" is in another section or level`,
    );
    expectError(
      await move({ position: { after: { type: "site-space", siteSpace: "sitesp_zzzz" } } }),
      400,
      `position.after.siteSpace: site space "sitesp_zzzz" not found in site "${site.id}"`,
    );
    expectError(
      await move({ position: { after: { type: "site-space", siteSpace: extra.id } } }),
      400,
      "position.after.siteSpace: must be another site space than the one moved",
    );
    expectError(
      await move({ position: { after: { type: "site-section", siteSpace: a.siteSpaces[0].id } } }),
      400,
      "position.after.type: must be one of site-space",
    );
    expectError(await eddie("POST", `${siteSpacesPath(site.id)}/${extra.id}/move`), 403, ADMIN_ONLY);
    expectError(
      await ada("POST", `${siteSpacesPath(site.id)}/sitesp_zzzz/move`),
      404,
      'site space "sitesp_zzzz" not found',
    );
  });
});

describe("DELETE /sites/{siteId}/site-spaces/{siteSpaceId}", () => {
  it("answers 204 and makes the first remaining site space the container's default", async () => {
    const site = await createSite(ada, { spaces: ["spc_handbook", "spc_guides", "spc_api_v1"] });
    const [a, b, c] = ids(await listed(site.id));
    expectStatus(await ada("PATCH", `${SITES}/${site.id}`, { defaultSiteSpace: b }), 200);
    const answer = await ada("DELETE", `${siteSpacesPath(site.id)}/${b}`);
    expect([answer.status, answer.text]).toEqual([204, ""]);
    expect((await listed(site.id)).map((entry) => [entry.id, entry.default])).toEqual([
      [a, true],
      [c, false],
    ]);
    // The last root site space may go: a site without sections may be empty.
    expectStatus(await ada("DELETE", `${siteSpacesPath(site.id)}/${a}`), 204);
    expectStatus(await ada("DELETE", `${siteSpacesPath(site.id)}/${c}`), 204);
    expect(await listed(site.id)).toEqual([]);
    expectError(await ada("DELETE", `${siteSpacesPath(site.id)}/${c}`), 404, `site space "${c}" not found`);
  });

  it("answers 409 for the last site space of a section", async () => {
    const site = await createSite(ada);
    const section = await createSection(ada, site.id, { spaceId: "spc_handbook" });
    const only = section.siteSpaces[0].id;
    expectError(
      await ada("DELETE", `${siteSpacesPath(site.id)}/${only}`),
      409,
      `site space "${only}" is the last site space of site section "${section.id}": delete the section instead`,
    );
    const extra = await createSiteSpace(ada, site.id, { spaceId: "spc_guides" });
    expectStatus(await ada("DELETE", `${siteSpacesPath(site.id)}/${only}`), 204);
    const [remaining] = await listed(site.id);
    expect([remaining.id, remaining.default]).toEqual([extra.id, true]);
  });

  it("answers 409 while a redirect leads to the site space or one of its pages", async () => {
    const site = await createSite(ada, { spaces: ["spc_handbook", "spc_guides"] });
    const [, guides] = ids(await listed(site.id));
    expectStatus(
      await ada("POST", `${SITES}/${site.id}/redirects`, {
        source: "/faq",
        destination: { kind: "site-page", siteSpaceId: guides, pageId: "page_faq" },
      }),
      201,
    );
    expectError(
      await ada("DELETE", `${siteSpacesPath(site.id)}/${guides}`),
      409,
      `site space "${guides}" is the destination of 1 redirect (first source: "/faq"): change or delete them first`,
    );
    expectError(await eddie("DELETE", `${siteSpacesPath(site.id)}/${guides}`), 403, ADMIN_ONLY);
  });
});
