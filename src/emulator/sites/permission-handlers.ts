// HTTP handlers of a site's own permissions: teams and users are invited (one list per call,
// at the read role), their role changed and their grant removed one by one. A team deleted or a
// member who left drops out of the listings.

import { noContent, ok, param, type Reply, type RequestContext } from "../core/context.ts";
import { badRequest, notFound } from "../core/http-error.ts";
import { paginate } from "../core/paginate.ts";
import { renderUser } from "../core/render.ts";
import type { Role, UserRecord } from "../core/state.ts";
import { parseBody, ROLE_VALUES } from "../core/validate.ts";
import { renderTeam } from "../teams/render.ts";
import { findTeam, listTeams } from "../teams/store.ts";
import { siteOf } from "./lookup.ts";
import type { SiteRecord } from "./model.ts";

type Grantee = "teams" | "users";

/** The role an invitation grants until a PATCH sets another: the published invite takes none. */
const INVITED_ROLE: Role = "read";

const ids = { type: "string[]", minItems: 1 } as const;

/** The grants still valid: teams of the organization, active members. */
function grantsOf(ctx: RequestContext, site: SiteRecord, kind: Grantee): [string, Role | null][] {
  const organization = ctx.state.organizations.get(site.organizationId);
  const teams = new Set(listTeams(ctx.state, site.organizationId).map((team) => team.id));
  return [...site.permissions[kind]].filter(([id]) =>
    kind === "teams" ? teams.has(id) : organization?.members.get(id)?.disabled === false,
  );
}

function inviteHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  const body = parseBody(ctx.body, { teams: ids, users: ids });
  const given = (["teams", "users"] as const).filter((kind) => body[kind] !== undefined);
  const kind = given[0];
  if (given.length !== 1 || !kind) throw badRequest("request body: must have exactly one of teams, users");
  const valid = new Set<string>(grantsOf(ctx, site, kind).map(([id]) => id));
  const organization = ctx.state.organizations.get(site.organizationId);
  const teams = new Set(listTeams(ctx.state, site.organizationId).map((team) => team.id));
  (body[kind] as string[]).forEach((id, i) => {
    const known = kind === "teams" ? teams.has(id) : organization?.members.get(id)?.disabled === false;
    if (!known) {
      const what = kind === "teams" ? "team" : "member";
      throw badRequest(`${kind}[${i}]: ${what} "${id}" not found in organization "${site.organizationId}"`);
    }
  });
  for (const id of body[kind] as string[]) {
    if (!valid.has(id)) site.permissions[kind].set(id, INVITED_ROLE);
  }
  return noContent();
}

function listHandler(kind: Grantee) {
  return (ctx: RequestContext): Reply => {
    const site = siteOf(ctx, "read");
    return ok(
      paginate(ctx.query, grantsOf(ctx, site, kind), ([id, role]) =>
        kind === "teams"
          ? { permission: role, team: renderTeam(ctx, findTeam(ctx.state, site.organizationId, id)) }
          : { permission: role, user: renderUser(ctx.state, ctx.state.users.get(id) as UserRecord) },
      ),
    );
  };
}

function grantOf(ctx: RequestContext, site: SiteRecord, kind: Grantee): string {
  const id = param(ctx, kind === "teams" ? "teamId" : "userId");
  if (!grantsOf(ctx, site, kind).some(([granted]) => granted === id)) {
    throw notFound(kind === "teams" ? "site permission of team" : "site permission of user", id);
  }
  return id;
}

function changeHandler(kind: Grantee) {
  return (ctx: RequestContext): Reply => {
    const site = siteOf(ctx, "write");
    const id = grantOf(ctx, site, kind);
    const body = parseBody(ctx.body, { role: { type: "enum", values: ROLE_VALUES } }, { optionalBody: true });
    if (body.role !== undefined) site.permissions[kind].set(id, body.role as Role);
    return noContent();
  };
}

function removeHandler(kind: Grantee) {
  return (ctx: RequestContext): Reply => {
    const site = siteOf(ctx, "write");
    site.permissions[kind].delete(grantOf(ctx, site, kind));
    return noContent();
  };
}

export const sitePermissionHandlers = {
  invite: inviteHandler,
  listTeams: listHandler("teams"),
  listUsers: listHandler("users"),
  changeTeam: changeHandler("teams"),
  changeUser: changeHandler("users"),
  removeTeam: removeHandler("teams"),
  removeUser: removeHandler("users"),
};
