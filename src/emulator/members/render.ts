import type { RequestContext } from "../core/context.ts";
import { iso, renderUser } from "../core/render.ts";
import type { MemberRecord, OrganizationRecord } from "../core/state.ts";
import { memberCounter } from "./store.ts";

/** A listing passes one `countsOf` for all its members. */
export function renderMember(
  ctx: RequestContext,
  organization: OrganizationRecord,
  member: MemberRecord,
  countsOf = memberCounter(ctx.state, organization.id),
) {
  const user = ctx.state.users.get(member.userId);
  if (!user) throw new Error(`member "${member.userId}" has no user record`);
  const { spaces, teams, sites } = countsOf(member);
  return {
    object: "member",
    id: member.userId,
    role: member.role,
    user: renderUser(ctx.state, user),
    disabled: member.disabled,
    joinedAt: iso(member.joinedAt),
    lastSeenAt: iso(member.lastSeenAt),
    sso: member.sso,
    spaces,
    teams,
    sites,
  };
}
