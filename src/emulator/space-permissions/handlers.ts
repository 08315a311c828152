// HTTP adapter for space permissions (spec 4.3, and the team grants of the service). Reads need
// membership of the space's organization; grants need its admin role.

import { administrableSpace, readableSpace } from "../core/access.ts";
import { noContent, ok, param, type RequestContext, type Route } from "../core/context.ts";
import { badRequest } from "../core/http-error.ts";
import { paginate } from "../core/paginate.ts";
import { enumQuery } from "../core/query.ts";
import { renderUser } from "../core/render.ts";
import { spaceAudience } from "../core/space-roles.ts";
import type { Role, SpaceRecord, UserRecord } from "../core/state.ts";
import { parseBody, ROLE_VALUES } from "../core/validate.ts";
import { renderTeam } from "../teams/render.ts";
import { findTeam, listTeams } from "../teams/store.ts";
import { changeGrant, findGrant, type Grantee, grant, listGrants, removeGrant } from "./store.ts";

const ROLE = { type: "enum", values: ROLE_VALUES, nullable: true } as const;

/** The ids a grant names: teams of the organization, members of it; 400 naming the item otherwise. */
function checkGrantees(ctx: RequestContext, space: SpaceRecord, teams: string[], users: string[]): void {
  const organization = ctx.state.organizations.get(space.organizationId);
  const known = new Set(listTeams(ctx.state, space.organizationId).map((team) => team.id));
  teams.forEach((id, i) => {
    if (!known.has(id)) {
      throw badRequest(`teams[${i}]: team "${id}" not found in organization "${space.organizationId}"`);
    }
  });
  users.forEach((id, i) => {
    const member = organization?.members.get(id);
    if (!member || member.disabled) {
      throw badRequest(`users[${i}]: "${id}" is not a member of organization "${space.organizationId}"`);
    }
  });
}

function invite(ctx: RequestContext) {
  const space = administrableSpace(ctx, param(ctx, "spaceId"));
  const body = parseBody(ctx.body, {
    role: { ...ROLE, required: true },
    teams: { type: "string[]" },
    users: { type: "string[]" },
  });
  const teams = (body.teams as string[] | undefined) ?? [];
  const users = (body.users as string[] | undefined) ?? [];
  if (teams.length + users.length === 0)
    throw badRequest("teams: give at least one team or user id (teams or users)");
  checkGrantees(ctx, space, teams, users);
  grant(ctx.state, space, body.role as Role | null, { teams, users });
  return noContent();
}

const userOf = (ctx: RequestContext, userId: string) =>
  renderUser(ctx.state, ctx.state.users.get(userId) as UserRecord);

function users(ctx: RequestContext) {
  const space = readableSpace(ctx, param(ctx, "spaceId"));
  return ok(
    paginate(ctx.query, listGrants(ctx.state, space, "users"), ([userId, role]) => ({
      permission: role,
      user: userOf(ctx, userId),
    })),
  );
}

function teams(ctx: RequestContext) {
  const space = readableSpace(ctx, param(ctx, "spaceId"));
  return ok(
    paginate(ctx.query, listGrants(ctx.state, space, "teams"), ([teamId, role]) => ({
      permission: role,
      team: renderTeam(ctx, findTeam(ctx.state, space.organizationId, teamId)),
    })),
  );
}

function aggregate(ctx: RequestContext) {
  const space = readableSpace(ctx, param(ctx, "spaceId"));
  const role = enumQuery(ctx.query, "role", ROLE_VALUES);
  const audience = spaceAudience(ctx.state, space).filter(
    (entry) => role === undefined || entry.role === role,
  );
  return ok(
    paginate(ctx.query, audience, (entry) => ({ permission: entry.role, user: userOf(ctx, entry.userId) })),
  );
}

/** PATCH of a user's grant: `role` optional (absent changes nothing); of a team's: required. */
function change(kind: Grantee, idParam: string, roleRequired: boolean) {
  return (ctx: RequestContext) => {
    const space = administrableSpace(ctx, param(ctx, "spaceId"));
    const body = parseBody(ctx.body, { role: { ...ROLE, required: roleRequired } });
    const id = param(ctx, idParam);
    // Without a role there is nothing to change, but the grant must still exist.
    if (body.role === undefined) findGrant(ctx.state, space, kind, id);
    else changeGrant(ctx.state, space, kind, id, body.role as Role | null);
    return noContent();
  };
}

function revoke(kind: Grantee, idParam: string) {
  return (ctx: RequestContext) => {
    const space = administrableSpace(ctx, param(ctx, "spaceId"));
    removeGrant(ctx.state, space, kind, param(ctx, idParam));
    return noContent();
  };
}

const PREFIX = "/spaces/:spaceId/permissions";

export const spacePermissionRoutes: Route[] = [
  { method: "POST", path: PREFIX, handler: invite },
  { method: "GET", path: `${PREFIX}/users`, handler: users },
  { method: "PATCH", path: `${PREFIX}/users/:userId`, handler: change("users", "userId", false) },
  { method: "DELETE", path: `${PREFIX}/users/:userId`, handler: revoke("users", "userId") },
  { method: "GET", path: `${PREFIX}/aggregate`, handler: aggregate },
  { method: "GET", path: `${PREFIX}/teams`, handler: teams },
  { method: "PATCH", path: `${PREFIX}/teams/:teamId`, handler: change("teams", "teamId", true) },
  { method: "DELETE", path: `${PREFIX}/teams/:teamId`, handler: revoke("teams", "teamId") },
];
