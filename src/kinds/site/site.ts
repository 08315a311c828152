// Docs sites: identity is the title, or an `id:` pin. `type` is used at creation only. The
// adaptive schema is a separate resource of the site, read only when the configuration sets it.

import { MAX_PAGE_SIZE } from "../../api/pagination.ts";
import { DocsyncError } from "../../errors.ts";
import { addressOf } from "../../model/address.ts";
import { type Located, placeOf } from "../../model/desired.ts";
import type { FieldChange } from "../../model/plan.ts";
import { compareField, definedFields, patchBody } from "../compare.ts";
import { defined } from "../configured.ts";
import { childrenOf } from "../items-of.ts";
import { leafNodes } from "../live-nodes.ts";
import type { TopLevelKind } from "../organization.ts";
import { orgPath, sitePath, siteSpacesPath, subPath } from "../paths.ts";
import { addressKey, type CallDraft } from "../types.ts";
import { comparableProxy, isConfigurableProxy, proxyForService } from "./proxy.ts";
import { sitePublishingKind } from "./publishing.ts";
import { redirectKind } from "./redirect.ts";
import { sectionKind } from "./section.ts";
import { sectionGroupKind } from "./section-group.ts";
import { nestSections, placeLinks } from "./section-nesting.ts";
import { shareLinkKind } from "./share-link.ts";
import { type LiveAdaptiveSchema, liveSchema, schemaCall, schemaConfig } from "./site-adaptive-schema.ts";
import { siteContents } from "./site-contents.ts";
import { siteCustomizationKind } from "./site-customization.ts";
import { siteLinkKind } from "./site-link.ts";
import { sitePermissionKind, sitePermissionRefs } from "./site-permission.ts";
import { rootSiteSpaceKind } from "./site-space.ts";
import type { DesiredSite, LiveSite, RawSite, SiteDetails } from "./site-types.ts";
import { visitorAuthKind } from "./visitor-auth.ts";

export type {
  DesiredSite,
  InSite,
  LiveSite,
  RawSite,
  SiteDetails,
  SiteNode,
  SiteScope,
} from "./site-types.ts";

const PATCHABLE = ["title", "visibility", "basename", "proxy", "adaptiveContent"] as const;

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
export const siteKind: TopLevelKind<
  "sites",
  { desired: DesiredSite; live: LiveSite; raw: Located<RawSite>; details: SiteDetails }
> = {
  kind: "site",
  collection: "sites",
  highRisk: true,
  // A docs site configuration without its sites is no export of it.
  exportNeeds: true,
  keyKeptUnique: false,
  config: {
    schema: {
      fragment: "site",
      description: "Docs sites. Identity: title, or id when given. Absent: sites are not managed.",
    },
    identities: [{ field: "title" }, { field: "id", optional: true, hints: false }],
    resolve({ value }, meta) {
      const { title, type, visibility, basename, proxy, adaptiveContent, adaptiveSchema } = value;
      return {
        ...meta,
        title,
        ...defined({ type, visibility, basename, proxy, adaptiveContent, adaptiveSchema }),
      };
    },
  },
  children: [
    sectionKind,
    sectionGroupKind,
    siteLinkKind,
    rootSiteSpaceKind,
    redirectKind,
    siteCustomizationKind,
    sitePublishingKind,
    shareLinkKind,
    visitorAuthKind,
    sitePermissionKind,
  ],
  refersTo: sitePermissionRefs,

  read: async (client, scope) =>
    leafNodes(await client.list<LiveSite>(`${orgPath(scope.organization)}/sites`)),
  detailsWanted: { adaptiveSchema: { properties: {} } },
  detailsKey: "adaptiveSchema",
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
    const sections = childrenOf(live, sectionKind);
    if (desired.siteSpaces !== undefined && sections.length > 0) {
      const paths = sections.map((node) => JSON.stringify(node.item.path)).join(", ");
      throw new DocsyncError(
        "plan.root-site-spaces",
        `${placeOf(desired.at)}: site ${JSON.stringify(desired.title)} lists root siteSpaces, but it has sections (${paths}); root site spaces exist only in a site without sections. List its sections instead, or delete them first.`,
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
    const roots = desired.siteSpaces ?? [];
    const body = definedFields(desired, ["type", "title", "visibility"]);
    // One call makes the site with its root site spaces, in order.
    if (roots.length > 0) body.spaces = roots.map((siteSpace) => siteSpace.spaceId);
    const calls: CallDraft[] = [
      {
        method: "POST",
        path: `${orgPath(org)}/sites`,
        body,
        summary: "create site",
        captures: [{ address, pointer: "/id" }],
        recover: { list: `${orgPath(org)}/sites`, match: { title: desired.title } },
      },
    ];
    // The site's answer does not name its root site spaces, so one read finds their ids for the
    // calls that set their paths.
    if (roots.length > 0) {
      calls.push({
        method: "GET",
        path: subPath(siteSpacesPath(org, id), `?limit=${MAX_PAGE_SIZE}`),
        summary: "read the site spaces made with the site",
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
      });
    }
    if (desired.adaptiveSchema) calls.push(schemaCall(org, id, desired.adaptiveSchema, undefined));
    return calls;
  },
  update(desired, live, changes, _address, scope) {
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
      calls.push(schemaCall(scope.organization, live.item.id, desired.adaptiveSchema, liveSchema(live)));
    }
    return calls;
  },
  remove: (live, _address, scope) => [
    { method: "DELETE", path: sitePath(scope.organization, live.item.id), summary: "delete site" },
  ],
  // Everything in it goes with it.
  consequences: (live, address, _scope, _ctx, configuration) =>
    siteContents(
      live,
      address,
      [sectionKind, sectionGroupKind, rootSiteSpaceKind, redirectKind],
      configuration,
    ),

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
      const nested = nestSections(sections, ctx.children(sectionGroupKind), site.title, ctx);
      config.sections = placeLinks(nested, ctx.children(siteLinkKind));
    } else {
      config.siteSpaces = ctx.children(rootSiteSpaceKind).map((siteSpace) => siteSpace.config);
    }
    config.redirects = ctx.children(redirectKind).map((redirect) => redirect.config);
    config.permissions = ctx.children(sitePermissionKind).map((permission) => permission.config);
    // A boolean, not a mapping under its collection.
    const [publishing] = ctx.children(sitePublishingKind);
    if (publishing) config.published = publishing.config.published;
    config.shareLinks = ctx.children(shareLinkKind).map((link) => link.config);
    return config;
  },
};
