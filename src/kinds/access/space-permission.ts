// Space permissions: the role of each user and team on a space, an assignment (shapes/
// assignment.ts). Users are named by user id or by email (members of the organization), teams
// by title (under `teams:`, or a live team's). When a space lists `permissions`, the list is the
// truth: grants it does not list are removed. The lock-out rules (space-access.ts) are checked
// for the whole space before any call is drafted.

import { DocsyncError } from "../../errors.ts";
import { addressOf, type Id, ROOT } from "../../model/address.ts";
import { type Located, placeOf, ROLES, type Role } from "../../model/desired.ts";
import { spacePermissionsPath, subPath } from "../paths.ts";
import {
  assignmentKey,
  assignmentKind,
  type DesiredAssignment,
  type LiveAssignment,
} from "../shapes/assignment.ts";
import type { InSpace, SpaceScope } from "../space/space.ts";
import type { ExportContext, Owner, PlanContext } from "../types.ts";
import { lockoutProblems } from "./space-access.ts";
import { type AccessFacts, readCaller, readMembers } from "./space-access-facts.ts";

export interface RawSpacePermission {
  user?: string;
  team?: string;
  role: Role;
}

interface UserGrant {
  permission: string;
  user: { id: string; email?: string };
}
interface TeamGrant {
  permission: string;
  team: { id: string; title: string };
}

const isEmail = (name: string) => name.includes("@");
/** Emails are matched without regard to case. */
const userName = (name: string) => (isEmail(name) ? name.toLowerCase() : name);

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

/** How a member's address names it: by its email when it has one, as members are matched. */
const memberKey = (id: string, email: string | undefined) => email?.toLowerCase() ?? id;
const memberAddress = (id: string, email: string | undefined) =>
  addressOf(ROOT, "member", memberKey(id, email));

function principalId(desired: DesiredAssignment, scope: SpaceScope, ctx: PlanContext): Id {
  if (desired.type === "team") {
    const address = addressOf(ROOT, "team", desired.name);
    let id: Id;
    try {
      id = ctx.idOf(address);
    } catch (error) {
      if (!(error instanceof DocsyncError)) throw error;
      throw new DocsyncError(
        "plan.unknown-reference",
        `${whereItem(desired, scope)}: unknown team "${desired.name}" in permissions: no team of the organization or under teams: has that title`,
      );
    }
    if (ctx.deletes(address) === id) {
      throw new DocsyncError(
        "plan.deleted-reference",
        `${whereItem(desired, scope)}: team "${desired.name}" in permissions is deleted by this plan (policy.prune names teams and teams: does not list it): list it under teams:, or leave this permission out`,
      );
    }
    return id;
  }
  const members = factsOf(scope)?.members;
  const id = isEmail(desired.name) ? members?.byEmail.get(desired.name) : desired.name;
  if (id === undefined || !members?.ids.has(id)) {
    throw new DocsyncError(
      "plan.unknown-reference",
      `${whereItem(desired, scope)}: unknown user "${desired.name}" in permissions: name a member of the organization by user id or email`,
    );
  }
  if (ctx.deletes(memberAddress(id, members.emails.get(id))) === id) {
    throw new DocsyncError(
      "plan.deleted-reference",
      `${whereItem(desired, scope)}: user "${desired.name}" in permissions is removed from the organization by this plan (policy.prune names members and members: does not list it): list it under members:, or leave this permission out`,
    );
  }
  return id;
}

/**
 * A live grant's team or member: its address, and the one it has beside another item of its
 * title (a duplicate team). Deleting either takes the grant along.
 */
function principalOf(live: LiveAssignment): Owner[] {
  const kind = live.type === "team" ? "team" : "member";
  const email = typeof live.email === "string" ? live.email : undefined;
  const name = live.type === "team" ? String(live.title) : memberKey(live.id, email);
  return [name, `${name}#${live.id}`].map((key) => ({ address: addressOf(ROOT, kind, key), id: live.id }));
}

/** The calls for one type of principal: `users` and `teams` routes have one form. */
const principalRoutes = (type: "user" | "team") => ({
  invite: (scope: SpaceScope, id: string, role: string) => ({
    method: "POST" as const,
    path: spacePermissionsPath(scope.ids.space),
    body: { role, [`${type}s`]: [id] },
    summary: `give ${type} a role on space`,
  }),
  change: (scope: SpaceScope, id: string, role: string) => ({
    method: "PATCH" as const,
    path: subPath(spacePermissionsPath(scope.ids.space), `/${type}s/${encodeURIComponent(id)}`),
    body: { role },
    summary: `change ${type}'s role on space`,
  }),
  remove: (scope: SpaceScope, id: string) => ({
    method: "DELETE" as const,
    path: subPath(spacePermissionsPath(scope.ids.space), `/${type}s/${encodeURIComponent(id)}`),
    summary: `remove ${type}'s role on space`,
  }),
});

/** A grant as `docsync export` writes it: a user by email (by id without one), a team by title. */
function grantConfig(
  grant: LiveAssignment,
  scope: SpaceScope,
  ctx: ExportContext,
): Record<string, unknown> | undefined {
  if (!(ROLES as readonly string[]).includes(grant.role)) {
    const space = scope.live?.item;
    ctx.warn(
      `space "${space?.title ?? scope.ids.space}": the role "${grant.role}" of ${grant.type} ${grant.id} is not one the format has`,
    );
    return undefined;
  }
  if (grant.type === "team") return { team: grant.title, role: grant.role };
  return { user: typeof grant.email === "string" ? grant.email : grant.id, role: grant.role };
}

const assignments = assignmentKind<InSpace, Located<RawSpacePermission>>({
  kind: "space permission",
  collection: "permissions",
  config: {
    schema: { fragment: "space-permission" },
    // Each principal once per space; a user named by id and by email is found at plan time,
    // once names are resolved to ids (shapes/assignment.ts).
    identities: [
      { field: "user", noun: "for user", hints: false, optional: true },
      { field: "team", noun: "for team", hints: false, optional: true },
    ],
    check(permissions, ctx) {
      for (const permission of permissions) {
        const { user, team } = permission.value;
        if ((user === undefined) === (team === undefined))
          ctx.report(
            permission,
            [],
            "give either user (a user id or email) or team (a team title), not both",
          );
      }
    },
    resolve: ({ value: { user, team, role } }, meta) =>
      user !== undefined
        ? { ...meta, type: "user", name: userName(user), role }
        : { ...meta, type: "team", name: team ?? "", role },
  },
  principals: { user: principalRoutes("user"), team: principalRoutes("team") },

  async read(client, scope) {
    const space = scope.ids.space;
    const configured = scope.desired.permissions ?? [];
    const namesUsers = configured.some((permission) => permission.type === "user");
    const [users, teams, caller, members] = await Promise.all([
      client.list<UserGrant>(`${spacePermissionsPath(space)}/users`),
      client.list<TeamGrant>(`${spacePermissionsPath(space)}/teams`),
      readCaller(client, scope.organization),
      namesUsers ? readMembers(client, scope.organization) : undefined,
    ]);
    const facts: AccessFacts = members ? { caller, members } : { caller };
    // The space's node keeps them for the plan: names and lock-out rules are judged there.
    const node = scope.live;
    if (node) node.details = { ...node.details, access: facts };
    const emails = new Set(configured.filter((p) => p.type === "user" && isEmail(p.name)).map((p) => p.name));
    const live: LiveAssignment[] = [];
    for (const { permission, user } of users) {
      const email = user.email?.toLowerCase();
      const name = email !== undefined && emails.has(email) ? email : user.id;
      live.push({
        id: user.id,
        type: "user",
        role: permission,
        key: assignmentKey("user", name),
        ...(user.email ? { email: user.email } : {}),
      });
    }
    for (const { permission, team } of teams)
      live.push({
        id: team.id,
        type: "team",
        role: permission,
        key: assignmentKey("team", team.title),
        title: team.title,
      });
    return live;
  },
  principalId,
  principalOf,
  // A space keeps an admin between calls: an admin grant goes only after the new ones are made.
  keptRole: "admin",
  guard(before, after, scope) {
    const caller = factsOf(scope)?.caller ?? { known: false };
    const problems = lockoutProblems(before, after, caller);
    if (problems.length === 0) return;
    throw new DocsyncError(
      "plan.lockout",
      `${where(scope)}: docsync will not change its permissions so: ${problems.join("; ")}.`,
    );
  },
});

export const spacePermissionKind: typeof assignments = {
  ...assignments,
  exportOneLine: true,
  toConfig: (live, scope, ctx) => grantConfig(live.item, scope, ctx),
};
