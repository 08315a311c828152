// Roles granted on a space to users and to teams (spec 4.3 and the team grants the service
// also offers). A grant names a member or a team of the space's organization; a null role
// takes the grant away, and the grantee falls back to what its organization role gives it.

import { HttpError } from "../core/http-error.ts";
import { liveGrants, spaceGrants } from "../core/space-roles.ts";
import type { EmulatorState, Role, SpaceRecord } from "../core/state.ts";
import { assertLive } from "../spaces/store.ts";

export type Grantee = "users" | "teams";

export function grant(
  state: EmulatorState,
  space: SpaceRecord,
  role: Role | null,
  grantees: { users: string[]; teams: string[] },
): void {
  assertLive(space);
  const grants = spaceGrants(state, space.id);
  for (const kind of ["users", "teams"] as const) {
    for (const id of grantees[kind]) {
      if (role === null) grants[kind].delete(id);
      else grants[kind].set(id, role);
    }
  }
  space.updatedAt = state.now();
}

/** The live grants of one kind, as [id, role] pairs in granting order. */
export function listGrants(state: EmulatorState, space: SpaceRecord, kind: Grantee): [string, Role][] {
  return [...liveGrants(state, space)[kind]];
}

const what = (kind: Grantee, id: string, space: SpaceRecord) =>
  new HttpError(
    404,
    `${kind === "users" ? "user" : "team"} "${id}" has no permission on space "${space.id}"`,
  );

/** The role a live grant gives; 404 when there is none. */
export function findGrant(state: EmulatorState, space: SpaceRecord, kind: Grantee, id: string): Role {
  const role = liveGrants(state, space)[kind].get(id);
  if (role === undefined) throw what(kind, id, space);
  return role;
}

/** Changes (or, with null, removes) an existing grant; 404 when there is none. */
export function changeGrant(
  state: EmulatorState,
  space: SpaceRecord,
  kind: Grantee,
  id: string,
  role: Role | null,
): void {
  assertLive(space);
  findGrant(state, space, kind, id);
  const grants = spaceGrants(state, space.id)[kind];
  if (role === null) grants.delete(id);
  else grants.set(id, role);
  space.updatedAt = state.now();
}

export function removeGrant(state: EmulatorState, space: SpaceRecord, kind: Grantee, id: string): void {
  changeGrant(state, space, kind, id, null);
}

/** Live spaces of an organization that grant the team a role, for the team's `spaces` count. */
export function spacesGrantedToTeam(state: EmulatorState, organizationId: string, teamId: string): number {
  let count = 0;
  for (const space of state.spaces.values()) {
    if (space.organizationId !== organizationId || space.deletedAt) continue;
    if (liveGrants(state, space).teams.has(teamId)) count += 1;
  }
  return count;
}
