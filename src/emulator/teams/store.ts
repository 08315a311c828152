// Teams of an organization. Titles need not be unique (the service allows two teams with one
// title); a team's members are members of its organization, and leave the team when they
// leave the organization.

import { badRequest } from "../core/http-error.ts";
import { organizationRecords } from "../core/records.ts";
import type { EmulatorState, OrganizationRecord } from "../core/state.ts";

/** An owner may manage the team; organization admins manage every team. */
export type TeamRole = "owner" | "member";

export interface TeamRecord {
  id: string;
  organizationId: string;
  title: string;
  createdAt: Date;
  /** Role in the team by user id, in joining order. */
  members: Map<string, TeamRole>;
}

const teamRecords = organizationRecords<TeamRecord>("teams", "team");

export const listTeams = teamRecords.list;
export const findTeam = teamRecords.find;
export const deleteTeam = teamRecords.remove;

export function teamsOfUser(state: EmulatorState, organizationId: string, userId: string): TeamRecord[] {
  return listTeams(state, organizationId).filter((team) => team.members.has(userId));
}

export interface NewTeam {
  id?: string;
  title: string;
  members?: string[];
  owners?: string[];
}

export function createTeam(
  state: EmulatorState,
  organization: OrganizationRecord,
  input: NewTeam,
): TeamRecord {
  const members = new Map<string, TeamRole>();
  const add = (field: string, ids: string[], role: TeamRole) =>
    ids.forEach((userId, i) => {
      if (!organization.members.has(userId)) {
        throw badRequest(`${field}[${i}]: "${userId}" is not a member of organization "${organization.id}"`);
      }
      members.set(userId, role);
    });
  add("members", input.members ?? [], "member");
  add("owners", input.owners ?? [], "owner");
  return teamRecords.add(state, {
    id: input.id ?? teamRecords.freshId(state, "team"),
    organizationId: organization.id,
    title: input.title,
    createdAt: state.now(),
    members,
  });
}

export function removeUserFromTeams(state: EmulatorState, organizationId: string, userId: string): void {
  for (const team of teamsOfUser(state, organizationId, userId)) team.members.delete(userId);
}

/** Teams that a member may manage: all of them for an admin, otherwise those it owns. */
export function teamsManagedBy(
  state: EmulatorState,
  organization: OrganizationRecord,
  userId: string,
): TeamRecord[] {
  const member = organization.members.get(userId);
  if (!member) return [];
  const teams = listTeams(state, organization.id);
  return member.role === "admin" ? teams : teams.filter((team) => team.members.get(userId) === "owner");
}
