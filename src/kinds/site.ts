// Docs sites: identity is the title, or an `id:` pin. `type` is used at creation only. The
// adaptive schema is a separate resource of the site, read only when the configuration sets it.

import type { LiveAdaptiveSchema, LiveSite } from "../api/types.ts";
import type { DesiredSite, DesiredState } from "../config/types.ts";
import { DocsyncError } from "../errors.ts";
import { addressOf } from "../model/address.ts";
import type { FieldChange } from "../model/plan.ts";
import { compareField, definedFields, patchBody } from "./compare.ts";
import { leafNodes } from "./live-nodes.ts";
import { orgPath, sitePath, siteSpacesPath } from "./paths.ts";
import { comparableProxy, isConfigurableProxy, proxyForService } from "./proxy.ts";
import { redirectKind } from "./redirect.ts";
import { sectionKind } from "./section.ts";
import { nestSections, sectionGroupKind } from "./section-group.ts";
import { rootSiteSpaceKind } from "./site-space.ts";
import {
  addressKey,
  type CallDraft,
  type ExportContext,
  type KindModule,
  type LiveNode,
  type PlanContext,
} from "./types.ts";

const PATCHABLE = ["title", "visibility", "basename", "proxy", "adaptiveContent"] as const;

type Schema = NonNullable<DesiredSite["adaptiveSchema"]>;

function liveSchema(node: LiveNode<LiveSite> | undefined): Partial<Schema> | undefined {
  const jsonSchema = node?.details?.adaptiveSchema as Record<string, unknown> | undefined;
  if (!jsonSchema) return undefined;
  const schema: Partial<Schema> = { properties: (jsonSchema.properties ?? {}) as Schema["properties"] };
  if (typeof jsonSchema.additionalProperties === "boolean")
    schema.additionalProperties = jsonSchema.additionalProperties;
  return schema;
}

function liveValue(site: LiveSite | undefined, field: (typeof PATCHABLE)[number]): unknown {
  if (!site) return undefined;
  if (field === "proxy") return comparableProxy(site.proxy?.origin);
  if (field === "adaptiveContent")
    return site.adaptiveContent ? { enabled: site.adaptiveContent.enabled ?? false } : undefined;
  return site[field];
}

/** Values of the configuration format: a live value outside them is left out of an export. */
const TYPES = ["basic", "premium", "ultimate", "sponsored", "legacy-basic", "legacy-premium"];
const VISIBILITIES = ["public", "unlisted", "share-link", "visitor-auth"];
const ATTRIBUTE_TYPES = ["string", "number", "integer", "boolean", "array", "object"];

/**
 * The adaptive schema as configuration, when it says something: adaptive content is on, or the
 * schema differs from a new site's (no attributes, no others allowed). Undefined as well when
 * the format cannot say it exactly, with a warning.
 */
function schemaConfig(node: LiveNode<LiveSite>, ctx: ExportContext): Schema | undefined {
  const schema = liveSchema(node);
  if (!schema) return undefined;
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  const enabled = node.item.adaptiveContent?.enabled === true;
  const site = JSON.stringify(node.item.title);
  // The configuration cannot say true: the service accepts only false.
  const open = schema.additionalProperties === true;
  if (open) {
    ctx.warn(
      `site ${site}: the adaptive schema's additionalProperties: true is left out: the configuration ` +
        "takes only false, the one value the service accepts",
    );
  }
  if (!enabled && names.length === 0) return undefined;
  const odd = names.filter((name) => {
    const attribute = properties[name] as unknown as Record<string, unknown> | null;
    if (typeof attribute !== "object" || attribute === null) return true;
    const { type, description, ...rest } = attribute;
    const typed = typeof type === "string" && ATTRIBUTE_TYPES.includes(type);
    return (
      !typed || (description !== undefined && typeof description !== "string") || Object.keys(rest).length > 0
    );
  });
  if (odd.length > 0) {
    ctx.warn(
      `site ${site}: the adaptive schema is left out: attribute ${odd.map((name) => JSON.stringify(name)).join(", ")} ` +
        "uses JSON Schema keywords the configuration does not have (it knows type and description)",
    );
    return undefined;
  }
  const jsonSchema = node.details?.adaptiveSchema as Record<string, unknown>;
  if (jsonSchema.required !== undefined) {
    ctx.warn(
      `site ${site}: the adaptive schema's "required" list is not part of the configuration; ` +
        "it stays as it is, but a change of the schema through docsync would drop it",
    );
  }
  const config: Schema = { properties };
  if (schema.additionalProperties === false) config.additionalProperties = false;
  return config;
}

function schemaCall(
  org: string,
  site: string,
  schema: Schema,
  live: Partial<Schema> | undefined,
  ctx: PlanContext,
): CallDraft {
  const additionalProperties = schema.additionalProperties ?? live?.additionalProperties ?? false;
  return {
    method: "PUT",
    path: `${sitePath(org, site)}/adaptive-schema`,
    body: { jsonSchema: { type: "object", properties: schema.properties, additionalProperties } },
    summary: "set adaptive schema",
    needs: ctx.needs(site),
  };
}

export const siteKind: KindModule<DesiredSite, LiveSite, DesiredState> = {
  kind: "site",
  collection: "sites",
  highRisk: true,
  children: [sectionKind, sectionGroupKind, rootSiteSpaceKind, redirectKind],

  desired: (scope) => scope.desired.sites,
  read: async (client, scope) =>
    leafNodes(await client.list<LiveSite>(`${orgPath(scope.organization)}/sites`)),
  async readDetails(client, scope, node, desired) {
    if (!desired.adaptiveSchema) return;
    const schema = await client.get<LiveAdaptiveSchema>(
      `${sitePath(scope.organization, node.item.id)}/adaptive-schema`,
    );
    node.details = { ...node.details, adaptiveSchema: schema?.jsonSchema ?? {} };
  },

  key: (site) => site.title,
  liveKey: (site) => site.title,

  diff(desired, live) {
    // Root site spaces exist only while a site has no sections: the API would put new ones in
    // the default section. Going back takes deleting the sections, which the file cannot say.
    const sections = (live?.children[sectionKind.kind] ?? []) as LiveNode<{ path: string }>[];
    if (desired.siteSpaces !== undefined && sections.length > 0) {
      const paths = sections.map((node) => JSON.stringify(node.item.path)).join(", ");
      throw new DocsyncError(
        "plan.site-has-sections",
        `${desired.at.file}:${desired.at.line}:${desired.at.column}: site ${JSON.stringify(desired.title)} lists root siteSpaces, but it has sections (${paths}); root site spaces exist only in a site without sections. List its sections instead, or delete them first.`,
      );
    }
    const changes: FieldChange[] = [];
    if (!live) compareField(changes, "type", desired.type, undefined);
    for (const field of PATCHABLE) {
      const value = field === "proxy" ? comparableProxy(desired.proxy) : desired[field];
      compareField(changes, field, value, liveValue(live?.item, field));
    }
    if (desired.adaptiveSchema) {
      const have = liveSchema(live);
      compareField(changes, "adaptiveSchema.properties", desired.adaptiveSchema.properties, have?.properties);
      compareField(
        changes,
        "adaptiveSchema.additionalProperties",
        desired.adaptiveSchema.additionalProperties,
        have?.additionalProperties,
      );
    }
    return changes;
  },

  create(desired, address, scope, ctx) {
    const org = scope.organization;
    const id = ctx.idOf(address);
    const calls: CallDraft[] = [
      {
        method: "POST",
        path: `${orgPath(org)}/sites`,
        body: definedFields(desired, ["type", "title", "visibility"]),
        summary: "create site",
        create: true,
        captures: [{ address, pointer: "/id" }],
        recover: { list: `${orgPath(org)}/sites`, match: { title: desired.title } },
      },
    ];
    // One call makes the site with its root site spaces, in order; the site's answer does not
    // name them, so one read finds their ids for the calls that set their paths.
    const roots = desired.siteSpaces ?? [];
    if (roots.length > 0) {
      (calls[0]!.body as Record<string, unknown>).spaces = roots.map((siteSpace) => siteSpace.spaceId);
      calls.push({
        method: "GET",
        path: `${siteSpacesPath(org, id)}?limit=1000`,
        summary: "read the site spaces made with the site",
        needs: ctx.needs(id),
        captures: roots.map((siteSpace) => ({
          address: addressOf(address, rootSiteSpaceKind.kind, addressKey(rootSiteSpaceKind, siteSpace)),
          find: { array: "/items", match: { "space.id": siteSpace.spaceId } },
        })),
      });
    }
    const settings = definedFields(desired, ["basename", "adaptiveContent"]);
    if (typeof desired.proxy === "string") settings.proxy = proxyForService(desired.proxy);
    if (Object.keys(settings).length > 0) {
      calls.push({
        method: "PATCH",
        path: sitePath(org, id),
        body: settings,
        summary: "configure site",
        needs: ctx.needs(id),
      });
    }
    if (desired.adaptiveSchema) calls.push(schemaCall(org, id, desired.adaptiveSchema, undefined, ctx));
    return calls;
  },
  update(desired, live, changes, _address, scope, ctx) {
    const calls: CallDraft[] = [];
    const body = patchBody(changes, PATCHABLE);
    if (Object.keys(body).length > 0) {
      calls.push({
        method: "PATCH",
        path: sitePath(scope.organization, live.item.id),
        body,
        summary: "update site",
      });
    }
    if (desired.adaptiveSchema && changes.some((change) => change.field.startsWith("adaptiveSchema."))) {
      calls.push(schemaCall(scope.organization, live.item.id, desired.adaptiveSchema, liveSchema(live), ctx));
    }
    return calls;
  },
  remove: (live, _address, scope) => [
    { method: "DELETE", path: sitePath(scope.organization, live.item.id), summary: "delete site" },
  ],

  // Everything inside the site is listed, even as an empty list, so that the file manages it.
  toConfig(live, _scope, ctx) {
    const site = live.item;
    const config: Record<string, unknown> = { title: site.title };
    if (TYPES.includes(site.type)) config.type = site.type;
    if (VISIBILITIES.includes(site.visibility)) config.visibility = site.visibility;
    if (typeof site.basename === "string") config.basename = site.basename;
    const proxy = site.proxy?.origin;
    if (typeof proxy === "string" && isConfigurableProxy(proxy)) config.proxy = proxy;
    else if (typeof proxy === "string") {
      ctx.warn(
        `site ${JSON.stringify(site.title)}: the proxy ${JSON.stringify(proxy)} is left out: the configuration ` +
          "takes a host and path such as acme.com/docs, optionally with https:// in front",
      );
    }
    if (site.adaptiveContent) config.adaptiveContent = { enabled: site.adaptiveContent.enabled ?? false };
    const schema = schemaConfig(live, ctx);
    if (schema) config.adaptiveSchema = schema;
    const sections = ctx.children(sectionKind);
    if (sections.length > 0) {
      config.sections = nestSections(sections, ctx.children(sectionGroupKind), site.title, ctx);
    } else {
      config.siteSpaces = ctx.children(rootSiteSpaceKind).map((siteSpace) => siteSpace.config);
    }
    config.redirects = ctx.children(redirectKind).map((redirect) => redirect.config);
    return config;
  },
};
