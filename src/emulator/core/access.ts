// Who may do what. Reading an organization's resources needs membership; writing its
// configuration needs the admin role. A caller who is not a member gets 404, as if the
// organization did not exist, so that ids of other organizations are not disclosed.

import type { RequestContext } from "./context.ts";
import { forbidden, notFound } from "./http-error.ts";
import { atLeast, effectiveRole } from "./space-roles.ts";
import type { MemberRecord, OrganizationRecord, Role, SpaceRecord } from "./state.ts";

/**
 * Answers 404 for `what` unless the caller is an active member of the organization: resources
 * of other organizations look the same as resources that do not exist.
 */
export function assertMemberOf(ctx: RequestContext, organizationId: string, what: string, id: string): void {
  const member = ctx.state.organizations.get(organizationId)?.members.get(ctx.user.id);
  if (!member || member.disabled) throw notFound(what, id);
}

export function readableOrganization(ctx: RequestContext, organizationId: string): OrganizationRecord {
  const organization = ctx.state.organizations.get(organizationId);
  const member = organization?.members.get(ctx.user.id);
  if (!organization || !member || member.disabled) throw notFound("organization", organizationId);
  return organization;
}

export function callerMembership(ctx: RequestContext, organization: OrganizationRecord): MemberRecord {
  const member = organization.members.get(ctx.user.id);
  if (!member) throw notFound("organization", organization.id);
  return member;
}

/** The organization, when the caller is one of its admins; 403 for other members. */
export function administrableOrganization(ctx: RequestContext, organizationId: string): OrganizationRecord {
  const organization = readableOrganization(ctx, organizationId);
  if (callerMembership(ctx, organization).role !== "admin") {
    throw forbidden(`changing organization "${organizationId}" needs the admin role`);
  }
  return organization;
}

/** Whether the caller has the admin role in the organization, for the `permissions` of a resource. */
export function isAdmin(ctx: RequestContext, organizationId: string): boolean {
  return ctx.state.organizations.get(organizationId)?.members.get(ctx.user.id)?.role === "admin";
}

/** A space of an organization the caller belongs to (deleted spaces included: they carry deletedAt). */
export function readableSpace(ctx: RequestContext, spaceId: string): SpaceRecord {
  const space = ctx.state.spaces.get(spaceId);
  if (!space) throw notFound("space", spaceId);
  assertMemberOf(ctx, space.organizationId, "space", spaceId);
  return space;
}

/** A space the caller may change: a space of an organization the caller administers. */
export function administrableSpace(ctx: RequestContext, spaceId: string): SpaceRecord {
  const space = readableSpace(ctx, spaceId);
  administrableOrganization(ctx, space.organizationId);
  return space;
}

/**
 * A space on whose content the caller may act with at least `needed` (comment, edit…), counting
 * its organization role and the grants on the space; 403 for a member with less.
 */
export function spaceWithRole(ctx: RequestContext, spaceId: string, needed: Role): SpaceRecord {
  const space = readableSpace(ctx, spaceId);
  if (!atLeast(effectiveRole(ctx.state, space, ctx.user.id), needed)) {
    throw forbidden(`this needs the ${needed} role on space "${space.id}"`);
  }
  return space;
}
