// HTTP adapter for organizations (spec 4.14): the caller's organizations, their configuration,
// search and the email-domain lookup.

import { administrableOrganization, readableOrganization } from "../core/access.ts";
import { ok, param, type RequestContext, type Route } from "../core/context.ts";
import { badRequest } from "../core/http-error.ts";
import { paginate } from "../core/paginate.ts";
import { stringQuery } from "../core/query.ts";
import { type BodyShape, bodyChanges, parseBody, ROLE_VALUES } from "../core/validate.ts";
import { renderOrganization } from "./render.ts";
import {
  type OrganizationChanges,
  organizationsForEmailDomain,
  organizationsOfUser,
  searchSpaces,
  updateOrganization,
} from "./store.ts";

const DOMAIN = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const SUBDOMAIN = /^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/;

const PATCH_SHAPE: BodyShape = {
  title: { type: "string", min: 2, max: 255 },
  emailDomains: { type: "string[]", itemMax: 253, itemPattern: DOMAIN, itemPatternText: "a domain name" },
  // Neither the spec nor the published description lets null remove a hostname.
  hostname: { type: "string", min: 3, max: 32, pattern: SUBDOMAIN },
  defaultRole: { type: "enum", values: ROLE_VALUES, nullable: true },
  defaultContent: {
    type: "object",
    nullable: true,
    check: (value, field) => {
      if (typeof value.type !== "string") throw badRequest(`${field}.type: required, a string`);
    },
  },
  logo: { type: "url", max: 2048, nullable: true },
  sso: { type: "boolean" },
  ai: { type: "boolean" },
  inviteLinks: { type: "boolean" },
};

function list(ctx: RequestContext) {
  const organizations = organizationsOfUser(ctx.state, ctx.user.id);
  return ok(paginate(ctx.query, organizations, (organization) => renderOrganization(ctx, organization)));
}

function get(ctx: RequestContext) {
  return ok(renderOrganization(ctx, readableOrganization(ctx, param(ctx, "organizationId"))));
}

function update(ctx: RequestContext) {
  const organization = administrableOrganization(ctx, param(ctx, "organizationId"));
  const changes = bodyChanges(parseBody(ctx.body, PATCH_SHAPE), ["defaultRole"]);
  updateOrganization(ctx.state, organization, changes as OrganizationChanges);
  return ok(renderOrganization(ctx, organization));
}

function search(ctx: RequestContext) {
  const organization = readableOrganization(ctx, param(ctx, "organizationId"));
  const query = stringQuery(ctx.query, "query", { required: true, max: 512 }) as string;
  if (query.trim() === "") throw badRequest("query: must not be empty");
  const spaces = searchSpaces(ctx.state, organization.id, query);
  // Results are per space; the emulator holds no pages, so `pages` is always empty.
  return ok(paginate(ctx.query, spaces, (space) => ({ id: space.id, title: space.title, pages: [] })));
}

function byEmailDomain(ctx: RequestContext) {
  const organizations = organizationsForEmailDomain(ctx.state, param(ctx, "emailDomain"), ctx.user);
  return ok({ organizations: organizations.map((organization) => renderOrganization(ctx, organization)) });
}

export const organizationRoutes: Route[] = [
  { method: "GET", path: "/orgs", handler: list },
  { method: "GET", path: "/orgs/:organizationId", handler: get },
  { method: "PATCH", path: "/orgs/:organizationId", handler: update },
  { method: "GET", path: "/orgs/:organizationId/search", handler: search },
  { method: "GET", path: "/email-domains/:emailDomain/orgs", handler: byEmailDomain },
];
