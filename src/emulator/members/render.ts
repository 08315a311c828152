import type { RequestContext } from "../core/context.ts";
import { iso, renderUser } from "../core/render.ts";
import type { MemberRecord, OrganizationRecord } from "../core/state.ts";
import { teamsOfUser } from "../teams/store.ts";
import { reachableSpaces } from "./store.ts";

export function renderMember(ctx: RequestContext, organization: OrganizationRecord, member: MemberRecord) {
  const user = ctx.state.users.get(member.userId);
  if (!user) throw new Error(`member "${member.userId}" has no user record`);
  return {
    object: "member",
    id: member.userId,
    role: member.role,
    user: renderUser(ctx.state, user),
    disabled: member.disabled,
    joinedAt: iso(member.joinedAt),
    lastSeenAt: iso(member.lastSeenAt),
    sso: member.sso,
    spaces: reachableSpaces(ctx.state, member, organization.id).length,
    teams: teamsOfUser(ctx.state, organization.id, member.userId).length,
  };
}
