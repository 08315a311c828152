// Who reaches a space, and with which role. A member reaches every space of its organization
// through its organization role (guests reach none that way); a space can also grant a role to
// users and to teams (spec 4.3). The effective role is the strongest of these. Grants are kept
// here, next to the rule that reads them, because rendering a Space (core) needs them; the
// space-permissions family changes them.

import type { EmulatorState, Role, SpaceRecord } from "./state.ts";
import { ROLE_VALUES } from "./validate.ts";

export interface SpaceGrants {
  /** Role by user id, in granting order. */
  users: Map<string, Role>;
  /** Role by team id, in granting order. */
  teams: Map<string, Role>;
}

/** Teams are a family of their own; this is the part of a team record the rule reads. */
interface TeamLike {
  id: string;
  organizationId: string;
  members: Map<string, unknown>;
}

/** ROLE_VALUES runs from the strongest role to the weakest. */
const strength = (role: Role): number => ROLE_VALUES.length - ROLE_VALUES.indexOf(role);

export const atLeast = (role: Role | undefined, needed: Role): boolean =>
  role !== undefined && strength(role) >= strength(needed);

export function strongest(roles: (Role | undefined)[]): Role | undefined {
  let best: Role | undefined;
  for (const role of roles) if (role !== undefined && (!best || strength(role) > strength(best))) best = role;
  return best;
}

export function spaceGrants(state: EmulatorState, spaceId: string): SpaceGrants {
  const all = state.family("space-grants", () => new Map<string, SpaceGrants>());
  let grants = all.get(spaceId);
  if (!grants) {
    grants = { users: new Map(), teams: new Map() };
    all.set(spaceId, grants);
  }
  return grants;
}

function teamsById(state: EmulatorState, organizationId: string): Map<string, TeamLike> {
  const teams = (state.families.get("teams") as Map<string, TeamLike> | undefined) ?? new Map();
  return new Map([...teams].filter(([, team]) => team.organizationId === organizationId));
}

/**
 * The grants of a space that still mean something: to active members of its organization and
 * to its existing teams. A member who leaves, or a team that is deleted, loses its grants.
 */
export function liveGrants(state: EmulatorState, space: SpaceRecord): SpaceGrants {
  const organization = state.organizations.get(space.organizationId);
  const grants = spaceGrants(state, space.id);
  const teams = teamsById(state, space.organizationId);
  return {
    users: new Map(
      [...grants.users].filter(([userId]) => {
        const member = organization?.members.get(userId);
        return member !== undefined && !member.disabled;
      }),
    ),
    teams: new Map([...grants.teams].filter(([teamId]) => teams.has(teamId))),
  };
}

/** The caller's role on a space, or undefined when it does not reach the space. */
export function effectiveRole(state: EmulatorState, space: SpaceRecord, userId: string): Role | undefined {
  const member = state.organizations.get(space.organizationId)?.members.get(userId);
  if (!member || member.disabled) return undefined;
  const grants = liveGrants(state, space);
  const teams = teamsById(state, space.organizationId);
  const viaTeams = [...grants.teams]
    .filter(([teamId]) => teams.get(teamId)?.members.has(userId))
    .map(([, role]) => role);
  return strongest([member.role ?? undefined, grants.users.get(userId), ...viaTeams]);
}

/** Every member who reaches the space, with its effective role, in joining order. */
export function spaceAudience(state: EmulatorState, space: SpaceRecord): { userId: string; role: Role }[] {
  const organization = state.organizations.get(space.organizationId);
  const audience: { userId: string; role: Role }[] = [];
  for (const userId of organization?.members.keys() ?? []) {
    const role = effectiveRole(state, space, userId);
    if (role !== undefined) audience.push({ userId, role });
  }
  return audience;
}
