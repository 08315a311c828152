// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are configuration text, with its interpolation syntax.
// docsync export: the configuration of a live organization that loads, validates and plans to no
// change against it. Every example is applied and exported, then the export is planned; a live
// state made by hand through the API round-trips the same way.

import { readFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { CONFIGURATION_EXAMPLES } from "../support/examples.ts";
import { type Harness, startHarness } from "../support/harness.ts";

const EXAMPLES = CONFIGURATION_EXAMPLES;

// biome-ignore lint/suspicious/noExplicitAny: answers and exported documents are checked by the assertions.
type Json = any;

const HEADER =
  /^# docsync configuration of organization org_acme \(Acme Inc\), exported on \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\.\n/;
const NO_CHANGES = "No changes: live state matches the configuration.\n";
const ORG_WIDE_NOTE =
  "  # Live sites, collections, teams, members, custom fields, SAML providers, OpenAPI specs and translations that this file does not list are left alone.\n" +
  "  # To have docsync delete them, add sites, collections, teams, members, customFields, samlProviders, openApiSpecs, translations to prune.\n" +
  "  prune:\n" +
  ["sections", "sectionGroups", "externalLinks", "siteSpaces", "redirects", "shareLinks", "permissions"]
    .map((kind) => `    - ${kind}\n`)
    .join("");

/** Each space's id by its name under `spaces:`: an entry is `name: id` or `name: {id, ...}`. */
const spaceIds = (spaces: Json): Record<string, string> =>
  Object.fromEntries(
    Object.entries(spaces).map(([name, entry]) => [
      name,
      typeof entry === "string" ? entry : (entry as Json).id,
    ]),
  );

describe("docsync export", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  /** The examples run against their own fixture, as the quick start runs them. */
  async function examplesFixture(): Promise<void> {
    await h.close();
    h = await startHarness({ fixture: "examples/emulator-fixture.yaml" });
  }

  /**
   * Exports to a new file, checks that it is valid and plans to nothing once `env` sets the
   * variables it names in place of secrets to their live values; returns its text.
   */
  async function roundTrip(
    extra: string[] = [],
    env: NodeJS.ProcessEnv = {},
  ): Promise<{ text: string; doc: Json; stderr: string; file: string }> {
    const file = await h.config("", "exported.yaml");
    const exported = await h.run(["export", "-o", file, "--force", ...extra]);
    expect(exported.code).toBe(0);
    expect(exported.stdout).toContain(`Exported organization org_acme to ${file}: `);
    const text = await readFile(file, "utf8");
    expect(text).toMatch(HEADER);
    expect(text).not.toContain(h.emulator.token);
    const validate = await h.run(["validate", "-c", file], { env });
    expect(validate.stderr).toBe("");
    expect(validate.code).toBe(0);
    h.emulator.resetLog();
    const plan = await h.run(["plan", "-c", file, "--detailed-exitcode"], { env });
    expect(plan.stderr).toBe("");
    expect(plan.stdout).toBe(NO_CHANGES);
    expect(plan.code).toBe(0);
    expect(h.writes()).toBe(0);
    return { text, doc: parse(text), stderr: exported.stderr, file };
  }

  /**
   * The sites as exported, each checked to hold its customization (its own, or a brand's it
   * extends), then without it.
   */
  const withoutCustomization = (doc: Json) =>
    (doc.sites as Json[]).map(({ customization, published, shareLinks, ...site }: Json) => {
      const brand = customization.extends === undefined ? {} : doc.branding[customization.extends];
      expect({ ...brand.styling, ...customization.styling }).toHaveProperty("theme");
      // Its audience as a new site has it: unpublished, without share links.
      expect({ published, shareLinks }).toEqual({ published: false, shareLinks: [] });
      return site;
    });

  it("iterates every example", () => {
    expect(EXAMPLES).toEqual([
      "examples/branding",
      "examples/multi-section",
      "examples/multi-section-reorganized",
      "examples/organization",
      "examples/single-site",
    ]);
  });

  /** The certificate examples/organization gives its SAML provider, as `${file:…}` reads it. */
  const oktaCertificate = async () =>
    (await readFile("examples/organization/okta.pem", "utf8")).replace(/\r?\n$/, "");

  for (const example of EXAMPLES) {
    it(`${example}: apply, export, then the export validates and plans to no change`, async () => {
      await examplesFixture();
      const apply = await h.run(["apply", "-c", example, "--yes"]);
      expect(apply.code).toBe(0);
      const withCertificate = example.endsWith("organization");
      const env = withCertificate ? { SAML_OKTA_CERTIFICATE: await oktaCertificate() } : {};
      const { doc, stderr } = await roundTrip([], env);
      // The one secret of the examples, the SAML certificate, is a variable to set.
      expect(stderr).toEqual(
        withCertificate
          ? expect.stringContaining('  SAML_OKTA_CERTIFICATE: the certificate of SAML provider "Okta"\n')
          : "",
      );
      expect(doc.version).toBe(1);
      expect(doc.organization).toBe("org_acme");
      // The teams the example adds (the fixture has none), always exported, in the live order
      // (made concurrently: any).
      const teams = {
        "examples/organization": ["Reviewers", "Support", "Writers"],
        "examples/branding": ["Writers"],
      };
      expect(doc.teams.map((team: Json) => team.title).sort()).toEqual(
        teams[example as keyof typeof teams] ?? [],
      );
    });
  }

  it("examples/multi-section: sections in groups, defaults, conditions and redirects by section", async () => {
    await h.run(["apply", "-c", "examples/multi-section", "--yes"]);
    const { doc, text } = await roundTrip();
    const [site] = await h.api.list<Json>(`/orgs/${h.org}/sites`);
    const [group] = await h.api.list<Json>(`/orgs/${h.org}/sites/${site.id}/section-groups`);
    // Titles are not unique in the API: each site and group is pinned by its id, after its title.
    expect(text).toContain(`\nsites:\n  - title: Acme Docs\n    id: ${site.id}\n    type: premium\n`);
    expect(text).toContain(`      - group: Developers\n        id: ${group.id}\n        icon: code\n`);
    expect(spaceIds(doc.spaces)).toEqual({
      guides: "spc_guides",
      "api-v2": "spc_api_v2",
      "api-v1": "spc_api_v1",
      sdk: "spc_sdk",
      changelog: "spc_changelog",
    });
    expect(withoutCustomization(doc)).toEqual([
      {
        title: "Acme Docs",
        id: site.id,
        type: "premium",
        visibility: "public",
        basename: "docs",
        proxy: "acme.example/docs",
        adaptiveContent: { enabled: true },
        adaptiveSchema: {
          properties: {
            plan: { type: "string", description: "The visitor's plan" },
            beta: { type: "boolean", description: "Enrolled in the beta programme" },
          },
          additionalProperties: false,
        },
        sections: [
          {
            path: "guides",
            title: "Guides",
            icon: "book-open",
            default: true,
            siteSpaces: [{ space: "guides", path: "guides", default: true }],
          },
          {
            group: "Developers",
            id: group.id,
            icon: "code",
            sections: [
              {
                path: "api",
                title: "API reference",
                description: "Every endpoint, with examples",
                siteSpaces: [
                  { space: "api-v2", path: "v2", default: true },
                  { space: "api-v1", path: "v1" },
                ],
              },
              {
                path: "sdk",
                title: "SDK",
                condition: "visitor.claims.beta == true",
                siteSpaces: [{ space: "sdk", path: "sdk", default: true }],
              },
            ],
          },
          {
            path: "changelog",
            title: "Changelog",
            siteSpaces: [{ space: "changelog", path: "changelog", default: true }],
          },
        ],
        redirects: expect.arrayContaining([
          { source: "/reference", to: { section: "api" } },
          { source: "/getting-started", to: { section: "guides" } },
          { source: "/releases", to: { section: "changelog" } },
        ]),
        permissions: [],
      },
    ]);
    expect(doc.sites[0].redirects).toHaveLength(3);
    expect(doc.policy).toEqual({
      prune: [
        "sections",
        "sectionGroups",
        "externalLinks",
        "siteSpaces",
        "redirects",
        "shareLinks",
        "permissions",
      ],
    });
  });

  it("examples/organization: the certificate as a variable to set, the default team by title", async () => {
    await examplesFixture();
    await h.run(["apply", "-c", "examples/organization", "--yes"]);
    const certificate = await oktaCertificate();
    const { text, doc, stderr, file } = await roundTrip([], { SAML_OKTA_CERTIFICATE: certificate });
    const body = certificate.split("\n")[1]!;
    expect(body.length).toBeGreaterThan(20);
    for (const output of [text, stderr]) {
      expect(output).not.toContain(body);
      expect(output).not.toContain("BEGIN CERTIFICATE");
    }
    const [okta] = await h.api.list<Json>(`/orgs/${h.org}/saml`);
    expect(doc.samlProviders).toEqual([
      {
        label: "Okta",
        id: okta.id,
        entityID: "http://www.okta.example/exk1",
        ssoURL: "https://acme.okta.example/app/acme/exk1/sso/saml",
        certificate: "${SAML_OKTA_CERTIFICATE}",
        defaultTeam: "Writers",
        defaultRole: "read",
      },
    ]);
    const variables =
      "Set these environment variables to their live values\n# before docsync reads it:\n" +
      '#   SAML_OKTA_CERTIFICATE: the certificate of SAML provider "Okta"\n';
    expect(text).toContain(`# Secrets are kept out of this file. ${variables}`);
    expect(stderr).toBe(
      `Secrets are kept out of ${file}. Set these environment variables to their live values before docsync reads it:\n` +
        '  SAML_OKTA_CERTIFICATE: the certificate of SAML provider "Okta"\n',
    );
    // Custom fields are created concurrently: the live order, which the export keeps, may be either.
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect([...doc.customFields].sort(byName)).toEqual([
      { name: "owner", type: "text", title: "Owner", description: "Team that owns the space" },
      { name: "tier", type: "select", title: "Support tier", options: ["gold", "silver", "bronze"] },
    ]);
    expect(text).toMatch(
      /\n {2}- title: Support\n {4}id: team_\w+\n {4}# 1 member, not listed: the API does not say who they are\n/,
    );
    // The example's space settings come back as configured, with every grant (granted
    // concurrently: in the live order, which may be any).
    const { permissions, ...handbook } = doc.spaces.handbook;
    expect(handbook).toMatchObject({
      id: "spc_handbook",
      emoji: "📗",
      editMode: "live",
      collection: "Guides",
      customFields: { owner: "Writers", tier: "gold" },
    });
    expect(permissions).toHaveLength(3);
    expect(permissions).toEqual(
      expect.arrayContaining([
        { user: "ada@acme.example", role: "admin" },
        { team: "Writers", role: "edit" },
        { team: "Reviewers", role: "review" },
      ]),
    );
    // Organization-wide kinds are managed but not pruned unless asked for.
    expect(doc.policy).toEqual({
      prune: [
        "sections",
        "sectionGroups",
        "externalLinks",
        "siteSpaces",
        "redirects",
        "shareLinks",
        "permissions",
      ],
    });
    expect(text).toContain(`policy:\n${ORG_WIDE_NOTE}`);
    expect(doc.sites).toEqual([]);
    // Translations in the form the service keeps them: a sync, its source space by name.
    expect(doc.translations).toEqual([{ source: { space: "handbook", language: "en" }, language: "fr" }]);
  });

  it("--prune-org prunes the organization-wide kinds too", async () => {
    const { doc, text } = await roundTrip(["--prune-org"]);
    expect(doc.policy).toEqual({
      prune: [
        "sites",
        "sections",
        "sectionGroups",
        "externalLinks",
        "siteSpaces",
        "redirects",
        "shareLinks",
        "permissions",
        "collections",
        "teams",
        "members",
        "customFields",
        "samlProviders",
        "openApiSpecs",
        "translations",
      ],
    });
    expect(text).not.toContain("are left alone");
  });

  it("round-trips a live state made by hand: groups, conditions, raw destinations, sites without sections", async () => {
    const org = `/orgs/${h.org}`;
    const send = (method: "POST" | "PATCH" | "PUT", path: string, body: unknown) =>
      h.api.send<Json>({ method, path: `${org}${path}`, body });

    const site = await send("POST", "/sites", {
      type: "ultimate",
      title: "Product docs",
      visibility: "unlisted",
    });
    const s = `/sites/${site.id}`;
    await send("PATCH", s, {
      basename: "product",
      proxy: "https://example.com/docs",
      adaptiveContent: { enabled: true },
    });
    await send("PUT", `${s}/adaptive-schema`, {
      jsonSchema: {
        type: "object",
        properties: {
          tier: { type: "string", description: "Support tier" },
          seats: { type: "number", description: "Seats bought" },
        },
        additionalProperties: false,
      },
    });
    const guides = await send("POST", `${s}/sections`, { spaceId: "spc_guides", title: "Guides" });
    const api = await send("POST", `${s}/sections`, { spaceId: "spc_api_v2", title: "API" });
    const v1 = await send("POST", `${s}/site-spaces`, { spaceId: "spc_api_v1", sectionId: api.id });
    await send("PATCH", `${s}/site-spaces/${v1.id}`, {
      path: "legacy",
      condition: "visitor.claims.beta == true",
    });
    await send("PATCH", `${s}/sections/${api.id}`, {
      defaultSiteSpace: v1.id,
      condition: 'visitor.claims.plan == "pro"',
      icon: "code",
      description: "Costs ${PRICE} a month",
    });
    const sdk = await send("POST", `${s}/sections`, { spaceId: "spc_sdk", title: "SDK" });
    const changelog = await send("POST", `${s}/sections`, { spaceId: "spc_changelog", title: "Changelog" });
    await send("PATCH", `${s}/sections/${changelog.id}`, { description: "What changed" });
    const developers = await send("POST", `${s}/section-groups`, {
      title: "Developers",
      icon: "code",
      sections: [api.id, sdk.id],
    });
    const later = await send("POST", `${s}/section-groups`, { title: "Later" });
    await send("PATCH", s, { defaultSiteSection: changelog.id });
    await send("POST", `${s}/redirects`, {
      source: "/old-api",
      destination: { kind: "site-space", siteSpaceId: v1.id },
    });
    await send("POST", `${s}/redirects`, {
      source: "/start",
      destination: { kind: "site-section", siteSectionId: guides.id },
    });
    await send("POST", `${s}/redirects`, {
      source: "/status",
      destination: { kind: "external", url: "https://status.example.com/" },
    });
    await send("POST", `${s}/redirects`, {
      source: "/api/page",
      destination: { kind: "site-page", siteSpaceId: v1.id, pageId: "page_1" },
    });

    // A site without sections: root site spaces, the second one the default, one with a condition.
    const internal = await send("POST", "/sites", {
      title: "Internal",
      visibility: "share-link",
      spaces: ["spc_handbook", "spc_internal"],
    });
    const roots = await h.api.list<Json>(`${org}/sites/${internal.id}/site-spaces`);
    await send("PATCH", `/sites/${internal.id}/site-spaces/${roots[1].id}`, {
      condition: "visitor.claims.staff",
    });
    await send("PATCH", `/sites/${internal.id}`, { defaultSiteSpace: roots[1].id });
    // A site with nothing in it, and one whose new space has a title that another space has.
    const empty = await send("POST", "/sites", { title: "Empty site" });
    const scratch = await send("POST", "/sites", {
      title: "Scratch",
      spaces: { new: { title: "Handbook" } },
    });
    const [scratchSpace] = await h.api.list<Json>(`${org}/sites/${scratch.id}/site-spaces`);

    const team = await h.api.send<Json>({
      method: "PUT",
      path: `${org}/teams`,
      body: { title: "Docs admins" },
    });
    const certificate = "-----BEGIN CERTIFICATE-----\nMIIBazureSECRET\n-----END CERTIFICATE-----";
    const azure = await send("POST", "/saml", {
      label: "Azure AD",
      entityID: "https://sts.windows.net/abc/",
      certificate,
      defaultTeam: team.id,
      defaultRole: null,
    });
    const bare = await send("POST", "/saml", { label: "Bare" });
    await send("POST", "/custom-fields", {
      name: "regions",
      type: "multi-select",
      title: "Regions",
      placeholder: "Pick some",
      options: ["eu", "us"],
    });

    const { doc, text, stderr } = await roundTrip([], { SAML_AZURE_AD_CERTIFICATE: certificate });
    expect(stderr).toContain('  SAML_AZURE_AD_CERTIFICATE: the certificate of SAML provider "Azure AD"\n');
    expect(text).not.toContain("MIIBazureSECRET");
    expect(stderr).not.toContain("MIIBazureSECRET");
    expect(spaceIds(doc.spaces)).toEqual({
      guides: "spc_guides",
      "api-v2": "spc_api_v2",
      "api-v1": "spc_api_v1",
      sdk: "spc_sdk",
      changelog: "spc_changelog",
      handbook: "spc_handbook",
      "internal-wiki": "spc_internal",
      "handbook-2": scratchSpace.space.id,
    });
    expect(doc.teams).toEqual([
      { title: "Writers", id: "team_writers" },
      { title: "Reviewers", id: "team_reviewers" },
      { title: "Docs admins", id: team.id },
    ]);
    expect(doc.samlProviders).toEqual([
      {
        label: "Azure AD",
        id: azure.id,
        entityID: "https://sts.windows.net/abc/",
        certificate: "${SAML_AZURE_AD_CERTIFICATE}",
        defaultTeam: "Docs admins",
        defaultRole: null,
      },
      { label: "Bare", id: bare.id, defaultRole: null },
    ]);
    // Custom fields are created concurrently: the live order, which the export keeps, may be either.
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect([...doc.customFields].sort(byName)).toEqual([
      {
        name: "regions",
        type: "multi-select",
        title: "Regions",
        placeholder: "Pick some",
        options: ["eu", "us"],
      },
    ]);
    expect(withoutCustomization(doc)).toEqual([
      {
        title: "Product docs",
        id: site.id,
        type: "ultimate",
        visibility: "unlisted",
        basename: "product",
        proxy: "https://example.com/docs",
        adaptiveContent: { enabled: true },
        adaptiveSchema: {
          properties: {
            tier: { type: "string", description: "Support tier" },
            seats: { type: "number", description: "Seats bought" },
          },
          additionalProperties: false,
        },
        sections: [
          {
            path: "guides",
            title: "Guides",
            siteSpaces: [{ space: "guides", path: "guides", default: true }],
          },
          {
            group: "Developers",
            id: developers.id,
            icon: "code",
            sections: [
              {
                path: "api",
                title: "API",
                icon: "code",
                // Written escaped, so that loading it gives the text back instead of interpolating.
                description: "Costs $${PRICE} a month",
                condition: 'visitor.claims.plan == "pro"',
                siteSpaces: [
                  { space: "api-v2", path: "api-v2" },
                  {
                    space: "api-v1",
                    path: "legacy",
                    condition: "visitor.claims.beta == true",
                    default: true,
                  },
                ],
              },
              { path: "sdk", title: "SDK", siteSpaces: [{ space: "sdk", path: "sdk", default: true }] },
            ],
          },
          {
            path: "changelog",
            title: "Changelog",
            description: "What changed",
            default: true,
            siteSpaces: [{ space: "changelog", path: "changelog", default: true }],
          },
          { group: "Later", id: later.id, sections: [] },
        ],
        redirects: [
          { source: "/old-api", destination: { kind: "site-space", siteSpaceId: v1.id } },
          { source: "/start", to: { section: "guides" } },
          { source: "/status", destination: { kind: "external", url: "https://status.example.com/" } },
          { source: "/api/page", destination: { kind: "site-page", siteSpaceId: v1.id, pageId: "page_1" } },
        ],
        permissions: [],
      },
      {
        title: "Internal",
        id: internal.id,
        type: "basic",
        visibility: "share-link",
        adaptiveContent: { enabled: false },
        siteSpaces: [
          { space: "handbook", path: "handbook" },
          { space: "internal-wiki", path: "internal-wiki", condition: "visitor.claims.staff", default: true },
        ],
        redirects: [],
        permissions: [],
      },
      {
        title: "Empty site",
        id: empty.id,
        type: "basic",
        visibility: "public",
        adaptiveContent: { enabled: false },
        siteSpaces: [],
        redirects: [],
        permissions: [],
      },
      {
        title: "Scratch",
        id: scratch.id,
        type: "basic",
        visibility: "public",
        adaptiveContent: { enabled: false },
        siteSpaces: [{ space: "handbook-2", path: "handbook", default: true }],
        redirects: [],
        permissions: [],
      },
    ]);
    expect(text).toContain(
      `  - label: Azure AD\n    id: ${azure.id}\n` +
        "    entityID: https://sts.windows.net/abc/\n" +
        '    certificate: "${SAML_AZURE_AD_CERTIFICATE}"\n' +
        "    defaultTeam: Docs admins\n",
    );
  });

  it("names a space that cannot be read any more after its id", async () => {
    const org = `/orgs/${h.org}`;
    await h.api.send({
      method: "POST",
      path: `${org}/sites`,
      body: { title: "Docs", spaces: ["spc_status", "spc_sdk"] },
    });
    await h.api.send({ method: "DELETE", path: "/spaces/spc_status" });
    h.emulator.advanceClock(8 * 24 * 60 * 60 * 1000);
    const { doc } = await roundTrip();
    // The spaces the site uses first (one named after its id), then those of collections.
    expect(spaceIds(doc.spaces)).toEqual({
      spc_status: "spc_status",
      sdk: "spc_sdk",
      guides: "spc_guides",
      "api-v1": "spc_api_v1",
      "api-v2": "spc_api_v2",
    });
    expect(Object.keys(doc.spaces).slice(0, 2)).toEqual(["spc_status", "sdk"]);
    expect(doc.spaces.spc_status).toBe("spc_status");
    expect(doc.sites[0].siteSpaces).toEqual([
      { space: "spc_status", path: "status", default: true },
      { space: "sdk", path: "sdk" },
    ]);
  });

  it("writes to standard output without -o", async () => {
    const result = await h.run(["export"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(HEADER);
    expect(result.stdout).toContain(
      "\nversion: 1\norganization: org_acme\n\nspaces:\n  guides:\n    id: spc_guides\n    title: Guides\n    emoji: 🧭\n" +
        "    editMode: live\n    defaultLevel: read\n    collection: Documentation\n    permissions: []\n  api-v1:\n",
    );
    expect(result.stdout).toContain(
      "\ncollections:\n  - title: Documentation\n    id: col_docs\n    defaultLevel: read\n\nteams:\n  - title: Writers\n    id: team_writers\n",
    );
    expect(result.stdout).not.toContain(h.emulator.token);
  });

  it("two teams with one title: fails naming them, since a file tells teams apart by title", async () => {
    const org = `/orgs/${h.org}`;
    const team = await h.api.send<Json>({ method: "PUT", path: `${org}/teams`, body: { title: "Writers" } });
    await h.api.send({ method: "POST", path: `${org}/saml`, body: { label: "Okta", defaultTeam: team.id } });
    const result = await h.run(["export"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      'Error: Cannot export organization "org_acme": docsync tells these items apart by their title, label or path, ' +
        "and each is more than one live item:\n" +
        `  team "Writers": 2 live items (team_writers, ${team.id})\n` +
        "Rename (or delete) all but one of each, then export again.\n",
    );
  });

  it("fails naming every collision: teams, sites, groups", async () => {
    const org = `/orgs/${h.org}`;
    const a = await h.api.send<Json>({ method: "POST", path: `${org}/sites`, body: { title: "Docs" } });
    const b = await h.api.send<Json>({ method: "POST", path: `${org}/sites`, body: { title: "Docs" } });
    const c = await h.api.send<Json>({
      method: "POST",
      path: `${org}/sites`,
      body: { title: "Other", spaces: ["spc_guides"] },
    });
    const section = await h.api.send<Json>({
      method: "POST",
      path: `${org}/sites/${c.id}/sections`,
      body: { spaceId: "spc_sdk" },
    });
    const g1 = await h.api.send<Json>({
      method: "POST",
      path: `${org}/sites/${c.id}/section-groups`,
      body: { title: "Dev", sections: [section.id] },
    });
    const g2 = await h.api.send<Json>({
      method: "POST",
      path: `${org}/sites/${c.id}/section-groups`,
      body: { title: "Dev" },
    });
    const result = await h.run(["export"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`  site "Docs": 2 live items (${a.id}, ${b.id})\n`);
    expect(result.stderr).toContain(`  site "Other" › group "Dev": 2 live items (${g1.id}, ${g2.id})\n`);
  });

  it("warns when a group's sections are apart in the navigation, and writes them together", async () => {
    const org = `/orgs/${h.org}`;
    const site = await h.api.send<Json>({ method: "POST", path: `${org}/sites`, body: { title: "Docs" } });
    const add = (spaceId: string, title: string) =>
      h.api.send<Json>({
        method: "POST",
        path: `${org}/sites/${site.id}/sections`,
        body: { spaceId, title },
      });
    const a = await add("spc_guides", "Guides");
    await add("spc_sdk", "SDK");
    const c = await add("spc_changelog", "Changelog");
    await h.api.send({
      method: "POST",
      path: `${org}/sites/${site.id}/section-groups`,
      body: { title: "Split", sections: [a.id, c.id] },
    });
    const result = await h.run(["export"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      'Warning: site "Docs": the sections of group "Split" are not next to each other in the navigation; ' +
        "the configuration lists them together, so plan will show the moves that bring them together\n",
    );
    const doc = parse(result.stdout);
    expect(
      doc.sites[0].sections.map((item: Json) =>
        item.group ? `${item.group}[${item.sections.map((s: Json) => s.path)}]` : item.path,
      ),
    ).toEqual(["Split[guides,changelog]", "sdk"]);
    const file = await h.config(result.stdout);
    expect((await h.run(["validate", "-c", file])).code).toBe(0);
    const plan = await h.run(["plan", "-c", file, "--detailed-exitcode"]);
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain(
      '  site "Docs"\n    ↕ section "changelog": after section "sdk" ⇒ after section "guides"\n',
    );
  });

  it("-o refuses to overwrite a file unless --force", async () => {
    const file = await h.config("precious: true\n", "existing.yaml");
    const refused = await h.run(["export", "-o", file]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toBe(`Error: ${file} already exists; pass --force to overwrite it.\n`);
    expect(await readFile(file, "utf8")).toBe("precious: true\n");
    expect(h.emulator.requests.length).toBe(0);

    const forced = await h.run(["export", "-o", file, "--force"]);
    expect(forced.code).toBe(0);
    expect(forced.stdout).toBe(
      `Exported organization org_acme to ${file}: 0 sites, 3 spaces, 1 collection, 2 teams, 3 members, 0 custom fields, 0 SAML providers, 0 OpenAPI specs, 0 translations.\n` +
        `Check it with: docsync plan -c ${file} (it shows no changes).\n`,
    );
    expect(await readFile(file, "utf8")).toMatch(HEADER);
  });

  it("an unknown organization is a clear error, exit 1", async () => {
    const result = await h.run(["export", "--org", "org_nope"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      'Error: Organization "org_nope" not found: check --org (or DOCSYNC_ORG), and that the token belongs to a ' +
        'member of it (GET /orgs/org_nope failed: 404 Not Found: organization "org_nope" not found).\n',
    );
  });

  it("without --org or DOCSYNC_ORG it says what to do", async () => {
    const result = await h.run(["export"], { env: { DOCSYNC_ORG: "" } });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("Error: No organization: pass --org or set DOCSYNC_ORG.\n");
  });

  it("--org wins over DOCSYNC_ORG", async () => {
    const result = await h.run(["export", "--org", "org_acme"], { env: { DOCSYNC_ORG: "org_globex" } });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("\norganization: org_acme\n");
  });
});
