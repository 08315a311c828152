// Members of an organization. The invariant: an organization always keeps at least one active
// admin, so the last one can be neither removed nor demoted.

import { conflict, notFound } from "../core/http-error.ts";
import { effectiveRole } from "../core/space-roles.ts";
import type { EmulatorState, MemberRecord, OrganizationRecord, Role, SpaceRecord } from "../core/state.ts";
import { listSites } from "../sites/site-store.ts";
import { listTeams, removeUserFromTeams } from "../teams/store.ts";

export function findMember(organization: OrganizationRecord, userId: string): MemberRecord {
  const member = organization.members.get(userId);
  if (!member) throw notFound("member", userId);
  return member;
}

export interface MemberFilter {
  role?: Role;
  /** Case-insensitive, matched against display name and email. */
  search?: string;
  sort: "joinedAt" | "lastSeenAt";
  order: "asc" | "desc";
}

export function listMembers(state: EmulatorState, organization: OrganizationRecord, filter: MemberFilter) {
  const search = filter.search?.toLowerCase();
  const members = [...organization.members.values()].filter((member) => {
    if (filter.role !== undefined && member.role !== filter.role) return false;
    // Sorting by last-seen time lists only active members: disabled ones are left out.
    if (filter.sort === "lastSeenAt" && member.disabled) return false;
    if (search === undefined) return true;
    const user = state.users.get(member.userId);
    return (
      user !== undefined &&
      (user.displayName.toLowerCase().includes(search) || user.email.toLowerCase().includes(search))
    );
  });
  const sign = filter.order === "asc" ? 1 : -1;
  // Stable sort: members with equal times keep joining order, reversed for descending order.
  const ordered = filter.order === "asc" ? members : members.reverse();
  return ordered.sort((a, b) => sign * (a[filter.sort].getTime() - b[filter.sort].getTime()));
}

function assertNotLastAdmin(organization: OrganizationRecord, member: MemberRecord): void {
  if (member.role !== "admin" || member.disabled) return;
  const admins = [...organization.members.values()].filter((m) => m.role === "admin" && !m.disabled);
  if (admins.length === 1) {
    throw conflict(
      `user "${member.userId}" is the last admin of organization "${organization.id}"; make another member admin first`,
    );
  }
}

export function changeRole(organization: OrganizationRecord, member: MemberRecord, role: Role | null): void {
  if (role !== "admin") assertNotLastAdmin(organization, member);
  member.role = role;
}

export function removeMember(
  state: EmulatorState,
  organization: OrganizationRecord,
  member: MemberRecord,
): void {
  assertNotLastAdmin(organization, member);
  organization.members.delete(member.userId);
  removeUserFromTeams(state, organization.id, member.userId);
}

/**
 * The live spaces of the organization a member reaches, with its effective role on each: its
 * organization role reaches them all (a guest's reaches none), and grants on a space to the
 * member or to one of its teams add to it.
 */
export function reachableSpaces(
  state: EmulatorState,
  member: MemberRecord,
  organizationId: string,
): { space: SpaceRecord; role: Role }[] {
  const reached: { space: SpaceRecord; role: Role }[] = [];
  for (const space of state.spaces.values()) {
    if (space.organizationId !== organizationId || space.deletedAt) continue;
    const role = effectiveRole(state, space, member.userId);
    if (role !== undefined) reached.push({ space, role });
  }
  return reached;
}

export interface MemberCounts {
  spaces: number;
  teams: number;
  sites: number;
}

/**
 * The counts a rendered member shows, for any member of the organization, with the teams and
 * sites counted in one pass: a listing renders a page of members without a scan per member.
 * A member's role reaches every site of the organization (reads need membership only); a
 * guest's reaches none.
 */
export function memberCounter(
  state: EmulatorState,
  organizationId: string,
): (member: MemberRecord) => MemberCounts {
  const teams = new Map<string, number>();
  for (const team of listTeams(state, organizationId)) {
    for (const userId of team.members.keys()) teams.set(userId, (teams.get(userId) ?? 0) + 1);
  }
  const sites = listSites(state, organizationId, {}).length;
  return (member) => ({
    spaces: reachableSpaces(state, member, organizationId).length,
    teams: teams.get(member.userId) ?? 0,
    sites: member.role === null ? 0 : sites,
  });
}
