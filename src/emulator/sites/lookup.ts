// Resolving ids for handlers. Ids in the path answer 404 when unknown; ids in a body answer
// 400 naming the field, since the request itself is what is wrong. Access comes first: a
// non-member gets 404 for the organization, a non-admin member 403 on writes.

import { administrableOrganization, readableOrganization } from "../core/access.ts";
import { param, type RequestContext } from "../core/context.ts";
import { badRequest, notFound } from "../core/http-error.ts";
import type { SpaceRecord } from "../core/state.ts";
import { type Located, locate } from "./containers.ts";
import type { GroupRecord, RedirectRecord, SectionRecord, SiteRecord } from "./model.ts";
import { sitesOf } from "./model.ts";

/** The site of the path, with the access that reading (`read`) or changing it (`write`) needs. */
export function siteOf(ctx: RequestContext, access: "read" | "write"): SiteRecord {
  const organizationId = param(ctx, "organizationId");
  if (access === "write") administrableOrganization(ctx, organizationId);
  else readableOrganization(ctx, organizationId);
  const siteId = param(ctx, "siteId");
  const site = sitesOf(ctx.state).sites.get(siteId);
  if (!site || site.organizationId !== organizationId) throw notFound("site", siteId);
  return site;
}

/** The entry of `entries` whose id is the path parameter `name`. */
function pathEntry<T extends { id: string }>(
  ctx: RequestContext,
  name: string,
  entries: readonly T[],
  what: string,
): T {
  const id = param(ctx, name);
  const entry = entries.find((candidate) => candidate.id === id);
  if (!entry) throw notFound(what, id);
  return entry;
}

export const sectionOf = (ctx: RequestContext, site: SiteRecord): SectionRecord =>
  pathEntry(ctx, "siteSectionId", site.sections, "site section");

export const groupOf = (ctx: RequestContext, site: SiteRecord): GroupRecord =>
  pathEntry(ctx, "siteSectionGroupId", site.groups, "site section group");

export const redirectOf = (ctx: RequestContext, site: SiteRecord): RedirectRecord =>
  pathEntry(ctx, "siteRedirectId", site.redirects, "site redirect");

export function siteSpaceOf(ctx: RequestContext, site: SiteRecord): Located {
  const id = param(ctx, "siteSpaceId");
  const located = locate(site, id);
  if (!located) throw notFound("site space", id);
  return located;
}

/** A section of the site named in a body field. */
export function sectionField(site: SiteRecord, field: string, id: string): SectionRecord {
  const section = site.sections.find((entry) => entry.id === id);
  if (!section) throw badRequest(`${field}: site section "${id}" not found in site "${site.id}"`);
  return section;
}

/** A section group of the site named in a body field. */
export function groupField(site: SiteRecord, field: string, id: string): GroupRecord {
  const group = site.groups.find((entry) => entry.id === id);
  if (!group) throw badRequest(`${field}: site section group "${id}" not found in site "${site.id}"`);
  return group;
}

/** A site space of the site named in a body field. */
export function siteSpaceField(site: SiteRecord, field: string, id: string): Located {
  const located = locate(site, id);
  if (!located) throw badRequest(`${field}: site space "${id}" not found in site "${site.id}"`);
  return located;
}

/** A space named in a body field: it must be a non-deleted space of the site's organization. */
export function spaceField(
  ctx: RequestContext,
  organizationId: string,
  field: string,
  id: string,
): SpaceRecord {
  const space = ctx.state.spaces.get(id);
  if (!space || space.organizationId !== organizationId) {
    throw badRequest(`${field}: space "${id}" not found in organization "${organizationId}"`);
  }
  if (space.deletedAt) throw badRequest(`${field}: space "${id}" is deleted`);
  return space;
}
