// HTTP handlers of /orgs/{organizationId}/sites and /sites/{siteId}: check the body, resolve
// the ids it names, call the store, render.

import { administrableOrganization, readableOrganization } from "../core/access.ts";
import { created, noContent, ok, param, type Reply, type RequestContext } from "../core/context.ts";
import { badRequest } from "../core/http-error.ts";
import { paginate } from "../core/paginate.ts";
import type { SpaceRecord } from "../core/state.ts";
import { type BodyShape, checkNested, parseBody } from "../core/validate.ts";
import { checkProxy, enumListQuery, optionalBooleanQuery, segmentRule } from "./checks.ts";
import { locate } from "./containers.ts";
import { sectionField, siteOf, spaceField } from "./lookup.ts";
import {
  SITE_TYPES,
  SITE_VISIBILITIES,
  type SiteRecord,
  type SiteType,
  type SiteVisibility,
} from "./model.ts";
import { createSpaceForSite } from "./new-space.ts";
import { renderSite } from "./render.ts";
import { renderPublished } from "./render-published.ts";
import { createSite, deleteSite, listSites, type SiteChanges, updateSite } from "./site-store.ts";

const DEFAULT_TITLE = "Untitled site";
const SPACE_TITLE_MAX = 50;

const createShape: BodyShape = {
  type: { type: "enum", values: SITE_TYPES },
  title: { type: "string", min: 2, max: 128 },
  visibility: { type: "enum", values: SITE_VISIBILITIES },
  spaces: { type: "any" },
};

const updateShape: BodyShape = {
  title: { type: "string", min: 2, max: 128 },
  visibility: { type: "enum", values: SITE_VISIBILITIES },
  basename: segmentRule,
  adaptiveContent: { type: "object" },
  defaultSiteSpace: { type: "string", min: 1 },
  defaultSiteSection: { type: "string", min: 1 },
  // Checked by checkProxy: the service's host-and-path form, or a URL.
  proxy: { type: "any" },
};

/** `spaces` on create: existing space ids (root site spaces, in order) or `{new: {title?}}`. */
function spacesForNewSite(ctx: RequestContext, organizationId: string, value: unknown, siteTitle: string) {
  if (value === undefined) return [];
  if (Array.isArray(value)) {
    const spaces: SpaceRecord[] = [];
    value.forEach((id, i) => {
      if (typeof id !== "string") throw badRequest(`spaces[${i}]: must be a space id string`);
      const space = spaceField(ctx, organizationId, `spaces[${i}]`, id);
      if (spaces.includes(space)) throw badRequest(`spaces[${i}]: space "${id}" is listed twice`);
      spaces.push(space);
    });
    return spaces;
  }
  if (value === null || typeof value !== "object") {
    throw badRequest("spaces: must be an array of space ids or {new: {title}}");
  }
  const form = checkNested("spaces", value, { new: { type: "object", required: true } });
  const fields = checkNested("spaces.new", form.new, {
    title: { type: "string", min: 1, max: SPACE_TITLE_MAX },
  });
  const title = (fields.title as string | undefined) ?? siteTitle.slice(0, SPACE_TITLE_MAX);
  return [createSpaceForSite(ctx.state, organizationId, title)];
}

function listSitesHandler(ctx: RequestContext): Reply {
  const organization = readableOrganization(ctx, param(ctx, "organizationId"));
  const sites = listSites(ctx.state, organization.id, {
    spaceId: ctx.query.get("space") ?? undefined,
    title: ctx.query.get("title") ?? undefined,
    published: optionalBooleanQuery(ctx.query, "published"),
    types: enumListQuery(ctx.query, "type", SITE_TYPES),
  });
  return ok(paginate(ctx.query, sites, (site) => renderSite(ctx, site)));
}

function createSiteHandler(ctx: RequestContext): Reply {
  const organization = administrableOrganization(ctx, param(ctx, "organizationId"));
  const body = parseBody(ctx.body, createShape, { optionalBody: true });
  const title = (body.title as string | undefined) ?? DEFAULT_TITLE;
  const site = createSite(ctx.state, organization.id, {
    type: (body.type as SiteType | undefined) ?? "basic",
    title,
    visibility: (body.visibility as SiteVisibility | undefined) ?? "public",
    spaces: spacesForNewSite(ctx, organization.id, body.spaces, title),
  });
  return created(renderSite(ctx, site));
}

/**
 * The default site space is chosen in the root container, or in the default section when the
 * site has sections; a `defaultSiteSection` in the same request is applied first.
 */
function defaultSiteSpaceChange(site: SiteRecord, siteSpaceId: string, defaultSectionId: string | undefined) {
  const sectionId = defaultSectionId ?? site.defaultSectionId;
  const section = site.sections.find((entry) => entry.id === sectionId);
  const container = section ?? site.root;
  const located = locate(site, siteSpaceId);
  if (!located) {
    throw badRequest(`defaultSiteSpace: site space "${siteSpaceId}" not found in site "${site.id}"`);
  }
  if (located.container !== container) {
    const where = section ? `the default section "${section.id}"` : `the root of site "${site.id}"`;
    throw badRequest(`defaultSiteSpace: site space "${siteSpaceId}" is not in ${where}`);
  }
  return { container, siteSpaceId };
}

function updateSiteHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  const body = parseBody(ctx.body, updateShape, { optionalBody: true });
  checkProxy(body.proxy);
  const changes: SiteChanges = {
    title: body.title as string | undefined,
    visibility: body.visibility as SiteVisibility | undefined,
    basename: body.basename as string | undefined,
  };
  if (body.adaptiveContent !== undefined) {
    const adaptive = checkNested("adaptiveContent", body.adaptiveContent, {
      enabled: { type: "boolean", required: true },
    });
    changes.adaptiveContentEnabled = adaptive.enabled as boolean;
  }
  if (typeof body.defaultSiteSection === "string") {
    changes.defaultSectionId = sectionField(site, "defaultSiteSection", body.defaultSiteSection).id;
  }
  if (typeof body.defaultSiteSpace === "string") {
    changes.defaultSiteSpace = defaultSiteSpaceChange(site, body.defaultSiteSpace, changes.defaultSectionId);
  }
  changes.proxyOrigin = body.proxy as string | null | undefined;
  updateSite(site, changes);
  return ok(renderSite(ctx, site));
}

function getSiteHandler(ctx: RequestContext): Reply {
  return ok(renderSite(ctx, siteOf(ctx, "read")));
}

function deleteSiteHandler(ctx: RequestContext): Reply {
  deleteSite(ctx.state, siteOf(ctx, "write"));
  return noContent();
}

/** `shareKey` is accepted and not checked: members can read every site of their organization. */
function getPublishedHandler(ctx: RequestContext): Reply {
  return ok(renderPublished(ctx, siteOf(ctx, "read")));
}

export const siteHandlers = {
  list: listSitesHandler,
  create: createSiteHandler,
  get: getSiteHandler,
  update: updateSiteHandler,
  delete: deleteSiteHandler,
  published: getPublishedHandler,
};
