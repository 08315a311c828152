// Conformance of the docs sites endpoints (spec 4.9): create, read, list with filters, update,
// delete, adaptive schema and the published read model, over real HTTP.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  acmeHost,
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
  listAll,
  SITES,
  startEmulator,
} from "./sites-helpers.ts";

let emulator: Emulator;
let ada: Caller;
let eddie: Caller;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  ada = callerAs(emulator, "usr_ada");
  eddie = callerAs(emulator, "usr_eddie");
});
afterAll(async () => {
  await emulator.close();
});

describe("POST /orgs/{organizationId}/sites", () => {
  it("creates a basic, unpublished public site with defaults", async () => {
    const site = await createSite(ada);
    expect(site).toEqual({
      object: "site",
      id: expect.stringMatching(/^site_/),
      type: "basic",
      appliedType: "basic",
      title: "Untitled site",
      visibility: "public",
      defaultLevel: "read",
      permissions: {
        view: true,
        access: true,
        admin: true,
        edit: true,
        create: true,
        installIntegration: true,
        viewAdaptiveSchema: true,
        editAdaptiveSchema: true,
      },
      published: false,
      siteSpaces: 0,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      adaptiveContent: { enabled: false },
      features: [],
      urls: {
        location: `${emulator.url}/v1/orgs/org_acme/sites/${site.id}`,
        app: `https://app.docs.example/o/org_acme/sites/${site.id}`,
        published: `${acmeHost(emulator)}/untitled-site`,
        preview: `${acmeHost(emulator)}/~preview/${site.id}`,
      },
    });
    expect(expectStatus(await ada("GET", `${SITES}/${site.id}`), 200)).toEqual(site);
  });

  it("takes type, title, visibility, and existing spaces as root site spaces in order", async () => {
    const site = await createSite(ada, {
      type: "ultimate",
      title: "Développeurs & API",
      visibility: "share-link",
      spaces: ["spc_guides", "spc_handbook"],
    });
    expect(site).toMatchObject({
      type: "ultimate",
      title: "Développeurs & API",
      visibility: "share-link",
      siteSpaces: 2,
    });
    expect(site.urls.published).toBe(`${acmeHost(emulator)}/developpeurs-api`);
    expect(site.features.map((feature: { id: string }) => feature.id)).toEqual([
      "sites-basic-customization",
      "sites-custom-domain",
      "sites-sections",
      "sites-redirects",
      "sites-pdf-export",
      "sites-advanced-customization",
      "sites-adaptive-content",
      "sites-custom-subdirectory",
      "sites-ai-search",
    ]);
    const siteSpaces = await listAll(ada, `${SITES}/${site.id}/site-spaces`);
    expect(siteSpaces.map((entry) => [entry.space.id, entry.path, entry.default, entry.section])).toEqual([
      ["spc_guides", "guides", true, undefined],
      ["spc_handbook", "handbook", false, undefined],
    ]);
  });

  it("creates a new space of the organization for the site with the {new} form", async () => {
    const site = await createSite(ada, { title: "Brand docs", spaces: { new: { title: "Brand book" } } });
    const [siteSpace] = await listAll(ada, `${SITES}/${site.id}/site-spaces`);
    expect(siteSpace).toMatchObject({
      object: "site-space",
      path: "brand-book",
      title: "Brand book",
      default: true,
      space: { object: "space", title: "Brand book", organization: "org_acme" },
    });
    expect(emulator.state.spaces.get(siteSpace.space.id)?.organizationId).toBe("org_acme");
    const untitled = await createSite(ada, { title: "Named after the site", spaces: { new: {} } });
    const [derived] = await listAll(ada, `${SITES}/${untitled.id}/site-spaces`);
    expect(derived.space.title).toBe("Named after the site");
  });

  it.each([
    [{ color: "red" }, "color: unknown field"],
    [{ title: "A" }, "title: must be 2 to 128 characters, got 1"],
    [{ title: "x".repeat(129) }, "title: must be 2 to 128 characters, got 129"],
    [
      { type: "gold" },
      "type: must be one of basic, premium, ultimate, sponsored, legacy-basic, legacy-premium",
    ],
    [{ visibility: "private" }, "visibility: must be one of public, unlisted, share-link, visitor-auth"],
    [{ spaces: ["spc_nope"] }, 'spaces[0]: space "spc_nope" not found in organization "org_acme"'],
    [{ spaces: ["spc_guides", "spc_guides"] }, 'spaces[1]: space "spc_guides" is listed twice'],
    [{ spaces: [42] }, "spaces[0]: must be a space id string"],
    [{ spaces: "spc_guides" }, "spaces: must be an array of space ids or {new: {title}}"],
    [{ spaces: { old: {} } }, "spaces.old: unknown field"],
    [{ spaces: { new: { title: "" } } }, "spaces.new.title: must be 1 to 50 characters, got 0"],
    [[], "request body: must be a JSON object, got an array"],
  ])("answers 400 for %j", async (body, message) => {
    const before = emulator.state.spaces.size;
    expectError(await ada("POST", SITES, body), 400, message);
    expect(emulator.state.spaces.size).toBe(before);
  });

  it("refuses callers without a valid token, non-members and non-admins", async () => {
    expectUnauthorized(await callerWith(emulator, null)("POST", SITES, {}), "missing");
    expectUnauthorized(await callerWith(emulator, "tok_wrong")("POST", SITES, {}), "unknown");
    expectError(await eddie("POST", SITES, {}), 403, 'changing organization "org_acme" needs the admin role');
    expectError(
      await callerAs(emulator, "usr_gus")("POST", SITES, {}),
      404,
      'organization "org_acme" not found',
    );
  });
});

describe("the fields the service publishes beyond the spec", () => {
  it("shows the caller's permissions, and features whose ids are the service's for each type", async () => {
    const site = await createSite(ada, { type: "sponsored" });
    const read = expectStatus(await eddie("GET", `${SITES}/${site.id}`), 200);
    expect(read.permissions).toEqual({
      view: true,
      access: true,
      admin: false,
      edit: false,
      create: false,
      installIntegration: false,
      viewAdaptiveSchema: true,
      editAdaptiveSchema: false,
    });
    expect(read.appliedType).toBe("sponsored");
    expect(read.features[0]).toEqual({ id: "sites-ads", plan: "sponsored", frozen: true });
    const legacy = await createSite(ada, { type: "legacy-premium" });
    expect(legacy.features).toContainEqual({ id: "sites-sections", plan: "premium", frozen: true });
    for (const type of ["basic", "premium", "ultimate", "sponsored", "legacy-basic", "legacy-premium"]) {
      const { features } = await createSite(ada, { type });
      for (const feature of features) expect(feature.id).toMatch(/^sites-/);
    }
  });

  it("follows the organization: its default role as the default level, its hostname in the preview URL", async () => {
    const own = await startEmulator({ port: 0 });
    try {
      const admin = callerAs(own, "usr_ada");
      const site = await createSite(admin, { title: "Docs" });
      expectStatus(await admin("PATCH", "/orgs/org_acme", { hostname: "acme-docs", defaultRole: null }), 200);
      await admin("PATCH", `${SITES}/${site.id}`, { basename: "handbook", title: "Handbook" });
      const read = expectStatus(await admin("GET", `${SITES}/${site.id}`), 200);
      expect(read.defaultLevel).toBeNull();
      expect(read.urls.preview).toBe(`https://acme-docs.docs.example/~preview/${site.id}`);
      expect(read.urls.published).toBe("https://acme-docs.docs.example/handbook");
    } finally {
      await own.close();
    }
  });
});

describe("GET /orgs/{organizationId}/sites/{siteId}", () => {
  it("answers members of any role, 404 for unknown ids, other organizations' sites and non-members", async () => {
    const site = await createSite(ada, { title: "Readable" });
    expect(expectStatus(await callerAs(emulator, "usr_rita")("GET", `${SITES}/${site.id}`), 200).id).toBe(
      site.id,
    );
    expectError(await ada("GET", `${SITES}/site_zzzz`), 404, 'site "site_zzzz" not found');
    const gus = callerAs(emulator, "usr_gus");
    expectError(await gus("GET", `${SITES}/${site.id}`), 404, 'organization "org_acme" not found');
    const globexSite = expectStatus(await gus("POST", "/orgs/org_globex/sites", { title: "Globex" }), 201);
    expectError(await ada("GET", `${SITES}/${globexSite.id}`), 404, `site "${globexSite.id}" not found`);
  });

  it("answers 401 without a token and with an unknown token", async () => {
    const site = await createSite(ada, { title: "Guarded" });
    expectUnauthorized(await callerWith(emulator, null)("GET", `${SITES}/${site.id}`), "missing");
    expectUnauthorized(await callerWith(emulator, "tok_wrong")("GET", `${SITES}/${site.id}`), "unknown");
  });
});

describe("GET /orgs/{organizationId}/sites (filters)", () => {
  let filters: Emulator;
  let admin: Caller;
  const created: Record<string, string> = {};

  beforeAll(async () => {
    filters = await startEmulator({ port: 0 });
    admin = callerAs(filters, "usr_ada");
    const make = async (key: string, body: Record<string, unknown>) => {
      created[key] = (await createSite(admin, body)).id;
    };
    await make("docs", { title: "Public Docs", type: "premium", spaces: ["spc_handbook"] });
    await make("api", { title: "API reference", type: "ultimate", spaces: ["spc_api_v1", "spc_api_v2"] });
    await make("internal", { title: "Internal DOCS", type: "basic" });
    await make("sponsored", { title: "Community", type: "sponsored" });
    // A space used only inside a section still counts for the space filter.
    await createSection(admin, created.internal!, { spaceId: "spc_guides" });
  });
  afterAll(async () => {
    await filters.close();
  });

  const list = async (query: string) => ids(await listAll(admin, `${SITES}?${query}`));

  it("lists all sites in creation order", async () => {
    expect(await list("")).toEqual([created.docs, created.api, created.internal, created.sponsored]);
  });

  it("filters by title (case-insensitive contains), type (repeatable and comma-separated), published, space", async () => {
    expect(await list("title=docs")).toEqual([created.docs, created.internal]);
    expect(await list("type=ultimate")).toEqual([created.api]);
    expect(await list("type=basic&type=premium")).toEqual([created.docs, created.internal]);
    expect(await list("type=sponsored,ultimate")).toEqual([created.api, created.sponsored]);
    expect(await list("published=false")).toHaveLength(4);
    expect(await list("published=true")).toEqual([]);
    expect(await list("space=spc_api_v2")).toEqual([created.api]);
    expect(await list("space=spc_guides")).toEqual([created.internal]);
    expect(await list("space=spc_guides&title=docs&type=basic")).toEqual([created.internal]);
  });

  it("answers 400 for malformed filters and 404 for non-members", async () => {
    expectError(
      await admin("GET", `${SITES}?published=yes`),
      400,
      'published: must be true or false, got "yes"',
    );
    expectError(
      await admin("GET", `${SITES}?type=basic,gold`),
      400,
      'type: must be one of basic, premium, ultimate, sponsored, legacy-basic, legacy-premium, got "gold"',
    );
    expectError(await callerAs(filters, "usr_gus")("GET", SITES), 404, 'organization "org_acme" not found');
  });

  it("pages with limit", async () => {
    const first = expectStatus(await admin("GET", `${SITES}?limit=3`), 200);
    expect(first.count).toBe(4);
    expect(ids(first.items)).toEqual([created.docs, created.api, created.internal]);
    const second = expectStatus(await admin("GET", `${SITES}?limit=3&page=${first.next.page}`), 200);
    expect(ids(second.items)).toEqual([created.sponsored]);
    expect(second.next).toBeUndefined();
  });
});

describe("PATCH /orgs/{organizationId}/sites/{siteId}", () => {
  it("updates title, visibility, basename and adaptive content; the published URL follows", async () => {
    const site = await createSite(ada, { title: "Old name" });
    const patched = expectStatus(
      await ada("PATCH", `${SITES}/${site.id}`, {
        title: "New name",
        visibility: "visitor-auth",
        adaptiveContent: { enabled: true },
      }),
      200,
    );
    expect(patched).toMatchObject({
      title: "New name",
      visibility: "visitor-auth",
      adaptiveContent: { enabled: true },
    });
    expect(patched.urls.published).toBe(`${acmeHost(emulator)}/new-name`);
    const based = expectStatus(await ada("PATCH", `${SITES}/${site.id}`, { basename: "docs.v2_~x" }), 200);
    expect(based.basename).toBe("docs.v2_~x");
    expect(based.urls.published).toBe(`${acmeHost(emulator)}/docs.v2_~x`);
    expect(based.title).toBe("New name");
  });

  it("sets a proxy whose target is the live published URL, and removes it with null", async () => {
    const site = await createSite(ada, { title: "Proxied" });
    const proxied = expectStatus(
      await ada("PATCH", `${SITES}/${site.id}`, { proxy: "https://acme.com/docs" }),
      200,
    );
    expect(proxied.proxy).toEqual({
      origin: "https://acme.com/docs",
      target: `${acmeHost(emulator)}/proxied`,
    });
    const renamed = expectStatus(await ada("PATCH", `${SITES}/${site.id}`, { basename: "handbook" }), 200);
    expect(renamed.proxy).toEqual({
      origin: "https://acme.com/docs",
      target: `${acmeHost(emulator)}/handbook`,
    });
    const kept = expectStatus(await ada("PATCH", `${SITES}/${site.id}`, { title: "Proxied again" }), 200);
    expect(kept.proxy.origin).toBe("https://acme.com/docs");
    const removed = expectStatus(await ada("PATCH", `${SITES}/${site.id}`, { proxy: null }), 200);
    expect("proxy" in removed).toBe(false);
  });

  it("takes the service's own proxy form, a host and path without a scheme, and shows it as sent", async () => {
    const site = await createSite(ada, { title: "Proxied bare" });
    const bare = `acme-docs.example.co.uk/${"d".repeat(512 - "acme-docs.example.co.uk/".length)}`;
    const proxied = expectStatus(await ada("PATCH", `${SITES}/${site.id}`, { proxy: bare }), 200);
    expect(proxied.proxy).toEqual({ origin: bare, target: `${acmeHost(emulator)}/proxied-bare` });
    const nested = expectStatus(
      await ada("PATCH", `${SITES}/${site.id}`, { proxy: "acme.com/docs/v2" }),
      200,
    );
    expect(nested.proxy.origin).toBe("acme.com/docs/v2");
  });

  it("sets the default root site space, and the default section and its default site space", async () => {
    const site = await createSite(ada, { spaces: ["spc_handbook", "spc_guides"] });
    const [, guides] = await listAll(ada, `${SITES}/${site.id}/site-spaces`);
    expectStatus(await ada("PATCH", `${SITES}/${site.id}`, { defaultSiteSpace: guides.id }), 200);
    const roots = await listAll(ada, `${SITES}/${site.id}/site-spaces?default=true`);
    expect(ids(roots)).toEqual([guides.id]);

    const first = await createSection(ada, site.id, { spaceId: "spc_api_v1", title: "Everything" });
    const second = await createSection(ada, site.id, { spaceId: "spc_api_v2" });
    const v2 = second.siteSpaces[0];
    expectError(
      await ada("PATCH", `${SITES}/${site.id}`, { defaultSiteSpace: v2.id }),
      400,
      `defaultSiteSpace: site space "${v2.id}" is not in the default section "${first.id}"`,
    );
    // Switching the default section in the same request makes its site spaces eligible.
    expectStatus(
      await ada("PATCH", `${SITES}/${site.id}`, { defaultSiteSection: second.id, defaultSiteSpace: v2.id }),
      200,
    );
    const sections = await listAll(ada, `${SITES}/${site.id}/sections`);
    expect(sections.map((section) => [section.id, section.default])).toEqual([
      [first.id, false],
      [second.id, true],
    ]);
    expectError(
      await ada("PATCH", `${SITES}/${site.id}`, { defaultSiteSection: "sitesc_nope" }),
      400,
      `defaultSiteSection: site section "sitesc_nope" not found in site "${site.id}"`,
    );
    expectError(
      await ada("PATCH", `${SITES}/${site.id}`, { defaultSiteSpace: "sitesp_nope" }),
      400,
      `defaultSiteSpace: site space "sitesp_nope" not found in site "${site.id}"`,
    );
  });

  it("rejects a site space outside the root as default of a site without sections", async () => {
    const site = await createSite(ada, { spaces: ["spc_handbook"] });
    const other = await createSite(ada, { spaces: ["spc_guides"] });
    const [foreign] = await listAll(ada, `${SITES}/${other.id}/site-spaces`);
    expectError(
      await ada("PATCH", `${SITES}/${site.id}`, { defaultSiteSpace: foreign.id }),
      400,
      `defaultSiteSpace: site space "${foreign.id}" not found in site "${site.id}"`,
    );
  });

  it.each([
    [{ published: true }, "published: unknown field"],
    [{ title: "x" }, "title: must be 2 to 128 characters, got 1"],
    [{ basename: "" }, "basename: must be 1 to 100 characters, got 0"],
    [{ basename: "a/b" }, "basename: must match ^[A-Za-z0-9._~-]+$ (one URL segment)"],
    [{ basename: null }, "basename: must not be null"],
    [{ adaptiveContent: { enabled: true, audience: "all" } }, "adaptiveContent.audience: unknown field"],
    [{ adaptiveContent: {} }, "adaptiveContent.enabled: required"],
    [{ adaptiveContent: { enabled: "yes" } }, "adaptiveContent.enabled: must be a boolean, got a string"],
    [{ proxy: "ftp://acme.com/docs" }, "proxy: must be an absolute http or https URL"],
    [
      { proxy: "acme.com" },
      "proxy: must be a host and path such as acme.com/docs, or an absolute http or https URL",
    ],
    [
      { proxy: "acme/docs" },
      "proxy: must be a host and path such as acme.com/docs, or an absolute http or https URL",
    ],
    [
      { proxy: "acme.com/docs/" },
      "proxy: must be a host and path such as acme.com/docs, or an absolute http or https URL",
    ],
    [{ proxy: `acme.com/${"d".repeat(504)}` }, "proxy: must be at most 512 characters, got 513"],
    [{ proxy: 5 }, "proxy: must be a URL string, got a number"],
    [
      { visibility: "in-collection" },
      "visibility: must be one of public, unlisted, share-link, visitor-auth",
    ],
  ])("answers 400 for %j and changes nothing", async (body, message) => {
    const site = await createSite(ada, { title: "Stable", type: "premium" });
    expectError(await ada("PATCH", `${SITES}/${site.id}`, { title: "Changed", ...body }), 400, message);
    expect(expectStatus(await ada("GET", `${SITES}/${site.id}`), 200)).toEqual(site);
  });

  it("answers 403 for non-admins and 404 for unknown sites", async () => {
    const site = await createSite(ada);
    expectError(
      await eddie("PATCH", `${SITES}/${site.id}`, { title: "Mine" }),
      403,
      'changing organization "org_acme" needs the admin role',
    );
    expectError(
      await ada("PATCH", `${SITES}/site_zzzz`, { title: "Mine" }),
      404,
      'site "site_zzzz" not found',
    );
  });
});

describe("DELETE /orgs/{organizationId}/sites/{siteId}", () => {
  it("answers 204 with an empty body and removes everything of the site", async () => {
    const site = await createSite(ada, { spaces: ["spc_handbook"] });
    const section = await createSection(ada, site.id, { spaceId: "spc_guides" });
    expectStatus(
      await ada("POST", `${SITES}/${site.id}/redirects`, {
        source: "/old",
        destination: { kind: "site-section", siteSectionId: section.id },
      }),
      201,
    );
    expectError(
      await eddie("DELETE", `${SITES}/${site.id}`),
      403,
      'changing organization "org_acme" needs the admin role',
    );
    const answer = await ada("DELETE", `${SITES}/${site.id}`);
    expect(answer.status).toBe(204);
    expect(answer.text).toBe("");
    expectError(await ada("GET", `${SITES}/${site.id}`), 404, `site "${site.id}" not found`);
    expectError(await ada("GET", `${SITES}/${site.id}/sections`), 404, `site "${site.id}" not found`);
    expectError(await ada("GET", `${SITES}/${site.id}/redirects`), 404, `site "${site.id}" not found`);
    expectError(await ada("DELETE", `${SITES}/${site.id}`), 404, `site "${site.id}" not found`);
    expect(ids(await listAll(ada, `${SITES}?space=spc_guides`))).not.toContain(site.id);
  });
});

describe("the siteSpaces counter", () => {
  it("counts the site spaces of the site at root level and in every section", async () => {
    const site = await createSite(ada, { spaces: ["spc_handbook", "spc_guides"] });
    const count = async () => expectStatus(await ada("GET", `${SITES}/${site.id}`), 200).siteSpaces;
    expect(await count()).toBe(2);
    const first = await createSection(ada, site.id, { spaceId: "spc_api_v1" });
    expect(await count()).toBe(3);
    const second = await createSection(ada, site.id, { spaceId: "spc_api_v2" });
    await createSiteSpace(ada, site.id, { spaceId: "spc_handbook", sectionId: second.id });
    expect(await count()).toBe(5);
    expectStatus(await ada("DELETE", `${SITES}/${site.id}/site-spaces/${first.siteSpaces[0].id}`), 204);
    expect(await count()).toBe(4);
    expectStatus(await ada("DELETE", `${SITES}/${site.id}/sections/${second.id}`), 204);
    expect(await count()).toBe(2);
  });
});

describe("adaptive schema", () => {
  const schemaPath = (siteId: string) => `${SITES}/${siteId}/adaptive-schema`;

  it("starts empty and stores the schema exactly as sent", async () => {
    const site = await createSite(ada);
    expect(expectStatus(await ada("GET", schemaPath(site.id)), 200)).toEqual({
      object: "site-adaptive-schema",
      jsonSchema: { type: "object", properties: {}, additionalProperties: false },
      updatedAt: site.createdAt,
    });
    const jsonSchema = {
      additionalProperties: true,
      properties: {
        plan: { type: "string", description: "Visitor plan" },
        seats: { type: "integer" },
        beta: { type: "boolean" },
      },
      type: "object",
      required: ["plan"],
    };
    const put = expectStatus(await ada("PUT", schemaPath(site.id), { jsonSchema }), 200);
    expect(put).toEqual({ object: "site-adaptive-schema", jsonSchema, updatedAt: expect.any(String) });
    expect(Object.keys(put.jsonSchema)).toEqual(["additionalProperties", "properties", "type", "required"]);
    expect(expectStatus(await ada("GET", schemaPath(site.id)), 200)).toEqual(put);
    expect(expectStatus(await ada("PUT", schemaPath(site.id), { jsonSchema: {} }), 200).jsonSchema).toEqual(
      {},
    );
  });

  it.each([
    [{}, "jsonSchema: required"],
    [{ jsonSchema: [] }, "jsonSchema: must be an object, got an array"],
    [{ jsonSchema: {}, version: 2 }, "version: unknown field"],
    [{ jsonSchema: { type: "array" } }, "jsonSchema.type: must be one of object"],
    [
      { jsonSchema: { additionalProperties: "no" } },
      "jsonSchema.additionalProperties: must be a boolean, got a string",
    ],
    [{ jsonSchema: { oneOf: [] } }, "jsonSchema.oneOf: unknown field"],
    [{ jsonSchema: { properties: [] } }, "jsonSchema.properties: must be an object, got an array"],
    [
      { jsonSchema: { properties: { plan: "string" } } },
      "jsonSchema.properties.plan: must be an object, got a string",
    ],
    [{ jsonSchema: { properties: { plan: {} } } }, "jsonSchema.properties.plan.type: required"],
    [
      { jsonSchema: { properties: { plan: { type: "date" } } } },
      "jsonSchema.properties.plan.type: must be one of string, number, integer, boolean, array, object",
    ],
    [
      { jsonSchema: { properties: { plan: { type: "string", format: "email" } } } },
      "jsonSchema.properties.plan.format: unknown field",
    ],
    [
      { jsonSchema: { properties: { plan: { type: "string" } }, required: ["tier"] } },
      'jsonSchema.required[0]: "tier" is not one of jsonSchema.properties',
    ],
  ])("answers 400 for %j", async (body, message) => {
    const site = await createSite(ada);
    expectError(await ada("PUT", schemaPath(site.id), body), 400, message);
  });

  it("needs admin to change, membership to read", async () => {
    const site = await createSite(ada);
    expectError(
      await eddie("PUT", schemaPath(site.id), { jsonSchema: {} }),
      403,
      'changing organization "org_acme" needs the admin role',
    );
    expectStatus(await eddie("GET", schemaPath(site.id)), 200);
    expectError(await ada("GET", schemaPath("site_zzzz")), 404, 'site "site_zzzz" not found');
    expectUnauthorized(
      await callerWith(emulator, null)("PUT", schemaPath(site.id), { jsonSchema: {} }),
      "missing",
    );
    expectUnauthorized(await callerWith(emulator, "tok_wrong")("GET", schemaPath(site.id)), "unknown");
    expectError(
      await callerAs(emulator, "usr_gus")("GET", schemaPath(site.id)),
      404,
      'organization "org_acme" not found',
    );
  });
});

describe("GET /orgs/{organizationId}/sites/{siteId}/published", () => {
  it("shows root site spaces for a site without sections", async () => {
    const site = await createSite(ada, { title: "Flat", spaces: ["spc_handbook", "spc_guides"] });
    const published = expectStatus(await ada("GET", `${SITES}/${site.id}/published?shareKey=anything`), 200);
    expect(published.object).toBe("published-content-site");
    expect(published.site).toEqual(site);
    expect(published.structure.type).toBe("siteSpaces");
    expect(published.structure.structure.map((entry: { space: { id: string } }) => entry.space.id)).toEqual([
      "spc_handbook",
      "spc_guides",
    ]);
    expect(published.customizations.site).toMatchObject({
      title: "Flat",
      internationalization: { locale: "en" },
    });
    expect(Object.keys(published.customizations.site)).toEqual([
      "title",
      "styling",
      "internationalization",
      "favicon",
      "header",
      "footer",
      "announcement",
      "themes",
      "pdf",
      "feedback",
      "aiSearch",
    ]);
  });

  it("shows sections in navigation order for a site with sections", async () => {
    const site = await createSite(ada, { title: "Sectioned" });
    const a = await createSection(ada, site.id, { spaceId: "spc_handbook" });
    const b = await createSection(ada, site.id, { spaceId: "spc_guides" });
    expectStatus(
      await ada("POST", `${SITES}/${site.id}/sections/${b.id}/move`, {
        position: { before: { type: "site-section", siteSection: a.id } },
      }),
      200,
    );
    const published = expectStatus(await ada("GET", `${SITES}/${site.id}/published`), 200);
    expect(published.structure.type).toBe("sections");
    expect(ids(published.structure.structure)).toEqual([b.id, a.id]);
    expect(published.structure.structure[0].object).toBe("site-section");
    expectError(await ada("GET", `${SITES}/site_zzzz/published`), 404, 'site "site_zzzz" not found');
    expectUnauthorized(await callerWith(emulator, null)("GET", `${SITES}/${site.id}/published`), "missing");
    expectUnauthorized(
      await callerWith(emulator, "tok_wrong")("GET", `${SITES}/${site.id}/published`),
      "unknown",
    );
    expectError(
      await callerAs(emulator, "usr_gus")("GET", `${SITES}/${site.id}/published`),
      404,
      'organization "org_acme" not found',
    );
  });
});
