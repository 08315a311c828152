// Conformance of site redirects (spec 4.13): the source format, the four destination kinds,
// unique sources, pagination, and the lookup with its absolute target URL.

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

const SOURCE_FORMAT =
  "source: must match an absolute path like /a/b: segments of unreserved characters or percent-encoded bytes, no trailing /";
const redirectsPath = (siteId: string) => `${SITES}/${siteId}/redirects`;

/** A site with one section (handbook) holding two site spaces (handbook, guides). */
async function siteWithTargets(): Promise<{ site: Json; section: Json; handbook: Json; guides: Json }> {
  const site = await createSite(ada, { title: "Redirecting", spaces: ["spc_handbook", "spc_guides"] });
  const section = await createSection(ada, site.id, { spaceId: "spc_handbook", title: "Docs" });
  const [handbook, guides] = section.siteSpaces;
  return { site, section, handbook, guides };
}

async function createRedirect(siteId: string, source: string, destination: Json): Promise<Json> {
  return expectStatus(await ada("POST", redirectsPath(siteId), { source, destination }), 201);
}

describe("POST /sites/{siteId}/redirects", () => {
  it("creates redirects of every destination kind", async () => {
    const { site, section, handbook, guides } = await siteWithTargets();
    const destinations = [
      { kind: "site-section", siteSectionId: section.id },
      { kind: "site-space", siteSpaceId: guides.id },
      { kind: "site-page", siteSpaceId: handbook.id, pageId: "page_1" },
      { kind: "external", url: "https://example.com/elsewhere?x=1" },
    ];
    const sources = ["/old", "/a/b-c/d_e.f~g", "/%E2%9C%93/page", "/x"];
    for (const [i, destination] of destinations.entries()) {
      const redirect = await createRedirect(site.id, sources[i]!, destination);
      expect(redirect).toEqual({
        object: "site-redirect",
        id: expect.stringMatching(/^siteredir_/),
        source: sources[i],
        destination,
        draft: false,
        permanent: false,
        captureWildcard: false,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
    }
    const listed = await listAll(ada, redirectsPath(site.id));
    expect(listed.map((redirect) => [redirect.source, redirect.destination])).toEqual(
      sources.map((source, i) => [source, destinations[i]]),
    );
  });

  it("keeps the time it was created by the emulator's clock, through later changes", async () => {
    const { site, section } = await siteWithTargets();
    const destination = { kind: "site-section", siteSectionId: section.id };
    const first = await createRedirect(site.id, "/first", destination);
    emulator.advanceClock(3_600_000);
    const second = await createRedirect(site.id, "/second", destination);
    const elapsed = Date.parse(second.createdAt) - Date.parse(first.createdAt);
    expect(elapsed).toBeGreaterThanOrEqual(3_600_000);
    expect(elapsed).toBeLessThan(3_660_000);
    expect(Date.parse(second.createdAt)).toBeGreaterThan(Date.now() + 3_500_000);
    const path = `${redirectsPath(site.id)}/${first.id}`;
    expect(expectStatus(await ada("PATCH", path, { source: "/moved" }), 200).createdAt).toBe(first.createdAt);
    const listed = await listAll(ada, redirectsPath(site.id));
    expect(listed.map((redirect) => redirect.createdAt)).toEqual([first.createdAt, second.createdAt]);
  });

  it("answers 409 for a second redirect with the same source in the site, not in another site", async () => {
    const { site, section } = await siteWithTargets();
    const destination = { kind: "site-section", siteSectionId: section.id };
    await createRedirect(site.id, "/old", destination);
    expectError(
      await ada("POST", redirectsPath(site.id), { source: "/old", destination }),
      409,
      `source: site "${site.id}" already has a redirect from "/old"`,
    );
    const other = await createSite(ada);
    await createRedirect(other.id, "/old", { kind: "external", url: "http://example.com" });
    // Sources are case-sensitive paths.
    await createRedirect(site.id, "/OLD", destination);
  });

  it.each([
    [{ source: "old", destination: {} }, "source"],
    [{ source: "/", destination: {} }, "source"],
    [{ source: "/old/", destination: {} }, "source"],
    [{ source: "/a//b", destination: {} }, "source"],
    [{ source: "/a b", destination: {} }, "source"],
    [{ source: "/50%", destination: {} }, "source"],
    [{ source: "/%zz", destination: {} }, "source"],
    [{ source: "/a?b=c", destination: {} }, "source"],
  ])("answers 400 for the source in %j", async (body) => {
    const { site } = await siteWithTargets();
    expectError(await ada("POST", redirectsPath(site.id), body), 400, SOURCE_FORMAT);
  });

  it("answers 400 for a source over 512 characters", async () => {
    const { site } = await siteWithTargets();
    expectError(
      await ada("POST", redirectsPath(site.id), { source: `/${"a".repeat(512)}`, destination: {} }),
      400,
      "source: must be 1 to 512 characters, got 513",
    );
  });

  it.each([
    [{ destination: { kind: "external", url: "https://example.com" } }, () => "source: required"],
    [{ source: "/a" }, () => "destination: required"],
    [
      { source: "/a", destination: "https://example.com" },
      () => "destination: must be an object, got a string",
    ],
    [{ source: "/a", destination: {} }, () => "destination.kind: required"],
    [
      { source: "/a", destination: { kind: "site-anchor" } },
      () => "destination.kind: must be one of site-section, site-space, site-page, external",
    ],
    [{ source: "/a", destination: { kind: "site-section" } }, () => "destination.siteSectionId: required"],
    [
      { source: "/a", destination: { kind: "site-section", siteSectionId: "sitesc_zzzz" } },
      (site: Json) => `destination.siteSectionId: site section "sitesc_zzzz" not found in site "${site.id}"`,
    ],
    [
      { source: "/a", destination: { kind: "site-section", siteSectionId: "S", siteSpaceId: "X" } },
      () => "destination.siteSpaceId: unknown field",
    ],
    [
      { source: "/a", destination: { kind: "site-space", siteSpaceId: "sitesp_zzzz" } },
      (site: Json) => `destination.siteSpaceId: site space "sitesp_zzzz" not found in site "${site.id}"`,
    ],
    [
      { source: "/a", destination: { kind: "site-page", siteSpaceId: "X" } },
      () => "destination.pageId: required",
    ],
    [
      { source: "/a", destination: { kind: "site-page", siteSpaceId: "X", pageId: "" } },
      () => "destination.pageId: must be at least 1 characters",
    ],
    [{ source: "/a", destination: { kind: "external" } }, () => "destination.url: required"],
    [
      { source: "/a", destination: { kind: "external", url: "mailto:a@example.com" } },
      () => "destination.url: must be an absolute http or https URL",
    ],
    [
      { source: "/a", destination: { kind: "external", url: "https://example.com", status: 301 } },
      () => "destination.status: unknown field",
    ],
    [
      { source: "/a", destination: { kind: "external", url: "https://e.com" }, code: 301 },
      () => "code: unknown field",
    ],
  ])("answers 400 for %j", async (body, message) => {
    const { site } = await siteWithTargets();
    expectError(await ada("POST", redirectsPath(site.id), body), 400, message(site));
    expect(await listAll(ada, redirectsPath(site.id))).toEqual([]);
  });

  it("answers 400 for a section or site space of another site", async () => {
    const { site } = await siteWithTargets();
    const other = await siteWithTargets();
    expectError(
      await ada("POST", redirectsPath(site.id), {
        source: "/a",
        destination: { kind: "site-section", siteSectionId: other.section.id },
      }),
      400,
      `destination.siteSectionId: site section "${other.section.id}" not found in site "${site.id}"`,
    );
  });

  it("answers 401, 403 and 404", async () => {
    const { site, section } = await siteWithTargets();
    const body = { source: "/a", destination: { kind: "site-section", siteSectionId: section.id } };
    expectUnauthorized(await callerWith(emulator, null)("POST", redirectsPath(site.id), body), "missing");
    expectUnauthorized(await callerWith(emulator, "tok_wrong")("GET", redirectsPath(site.id)), "unknown");
    expectError(await eddie("POST", redirectsPath(site.id), body), 403, ADMIN_ONLY);
    expectError(await ada("POST", redirectsPath("site_zzzz"), body), 404, 'site "site_zzzz" not found');
    expect(expectStatus(await eddie("GET", redirectsPath(site.id)), 200)).toEqual({ items: [], count: 0 });
  });
});

describe("GET /sites/{siteId}/redirects (pagination)", () => {
  it("walks 45 redirects in creation order with the default page size and with limit", async () => {
    const site = await createSite(ada, { title: "Many redirects" });
    const sources: string[] = [];
    for (let i = 0; i < 45; i++) {
      const source = `/old/${String(45 - i).padStart(2, "0")}`;
      sources.push(source);
      await createRedirect(site.id, source, { kind: "external", url: `https://example.com/${i}` });
    }
    const pages: Json[] = [];
    let page: string | undefined;
    do {
      const query = page === undefined ? "" : `?page=${page}`;
      const body = expectStatus(await ada("GET", `${redirectsPath(site.id)}${query}`), 200);
      pages.push(body);
      page = body.next?.page;
    } while (page !== undefined);
    expect(pages.map((body) => [body.items.length, body.count, "next" in body])).toEqual([
      [20, 45, true],
      [20, 45, true],
      [5, 45, false],
    ]);
    expect(pages.flatMap((body) => body.items.map((redirect: Json) => redirect.source))).toEqual(sources);

    const limited = await listAll(ada, redirectsPath(site.id), 7);
    expect(limited.map((redirect) => redirect.source)).toEqual(sources);
    const last = expectStatus(await ada("GET", `${redirectsPath(site.id)}?limit=45`), 200);
    expect([last.items.length, last.next]).toEqual([45, undefined]);
    expectError(
      await ada("GET", `${redirectsPath(site.id)}?limit=1001`),
      400,
      "limit: must be from 1 to 1000, got 1001",
    );
  });
});

describe("PATCH /sites/{siteId}/redirects/{redirectId}", () => {
  it("changes source and destination with the rules of create", async () => {
    const { site, section, guides } = await siteWithTargets();
    const redirect = await createRedirect(site.id, "/old", {
      kind: "site-section",
      siteSectionId: section.id,
    });
    const path = `${redirectsPath(site.id)}/${redirect.id}`;
    const moved = expectStatus(await ada("PATCH", path, { source: "/older" }), 200);
    expect(moved).toEqual({ ...redirect, source: "/older" });
    const retargeted = expectStatus(
      await ada("PATCH", path, { destination: { kind: "site-space", siteSpaceId: guides.id } }),
      200,
    );
    expect(retargeted).toEqual({
      ...redirect,
      source: "/older",
      destination: { kind: "site-space", siteSpaceId: guides.id },
    });
    expect(expectStatus(await ada("PATCH", path, { source: "/older" }), 200).source).toBe("/older");
    await createRedirect(site.id, "/taken", { kind: "external", url: "https://example.com" });
    expectError(
      await ada("PATCH", path, { source: "/taken" }),
      409,
      `source: site "${site.id}" already has a redirect from "/taken"`,
    );
    expectError(
      await ada("PATCH", path, { source: "/new", destination: { kind: "ftp", url: "x" } }),
      400,
      "destination.kind: must be one of site-section, site-space, site-page, external",
    );
    expectError(await ada("PATCH", path, { source: "/trailing/" }), 400, SOURCE_FORMAT);
    expect(expectStatus(await ada("GET", redirectsPath(site.id)), 200).items[0].source).toBe("/older");
    expectError(await eddie("PATCH", path, { source: "/mine" }), 403, ADMIN_ONLY);
    expectError(
      await ada("PATCH", `${redirectsPath(site.id)}/siteredir_zzzz`, { source: "/x" }),
      404,
      'site redirect "siteredir_zzzz" not found',
    );
  });
});

describe("DELETE /sites/{siteId}/redirects/{redirectId}", () => {
  it("answers 204 with an empty body, then 404", async () => {
    const { site } = await siteWithTargets();
    const redirect = await createRedirect(site.id, "/gone", { kind: "external", url: "https://example.com" });
    expectError(await eddie("DELETE", `${redirectsPath(site.id)}/${redirect.id}`), 403, ADMIN_ONLY);
    const answer = await ada("DELETE", `${redirectsPath(site.id)}/${redirect.id}`);
    expect([answer.status, answer.text]).toEqual([204, ""]);
    expect(await listAll(ada, redirectsPath(site.id))).toEqual([]);
    expectError(
      await ada("DELETE", `${redirectsPath(site.id)}/${redirect.id}`),
      404,
      `site redirect "${redirect.id}" not found`,
    );
  });
});

describe("GET /sites/{siteId}/redirect (lookup)", () => {
  it("answers the redirect and the absolute published URL of its destination", async () => {
    const { site, section, handbook, guides } = await siteWithTargets();
    const base = site.urls.published;
    const cases: [string, Json, string][] = [
      ["/to-section", { kind: "site-section", siteSectionId: section.id }, `${base}/docs`],
      ["/to-space", { kind: "site-space", siteSpaceId: guides.id }, `${base}/docs/guides`],
      [
        "/to-page",
        { kind: "site-page", siteSpaceId: handbook.id, pageId: "page_9" },
        `${base}/docs/handbook/page_9`,
      ],
      ["/to-web", { kind: "external", url: "https://example.com/x" }, "https://example.com/x"],
    ];
    for (const [source, destination, target] of cases) {
      const redirect = await createRedirect(site.id, source, destination);
      const found = expectStatus(
        await eddie("GET", `${SITES}/${site.id}/redirect?source=${source}&shareKey=k`),
        200,
      );
      expect(found).toEqual({ redirect, target });
    }
    // Targets follow later renames.
    expectStatus(await ada("PATCH", `${SITES}/${site.id}/sections/${section.id}`, { path: "manual" }), 200);
    expectStatus(await ada("PATCH", `${SITES}/${site.id}`, { basename: "help" }), 200);
    const renamed = expectStatus(await ada("GET", `${SITES}/${site.id}/redirect?source=/to-space`), 200);
    expect(renamed.target).toBe(`${base.slice(0, base.lastIndexOf("/"))}/help/manual/guides`);
  });

  it("answers 400 for a missing or malformed source and 404 for an unknown one", async () => {
    const { site } = await siteWithTargets();
    const lookup = `${SITES}/${site.id}/redirect`;
    expectError(await ada("GET", lookup), 400, "source: required");
    expectError(await ada("GET", `${lookup}?source=nope`), 400, SOURCE_FORMAT);
    expectError(
      await ada("GET", `${lookup}?source=/nope`),
      404,
      'site redirect with source "/nope" not found',
    );
    expectError(
      await callerAs(emulator, "usr_gus")("GET", `${lookup}?source=/a`),
      404,
      'organization "org_acme" not found',
    );
    expectUnauthorized(await callerWith(emulator, null)("GET", `${lookup}?source=/a`), "missing");
  });
});
