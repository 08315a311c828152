// Space permissions: the role of each user and team on a space, an assignment (shapes/
// assignment.ts). Users are named by user id or by email (members of the organization), teams
// by title (under `teams:`, or a live team's). When a space lists `permissions`, the list is the
// truth: grants it does not list are removed. The lock-out rules (space-access.ts) are checked
// for the whole space before any call is drafted.

import type { Id } from "../../model/address.ts";
import { type Located, placeOf } from "../../model/desired.ts";
import { below, liveId, spacePermissionsPath, subPath } from "../paths.ts";
import { assignmentKind, type DesiredAssignment } from "../shapes/assignment.ts";
import {
  grantConfig,
  grantListConfig,
  lockoutGuard,
  principalIdOf,
  principalOwners,
  type RawGrant,
  readContainerGrants,
} from "../shapes/principals.ts";
import type { InSpace, SpaceScope } from "../space/space-types.ts";
import type { PlanContext } from "../types.ts";
import { lockoutProblems } from "./space-access.ts";
import type { AccessFacts } from "./space-access-facts.ts";

export type { RawSpacePermission } from "../space/space-types.ts";

const factsOf = (scope: SpaceScope): AccessFacts | undefined => scope.live?.details?.access;

function where(scope: SpaceScope): string {
  const { at, name } = scope.desired;
  return `${placeOf(at)}: space "${name}"`;
}

/** A permission's own position, and its space. */
function whereItem(desired: DesiredAssignment, scope: SpaceScope): string {
  const { at } = desired;
  return `${placeOf(at)}: space "${scope.desired.name}"`;
}

const principalId = (desired: DesiredAssignment, scope: SpaceScope, ctx: PlanContext): Id =>
  principalIdOf(desired, factsOf(scope), () => whereItem(desired, scope), ctx);

/** The calls for one type of principal: `users` and `teams` routes have one form. */
const principalRoutes = (type: "user" | "team") => ({
  invite: (scope: SpaceScope, id: string, role: string) => ({
    method: "POST" as const,
    path: spacePermissionsPath(scope.ids.space),
    body: { role, [`${type}s`]: [id] },
    summary: `give ${type} a role on space`,
  }),
  change: (scope: SpaceScope, id: Id, role: string) => ({
    method: "PATCH" as const,
    path: below(subPath(spacePermissionsPath(scope.ids.space), `/${type}s`), id),
    body: { role },
    summary: `change ${type}'s role on space`,
  }),
  remove: (scope: SpaceScope, id: string) => ({
    method: "DELETE" as const,
    path: subPath(spacePermissionsPath(scope.ids.space), `/${type}s/${encodeURIComponent(id)}`),
    summary: `remove ${type}'s role on space`,
  }),
});

const assignments = assignmentKind<InSpace, Located<RawGrant>>({
  kind: "space permission",
  collection: "permissions",
  config: grantListConfig("space-permission"),
  principals: { user: principalRoutes("user"), team: principalRoutes("team") },

  read: (client, scope) => readContainerGrants(client, spacePermissionsPath(liveId(scope.ids.space)), scope),
  principalId,
  principalOf: principalOwners,
  // A space keeps an admin between calls: an admin grant goes only after the new ones are made.
  keptRole: "admin",
  guard: lockoutGuard(lockoutProblems, factsOf, where),
});

export const spacePermissionKind: typeof assignments = {
  ...assignments,
  exportOneLine: true,
  toConfig: (live, scope, ctx) =>
    grantConfig(live.item, `space "${scope.live?.item.title ?? scope.ids.space}"`, (message) =>
      ctx.warn(message),
    ),
};
