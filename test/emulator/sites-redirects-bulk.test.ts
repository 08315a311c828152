// The service's bulk redirect operation (service facts, not in the spec): PUT .../redirects with
// 1 to 500 items, each applied on its own and in order, one result per item.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Caller,
  callerAs,
  createSection,
  createSite,
  type Emulator,
  expectError,
  expectStatus,
  type Json,
  listAll,
  SITES,
  startEmulator,
} from "./sites-helpers.ts";

let emulator: Emulator;
let lenient: Emulator;
let ada: Caller;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  lenient = await startEmulator({ port: 0, strict: false });
  ada = callerAs(emulator, "usr_ada");
});
afterAll(async () => {
  await emulator.close();
  await lenient.close();
});

const redirectsPath = (siteId: string) => `${SITES}/${siteId}/redirects`;
const external = (url: string) => ({ kind: "external", url });

async function siteWithSection(): Promise<{ site: Json; section: Json }> {
  const site = await createSite(ada, { title: "Bulk", spaces: ["spc_handbook"] });
  const section = await createSection(ada, site.id, { spaceId: "spc_handbook", title: "Docs" });
  return { site, section };
}

async function bulk(siteId: string, redirects: unknown[]): Promise<Json[]> {
  return expectStatus(await ada("PUT", redirectsPath(siteId), { redirects }), 200).results;
}

async function sourcesAndDestinations(siteId: string): Promise<[string, Json][]> {
  const listed = await listAll(ada, redirectsPath(siteId));
  return listed.map((redirect) => [redirect.source, redirect.destination]);
}

describe("PUT /sites/{siteId}/redirects", () => {
  it("creates, updates and deletes by source, one result per item in order", async () => {
    const { site, section } = await siteWithSection();
    const toSection = { kind: "site-section", siteSectionId: section.id };
    const first = await bulk(site.id, [
      { source: "/a", destination: external("https://example.com/a") },
      { source: "/b", destination: toSection, permanent: true, captureWildcard: false },
    ]);
    expect(first).toEqual([
      { status: "created", source: "/a", id: expect.stringMatching(/^siteredir_/), draft: false },
      { status: "created", source: "/b", id: expect.stringMatching(/^siteredir_/), draft: false },
    ]);
    const second = await bulk(site.id, [
      { source: "/a", destination: toSection },
      { source: "/b", destination: null },
      { source: "/c", destination: external("https://example.com/c") },
    ]);
    expect(second).toEqual([
      { status: "updated", source: "/a", id: first[0].id, draft: false },
      { status: "deleted", source: "/b", draft: false },
      { status: "created", source: "/c", id: expect.stringMatching(/^siteredir_/), draft: false },
    ]);
    expect(await sourcesAndDestinations(site.id)).toEqual([
      ["/a", toSection],
      ["/c", external("https://example.com/c")],
    ]);
  });

  it("keeps permanent and captureWildcard: false for a new redirect unless given, kept on update unless given", async () => {
    const { site, section } = await siteWithSection();
    const toSection = { kind: "site-section", siteSectionId: section.id };
    await bulk(site.id, [
      { source: "/plain", destination: toSection },
      { source: "/moved", destination: toSection, permanent: true, captureWildcard: true },
    ]);
    const behaviour = async () =>
      (await listAll(ada, redirectsPath(site.id))).map((redirect) => [
        redirect.source,
        redirect.permanent,
        redirect.captureWildcard,
        redirect.draft,
      ]);
    expect(await behaviour()).toEqual([
      ["/plain", false, false, false],
      ["/moved", true, true, false],
    ]);
    await bulk(site.id, [
      { source: "/plain", destination: toSection, permanent: true },
      { source: "/moved", destination: external("https://example.com"), captureWildcard: false },
    ]);
    expect(await behaviour()).toEqual([
      ["/plain", true, false, false],
      ["/moved", true, false, false],
    ]);
  });

  it("reports an item's error in its result and applies the other items", async () => {
    const { site } = await siteWithSection();
    const results = await bulk(site.id, [
      { source: "/a", destination: external("https://example.com/1") },
      { source: "/b", destination: { kind: "site-section", siteSectionId: "sitesc_zzzz" } },
      { source: "/a", destination: external("https://example.com/2") },
      { source: "/gone", destination: null },
      { source: "/c", destination: external("https://example.com/3") },
    ]);
    expect(results.map((result: Json) => [result.status, result.error])).toEqual([
      ["created", undefined],
      ["error", `destination.siteSectionId: site section "sitesc_zzzz" not found in site "${site.id}"`],
      ["error", 'source: "/a" is also the source of item 0 of this request'],
      ["error", `source: site "${site.id}" has no redirect from "/gone"`],
      ["created", undefined],
    ]);
    expect(results[1]).toEqual({ status: "error", source: "/b", draft: false, error: results[1].error });
    expect(await sourcesAndDestinations(site.id)).toEqual([
      ["/a", external("https://example.com/1")],
      ["/c", external("https://example.com/3")],
    ]);
  });

  it("applies the items in order, so a source released earlier in the request can be claimed later", async () => {
    const { site } = await siteWithSection();
    await bulk(site.id, [{ source: "/old", destination: external("https://example.com/old") }]);
    const results = await bulk(site.id, [
      { source: "/old", destination: null },
      { source: "/new", destination: external("https://example.com/old") },
    ]);
    expect(results.map((result: Json) => result.status)).toEqual(["deleted", "created"]);
    expect(await sourcesAndDestinations(site.id)).toEqual([["/new", external("https://example.com/old")]]);
  });

  it("takes 500 items and refuses 501 or none", async () => {
    const { site } = await siteWithSection();
    const items = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        source: `/p${i}`,
        destination: external(`https://example.com/${i}`),
      }));
    expectError(
      await ada("PUT", redirectsPath(site.id), { redirects: [] }),
      400,
      "redirects: must have at least 1 item",
    );
    expectError(
      await ada("PUT", redirectsPath(site.id), { redirects: items(501) }),
      400,
      "redirects: must have at most 500 items, got 501",
    );
    expect(await listAll(ada, redirectsPath(site.id))).toEqual([]);
    const results = await bulk(site.id, items(500));
    expect(results.filter((result: Json) => result.status === "created")).toHaveLength(500);
  });

  it.each([
    [undefined, "request body: required"],
    [{}, "redirects: required"],
    [{ redirects: { source: "/a" } }, "redirects: must be an array of redirects"],
    [
      { redirects: [{ source: "/a", destination: null }, "x"] },
      "redirects[1]: must be an object, got a string",
    ],
    [{ redirects: [{ destination: null }] }, "redirects[0].source: required"],
    [{ redirects: [{ source: "/a" }] }, "redirects[0].destination: required"],
    [
      {
        redirects: [
          { source: "/a", destination: null },
          { source: "/b/", destination: null },
        ],
      },
      "redirects[1].source: must match an absolute path like /a/b: segments of unreserved characters or percent-encoded bytes, no trailing /",
    ],
    [{ redirects: [{ source: "/a", destination: {} }] }, "redirects[0].destination.kind: required"],
    [
      { redirects: [{ source: "/a", destination: { kind: "site-section" } }] },
      "redirects[0].destination.siteSectionId: required",
    ],
    [
      { redirects: [{ source: "/a", destination: null, permanent: "yes" }] },
      "redirects[0].permanent: must be a boolean, got a string",
    ],
    [
      { redirects: [{ source: "/a", destination: null, captureWildcard: 1 }] },
      "redirects[0].captureWildcard: must be a boolean, got a number",
    ],
    [{ redirects: [{ source: "/a", destination: null, note: "x" }] }, "redirects[0].note: unknown field"],
    [{ redirects: [{ source: "/a", destination: null }], dryRun: true }, "dryRun: unknown field"],
  ])("answers 400 for the whole request with %j, and changes nothing", async (body, message) => {
    const { site } = await siteWithSection();
    const valid = { source: "/kept", destination: external("https://example.com") };
    const withValidFirst =
      body && Array.isArray((body as Json).redirects)
        ? { ...body, redirects: [valid, ...(body as Json).redirects] }
        : body;
    const answer = await ada("PUT", redirectsPath(site.id), withValidFirst);
    // With a valid item first, the malformed item's index moves by one.
    const shifted = message.replace(/^redirects\[(\d+)\]/, (_, i) => `redirects[${Number(i) + 1}]`);
    expectError(answer, 400, shifted);
    expect(await listAll(ada, redirectsPath(site.id))).toEqual([]);
  });

  it("ignores an unknown field of an item when the emulator is not strict", async () => {
    const call = callerAs(lenient, "usr_ada");
    const site = expectStatus(await call("POST", SITES, { title: "Lenient" }), 201);
    const answer = await call("PUT", redirectsPath(site.id), {
      redirects: [{ source: "/a", destination: external("https://example.com"), note: "x" }],
    });
    expect(expectStatus(answer, 200).results.map((result: Json) => result.status)).toEqual(["created"]);
  });

  it("needs the admin role and a known site", async () => {
    const eddie = callerAs(emulator, "usr_eddie");
    const { site } = await siteWithSection();
    const body = { redirects: [{ source: "/a", destination: null }] };
    expectError(
      await eddie("PUT", redirectsPath(site.id), body),
      403,
      'changing organization "org_acme" needs the admin role',
    );
    expectError(await ada("PUT", redirectsPath("site_zzzz"), body), 404, 'site "site_zzzz" not found');
  });

  it("answers 404 when the operation is switched off, as a service without it does", async () => {
    const { site } = await siteWithSection();
    emulator.removeRoutes(["PUT /orgs/:organizationId/sites/:siteId/redirects"]);
    try {
      const path = redirectsPath(site.id);
      const answer = await ada("PUT", path, { redirects: [{ source: "/a", destination: null }] });
      expectError(answer, 404, `no route for PUT /v1${path}`);
      // The spec's operations on the same path go on answering.
      expectStatus(await ada("GET", path), 200);
    } finally {
      emulator.restoreRoutes();
    }
  });
});
