// HTTP adapter for teams (spec 4.15). A team is created with PUT on the collection path.

import { administrableOrganization, readableOrganization } from "../core/access.ts";
import { created, noContent, ok, param, type RequestContext, type Route } from "../core/context.ts";
import { conflict } from "../core/http-error.ts";
import { paginate } from "../core/paginate.ts";
import { containsFolded, stringQuery } from "../core/query.ts";
import { parseBody } from "../core/validate.ts";
import { providerUsingTeam } from "../saml/store.ts";
import { renderTeam } from "./render.ts";
import { createTeam, deleteTeam, findTeam, listTeams, teamsManagedBy } from "./store.ts";

const TITLE = { type: "string", min: 1, max: 64 } as const;

function list(ctx: RequestContext) {
  const organization = readableOrganization(ctx, param(ctx, "organizationId"));
  const owner = stringQuery(ctx.query, "owner");
  const title = stringQuery(ctx.query, "title");
  let teams =
    owner === undefined
      ? listTeams(ctx.state, organization.id)
      : teamsManagedBy(ctx.state, organization, owner);
  if (title !== undefined) teams = teams.filter((team) => containsFolded(team.title, title));
  return ok(paginate(ctx.query, teams, (team) => renderTeam(ctx, team)));
}

function create(ctx: RequestContext) {
  const organization = administrableOrganization(ctx, param(ctx, "organizationId"));
  const body = parseBody(ctx.body, { title: { ...TITLE, required: true }, members: { type: "string[]" } });
  const team = createTeam(ctx.state, organization, {
    title: body.title as string,
    members: body.members as string[] | undefined,
  });
  return created(renderTeam(ctx, team));
}

function get(ctx: RequestContext) {
  const organization = readableOrganization(ctx, param(ctx, "organizationId"));
  return ok(renderTeam(ctx, findTeam(ctx.state, organization.id, param(ctx, "teamId"))));
}

function update(ctx: RequestContext) {
  const organization = administrableOrganization(ctx, param(ctx, "organizationId"));
  const team = findTeam(ctx.state, organization.id, param(ctx, "teamId"));
  const body = parseBody(ctx.body, { title: { ...TITLE, required: true } });
  team.title = body.title as string;
  return ok(renderTeam(ctx, team));
}

function remove(ctx: RequestContext) {
  const organization = administrableOrganization(ctx, param(ctx, "organizationId"));
  const team = findTeam(ctx.state, organization.id, param(ctx, "teamId"));
  const provider = providerUsingTeam(ctx.state, team.id);
  if (provider) {
    throw conflict(
      `team "${team.id}" is the default team of SAML provider "${provider.label}" (${provider.id}); ` +
        "change the provider's defaultTeam first",
    );
  }
  deleteTeam(ctx.state, team);
  return noContent();
}

export const teamRoutes: Route[] = [
  { method: "GET", path: "/orgs/:organizationId/teams", handler: list },
  { method: "PUT", path: "/orgs/:organizationId/teams", handler: create },
  { method: "GET", path: "/orgs/:organizationId/teams/:teamId", handler: get },
  { method: "PATCH", path: "/orgs/:organizationId/teams/:teamId", handler: update },
  { method: "DELETE", path: "/orgs/:organizationId/teams/:teamId", handler: remove },
];
