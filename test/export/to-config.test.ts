// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are configuration text, with its interpolation syntax.
// The kinds' toConfig where the emulator cannot make the live state: values the configuration
// format does not have, and references to items the export does not list. Also the space names.

import { describe, expect, it } from "vitest";
import { nameSpaces } from "../../src/export/spaces.ts";
import { escapeInterpolation } from "../../src/export/yaml.ts";
import type { LiveSamlProvider } from "../../src/kinds/access/saml-provider.ts";
import { samlProviderKind } from "../../src/kinds/access/saml-provider.ts";
import type { OrganizationScope } from "../../src/kinds/organization.ts";
import { redirectKind } from "../../src/kinds/site/redirect.ts";
import type { LiveSite, SiteScope } from "../../src/kinds/site/site.ts";
import { siteKind } from "../../src/kinds/site/site.ts";
import type { LiveCustomField } from "../../src/kinds/space/custom-field.ts";
import { customFieldKind } from "../../src/kinds/space/custom-field.ts";
import type { ExportContext, LiveNode } from "../../src/kinds/types.ts";
import { slug } from "../../src/kinds/unique.ts";

function context(keys: Record<string, string> = {}) {
  const warnings: string[] = [];
  const comments: string[] = [];
  const ctx: ExportContext = {
    space: (id) => id,
    exportedKey: (kind, id) => keys[`${kind} ${id}`],
    children: () => [],
    comment: (_config, text) => comments.push(text),
    warn: (message) => warnings.push(message),
  };
  return { ctx, warnings, comments };
}

// An export reads only the ids and live nodes of a scope: one empty scope serves every kind here.
const scope = { organization: "org_1", address: [], desired: {}, ids: {} } as unknown as OrganizationScope &
  SiteScope;
const node = <T>(item: T, details?: Record<string, unknown>): LiveNode<T> =>
  details ? { item, children: {}, details } : { item, children: {} };

describe("toConfig", () => {
  it("names a provider's default team by id when the export does not list the team", () => {
    const provider: LiveSamlProvider = {
      id: "saml_1",
      label: "Okta",
      defaultTeam: { id: "team_9", title: "X" },
    };
    const { ctx, comments } = context();
    expect(samlProviderKind.toConfig!(node(provider), scope, ctx)).toEqual({
      label: "Okta",
      defaultTeam: { id: "team_9" },
    });
    expect(comments).toEqual([]);
    const listed = context({ "team team_9": "Writers" });
    expect(samlProviderKind.toConfig!(node(provider), scope, listed.ctx)).toEqual({
      label: "Okta",
      defaultTeam: "Writers",
    });
  });

  it("leaves out a role the format does not know, keeps null (guests)", () => {
    const { ctx } = context();
    const unknown: LiveSamlProvider = { id: "saml_1", label: "A", defaultRole: "owner" };
    expect(samlProviderKind.toConfig!(node(unknown), scope, ctx)).toEqual({ label: "A" });
    const guest: LiveSamlProvider = { id: "saml_2", label: "B", defaultRole: null };
    expect(samlProviderKind.toConfig!(node(guest), scope, ctx)).toEqual({ label: "B", defaultRole: null });
  });

  it("leaves out a custom field of a type docsync does not know, with a warning", () => {
    const { ctx, warnings } = context();
    const field: LiveCustomField = { id: "cf_1", name: "when", type: "datetime" };
    expect(customFieldKind.toConfig!(node(field), scope, ctx)).toBeUndefined();
    expect(warnings).toEqual([
      'custom field "when" is of type "datetime", which docsync does not know: left out',
    ]);
  });

  it("keeps a destination kind it does not know as it is, and only the known fields of known kinds", () => {
    const { ctx } = context();
    const other = {
      id: "r1",
      source: "/a",
      destination: { kind: "openapi-operation", spec: "petstore", op: "get" },
    };
    expect(redirectKind.toConfig!(node(other), scope, ctx)).toEqual({
      source: "/a",
      destination: { kind: "openapi-operation", spec: "petstore", op: "get" },
    });
    const external = {
      id: "r2",
      source: "/b",
      destination: { kind: "external", url: "https://x.example/", extra: 1 },
    };
    expect(redirectKind.toConfig!(node(external), scope, ctx)).toEqual({
      source: "/b",
      destination: { kind: "external", url: "https://x.example/" },
    });
  });

  it("leaves out an adaptive schema the format cannot say, with a warning", () => {
    const { ctx, warnings } = context();
    const site: LiveSite = {
      id: "site_1",
      title: "Docs",
      type: "enterprise",
      visibility: "members-only",
      adaptiveContent: { enabled: true },
    };
    const schema = {
      type: "object",
      properties: {
        plan: { type: "string", description: "Plan", enum: ["a", "b"] },
        seats: { type: "integer", description: "Seats" },
        tags: { type: "array", description: "Tags", items: { type: "string" } },
        org: { type: "object", description: "Organization", properties: {}, additionalProperties: true },
        beta: { type: "boolean", description: "Beta", default: false },
        ok: { type: "array", description: "Fine", items: { type: "number", description: "A number" } },
        fine: { type: "number", description: "A number" },
      },
      required: ["plan"],
    };
    expect(siteKind.toConfig!(node(site, { adaptiveSchema: schema }), scope, ctx)).toEqual({
      title: "Docs",
      adaptiveContent: { enabled: true },
      siteSpaces: [],
      redirects: [],
      shareLinks: [],
      permissions: [],
    });
    expect(warnings).toEqual([
      'site "Docs": the adaptive schema is left out: claim "plan", "seats", "tags", "org", "beta", "ok" is not in the form the configuration takes (a type of boolean, number or string, and a description: what both the spec and the service\'s published description take)',
    ]);
  });

  it("leaves out a new site's empty adaptive schema, keeps one that says something", () => {
    const { ctx, warnings } = context();
    const site: LiveSite = { id: "site_1", title: "Docs", type: "basic", visibility: "public" };
    const empty = { type: "object", properties: {}, additionalProperties: false };
    expect(siteKind.toConfig!(node(site, { adaptiveSchema: empty }), scope, ctx)).not.toHaveProperty(
      "adaptiveSchema",
    );
    const plan = { type: "string", description: "Plan" };
    const kept = { type: "object", properties: { plan }, required: [] };
    expect(siteKind.toConfig!(node(site, { adaptiveSchema: kept }), scope, ctx)).toHaveProperty(
      "adaptiveSchema",
      { properties: { plan } },
    );
    expect(warnings).toEqual([
      'site "Docs": the adaptive schema\'s "required" list is not part of the configuration; it stays as it is, but a change of the schema through docsync would drop it',
    ]);
  });

  it("leaves out additionalProperties: true, which the configuration cannot say, with a warning", () => {
    const { ctx, warnings } = context();
    const site: LiveSite = { id: "site_1", title: "Docs", type: "basic", visibility: "public" };
    const open = { type: "object", properties: {}, additionalProperties: true };
    expect(siteKind.toConfig!(node(site, { adaptiveSchema: open }), scope, ctx)).not.toHaveProperty(
      "adaptiveSchema",
    );
    const plan = { type: "string", description: "Plan" };
    const attributes = { ...open, properties: { plan } };
    expect(siteKind.toConfig!(node(site, { adaptiveSchema: attributes }), scope, ctx)).toHaveProperty(
      "adaptiveSchema",
      { properties: { plan } },
    );
    const warning =
      'site "Docs": the adaptive schema\'s additionalProperties: true is left out: the configuration takes only false, the one value the service accepts';
    expect(warnings).toEqual([warning, warning]);
  });
});

describe("space names", () => {
  it("come from titles, unique in order, else from the id", () => {
    const titles = new Map<string, string | undefined>([
      ["spc_1", "API v2"],
      ["spc_2", "API-v2"],
      ["spc_3", "Développeurs & API"],
      ["spc_4", "📘"],
      ["spc_5", undefined],
      ["_odd id", undefined],
    ]);
    expect(Object.fromEntries(nameSpaces([...titles.keys()], titles))).toEqual({
      spc_1: "api-v2",
      spc_2: "api-v2-2",
      spc_3: "developpeurs-api",
      spc_4: "spc_4",
      spc_5: "spc_5",
      "_odd id": "space-_odd-id",
    });
    expect(slug("  Hello, World!  ")).toBe("hello-world");
  });

  it("escapes interpolation in strings", () => {
    expect(escapeInterpolation("a ${X} b $${Y} ${")).toBe("a $${X} b $$${Y} $${");
  });
});
