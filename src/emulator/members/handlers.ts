// HTTP adapter for organization members and the caller's ping (spec 4.15).

import { administrableOrganization, callerMembership, readableOrganization } from "../core/access.ts";
import { noContent, ok, param, type RequestContext, type Route } from "../core/context.ts";
import { paginate } from "../core/paginate.ts";
import { containsFolded, enumQuery, stringQuery } from "../core/query.ts";
import { renderSpace } from "../core/render.ts";
import { parseBody, ROLE_VALUES } from "../core/validate.ts";
import { renderTeam } from "../teams/render.ts";
import { teamsOfUser } from "../teams/store.ts";
import { renderMember } from "./render.ts";
import {
  changeRole,
  findMember,
  listMembers,
  memberCounter,
  reachableSpaces,
  removeMember,
} from "./store.ts";

const ORDERS = ["asc", "desc"] as const;
const SORTS = ["joinedAt", "lastSeenAt"] as const;

function list(ctx: RequestContext) {
  const organization = readableOrganization(ctx, param(ctx, "organizationId"));
  const members = listMembers(ctx.state, organization, {
    role: enumQuery(ctx.query, "role", ROLE_VALUES),
    search: stringQuery(ctx.query, "search"),
    sort: enumQuery(ctx.query, "sort", SORTS, "joinedAt"),
    order: enumQuery(ctx.query, "order", ORDERS, "desc"),
  });
  const countsOf = memberCounter(ctx.state, organization.id);
  return ok(paginate(ctx.query, members, (member) => renderMember(ctx, organization, member, countsOf)));
}

function get(ctx: RequestContext) {
  const organization = readableOrganization(ctx, param(ctx, "organizationId"));
  return ok(renderMember(ctx, organization, findMember(organization, param(ctx, "userId"))));
}

function update(ctx: RequestContext) {
  const organization = administrableOrganization(ctx, param(ctx, "organizationId"));
  const member = findMember(organization, param(ctx, "userId"));
  const body = parseBody(ctx.body, { role: { type: "enum", values: ROLE_VALUES, nullable: true } });
  if (body.role !== undefined)
    changeRole(organization, member, body.role as (typeof ROLE_VALUES)[number] | null);
  return ok(renderMember(ctx, organization, member));
}

function remove(ctx: RequestContext) {
  const organization = administrableOrganization(ctx, param(ctx, "organizationId"));
  removeMember(ctx.state, organization, findMember(organization, param(ctx, "userId")));
  return noContent();
}

function markSso(ctx: RequestContext) {
  const organization = administrableOrganization(ctx, param(ctx, "organizationId"));
  parseBody(ctx.body, {}, { optionalBody: true });
  const member = findMember(organization, param(ctx, "userId"));
  member.sso = true;
  return ok(renderMember(ctx, organization, member));
}

/** Records the caller as seen now and hands back an opaque token of its visitor claims. */
function ping(ctx: RequestContext) {
  const organization = readableOrganization(ctx, param(ctx, "organizationId"));
  parseBody(ctx.body, {}, { optionalBody: true });
  const member = callerMembership(ctx, organization);
  member.lastSeenAt = ctx.state.now();
  const claims = {
    organization: organization.id,
    user: ctx.user.id,
    iat: Math.floor(member.lastSeenAt.getTime() / 1000),
  };
  return ok({ serviceVisitorClaims: Buffer.from(JSON.stringify(claims)).toString("base64url") });
}

function spaces(ctx: RequestContext) {
  const organization = readableOrganization(ctx, param(ctx, "organizationId"));
  const member = findMember(organization, param(ctx, "userId"));
  const sign = enumQuery(ctx.query, "order", ORDERS, "desc") === "asc" ? 1 : -1;
  const reachable = reachableSpaces(ctx.state, member, organization.id).sort(
    (a, b) => sign * (a.space.createdAt.getTime() - b.space.createdAt.getTime()),
  );
  return ok(
    paginate(ctx.query, reachable, ({ space, role }) => ({
      permission: role,
      space: renderSpace(ctx.state, space, ctx.user.id),
    })),
  );
}

function teams(ctx: RequestContext) {
  const organization = readableOrganization(ctx, param(ctx, "organizationId"));
  const member = findMember(organization, param(ctx, "userId"));
  const title = stringQuery(ctx.query, "title");
  const memberships = teamsOfUser(ctx.state, organization.id, member.userId).filter(
    (team) => title === undefined || containsFolded(team.title, title),
  );
  return ok(
    paginate(ctx.query, memberships, (team) => ({
      team: renderTeam(ctx, team),
      member: { role: team.members.get(member.userId) },
    })),
  );
}

export const memberRoutes: Route[] = [
  { method: "GET", path: "/orgs/:organizationId/members", handler: list },
  { method: "GET", path: "/orgs/:organizationId/members/:userId", handler: get },
  { method: "PATCH", path: "/orgs/:organizationId/members/:userId", handler: update },
  { method: "DELETE", path: "/orgs/:organizationId/members/:userId", handler: remove },
  { method: "POST", path: "/orgs/:organizationId/members/:userId/sso", handler: markSso },
  { method: "GET", path: "/orgs/:organizationId/members/:userId/spaces", handler: spaces },
  { method: "GET", path: "/orgs/:organizationId/members/:userId/teams", handler: teams },
  { method: "POST", path: "/orgs/:organizationId/ping", handler: ping },
];
