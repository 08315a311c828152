import { isAdmin } from "../core/access.ts";
import type { RequestContext } from "../core/context.ts";
import { iso } from "../core/render.ts";
import { spacesGrantedToTeam } from "../space-permissions/store.ts";
import type { TeamRecord } from "./store.ts";

export function renderTeam(ctx: RequestContext, team: TeamRecord) {
  const admin = isAdmin(ctx, team.organizationId) || team.members.get(ctx.user.id) === "owner";
  return {
    object: "team",
    id: team.id,
    title: team.title,
    members: team.members.size,
    spaces: spacesGrantedToTeam(ctx.state, team.organizationId, team.id),
    createdAt: iso(team.createdAt),
    permissions: { admin, view: true },
  };
}
