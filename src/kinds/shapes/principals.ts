// The principals of an assignment of roles (shapes/assignment.ts) to an organization's users and
// teams, as a space's and a site's permissions both name them: a user by user id or by email (a
// member of the organization), a team by title (under `teams:`, or a live team's). How names
// become ids, how live grants are keyed as the configuration names them, and how the export
// writes them: the same for every container of grants, which only says where it is.

import { DocsyncError } from "../../errors.ts";
import { addressOf, type Id, ROOT } from "../../model/address.ts";
import { type Located, ROLES, type Role } from "../../model/desired.ts";
import type { Caller } from "../access/space-access.ts";
import { type AccessFacts, readCaller, readMembers } from "../access/space-access-facts.ts";
import type { KindConfig } from "../kind-config.ts";
import { referencedId } from "../paths.ts";
import type { Owner, PlanContext, RunReader } from "../types.ts";
import { assignmentKey, type DesiredAssignment, type Grant, type LiveAssignment } from "./assignment.ts";

/** A grant as the configuration writes it: one user or one team, and its role. */
export interface RawGrant {
  user?: string;
  team?: string;
  role: Role;
}

/** How a list of grants is configured: its schema fragment aside, the same in every container. */
export function grantListConfig<PR>(fragment: string): KindConfig<Located<RawGrant>, DesiredAssignment, PR> {
  return {
    schema: { fragment },
    // Each principal once per container; a user named by id and by email is found at plan
    // time, once names are resolved to ids (shapes/assignment.ts).
    identities: [
      { field: "user", noun: "for user", hints: false, optional: true },
      { field: "team", noun: "for team", hints: false, optional: true },
    ],
    check(grants, ctx) {
      for (const grant of grants) {
        const { user, team } = grant.value;
        if ((user === undefined) === (team === undefined))
          ctx.report(grant, [], "give either user (a user id or email) or team (a team title), not both");
      }
    },
    resolve: ({ value: { user, team, role } }, meta) =>
      user !== undefined
        ? { ...meta, type: "user", name: userName(user), role }
        : { ...meta, type: "team", name: team ?? "", role },
  };
}

/** A grant of a user as the listings answer it; `null` is a guest's. */
interface UserGrant {
  permission: string | null;
  user: { id: string; email?: string };
}
/** A grant of a team as the listings answer it. */
interface TeamGrant {
  permission: string | null;
  team: { id: string; title: string };
}

export const isEmail = (name: string) => name.includes("@");
/** Emails are matched without regard to case. */
export const userName = (name: string) => (isEmail(name) ? name.toLowerCase() : name);

/** How a member's address names it: by its email when it has one, as members are matched. */
const memberKey = (id: string, email: string | undefined) => email?.toLowerCase() ?? id;
const memberAddress = (id: string, email: string | undefined) =>
  addressOf(ROOT, "member", memberKey(id, email));

/**
 * The id of a configured grant's principal: a live team's or member's, or a reference to a team
 * this plan creates. A plan error, at `where()` (the grant's position and its container, placed
 * only when a message needs it), when no such principal exists or this plan deletes it.
 */
export function principalIdOf(
  desired: DesiredAssignment,
  facts: AccessFacts | undefined,
  where: () => string,
  ctx: PlanContext,
): Id {
  if (desired.type === "team") {
    const address = addressOf(ROOT, "team", desired.name);
    const id = referencedId(
      ctx,
      address,
      () =>
        `${where()}: unknown team "${desired.name}" in permissions: no team of the organization or under teams: has that title`,
    );
    if (ctx.deletes(address) === id) {
      throw new DocsyncError(
        "plan.deleted-reference",
        `${where()}: team "${desired.name}" in permissions is deleted by this plan (policy.prune names teams and teams: does not list it): list it under teams:, or leave this permission out`,
      );
    }
    return id;
  }
  const members = facts?.members;
  const id = isEmail(desired.name) ? members?.byEmail.get(desired.name) : desired.name;
  if (id === undefined || !members?.ids.has(id)) {
    throw new DocsyncError(
      "plan.unknown-reference",
      `${where()}: unknown user "${desired.name}" in permissions: name a member of the organization by user id or email`,
    );
  }
  if (ctx.deletes(memberAddress(id, members.emails.get(id))) === id) {
    throw new DocsyncError(
      "plan.deleted-reference",
      `${where()}: user "${desired.name}" in permissions is removed from the organization by this plan (policy.prune names members and members: does not list it): list it under members:, or leave this permission out`,
    );
  }
  return id;
}

/**
 * A live grant's team or member: its address, and the one it has beside another item of its
 * title (a duplicate team). Deleting either takes the grant along.
 */
export function principalOwners(live: LiveAssignment): Owner[] {
  const kind = live.type === "team" ? "team" : "member";
  const email = typeof live.email === "string" ? live.email : undefined;
  const name = live.type === "team" ? String(live.title) : memberKey(live.id, email);
  return [name, `${name}#${live.id}`].map((key) => ({ address: addressOf(ROOT, kind, key), id: live.id }));
}

/** What a guest's grant (`permission: null`) is called: no role of the configuration. */
export const GUEST = "guest";

/**
 * The live grants, each keyed as the configuration names its principal: a user by the email the
 * configuration uses for it, else by id; a team by title.
 */
function liveGrants(
  users: readonly UserGrant[],
  teams: readonly TeamGrant[],
  configured: readonly DesiredAssignment[],
): LiveAssignment[] {
  const emails = new Set(configured.filter((p) => p.type === "user" && isEmail(p.name)).map((p) => p.name));
  const live: LiveAssignment[] = [];
  for (const { permission, user } of users) {
    const email = user.email?.toLowerCase();
    const name = email !== undefined && emails.has(email) ? email : user.id;
    live.push({
      id: user.id,
      type: "user",
      role: permission ?? GUEST,
      key: assignmentKey("user", name),
      ...(user.email ? { email: user.email } : {}),
    });
  }
  for (const { permission, team } of teams)
    live.push({
      id: team.id,
      type: "team",
      role: permission ?? GUEST,
      key: assignmentKey("team", team.title),
      title: team.title,
    });
  return live;
}

/**
 * A container's grants (its `…/permissions` at `path`), with what the plan judges them by: whose
 * token docsync runs with, and the members when the configuration names users.
 */
export async function readGrants(
  client: RunReader,
  path: string,
  organization: string,
  configured: readonly DesiredAssignment[],
): Promise<{ grants: LiveAssignment[]; facts: AccessFacts }> {
  const namesUsers = configured.some((grant) => grant.type === "user");
  const [users, teams, caller, members] = await Promise.all([
    client.list<UserGrant>(`${path}/users`),
    client.list<TeamGrant>(`${path}/teams`),
    readCaller(client, organization),
    namesUsers ? readMembers(client, organization) : undefined,
  ]);
  return { grants: liveGrants(users, teams, configured), facts: members ? { caller, members } : { caller } };
}

/**
 * The grants of the container `scope` is in (at `path`), for its kind's `read`: the facts read
 * with them are kept on the container's live node, where names and lock-out rules are judged.
 */
export async function readContainerGrants(
  client: RunReader,
  path: string,
  scope: {
    organization: string;
    desired: { permissions?: readonly DesiredAssignment[] };
    live?: { details?: { access?: AccessFacts } } | undefined;
  },
): Promise<LiveAssignment[]> {
  const read = await readGrants(client, path, scope.organization, scope.desired.permissions ?? []);
  const node = scope.live;
  if (node) node.details = { ...node.details, access: read.facts };
  return read.grants;
}

/**
 * A grant as `docsync export` writes it: a user by email (by id without one), a team by title.
 * A role the format does not have is left out, with a warning naming `container`.
 */
export function grantConfig(
  grant: LiveAssignment,
  container: string,
  warn: (message: string) => void,
): Record<string, unknown> | undefined {
  if (!(ROLES as readonly string[]).includes(grant.role)) {
    warn(`${container}: the role "${grant.role}" of ${grant.type} ${grant.id} is not one the format has`);
    return undefined;
  }
  if (grant.type === "team") return { team: grant.title, role: grant.role };
  return { user: typeof grant.email === "string" ? grant.email : grant.id, role: grant.role };
}

/**
 * A container's check of a change to its grants as a whole: `rule` lists what the change would
 * break of the access the token's user (the caller, as `facts` read it) keeps; any of it stops
 * the plan, at `where` (the container's position and name).
 */
export function lockoutGuard<S>(
  rule: (before: readonly Grant[], after: readonly Grant[], caller: Caller) => string[],
  facts: (scope: S) => AccessFacts | undefined,
  where: (scope: S) => string,
): (before: readonly Grant[], after: readonly Grant[], scope: S) => void {
  return (before, after, scope) => {
    const problems = rule(before, after, facts(scope)?.caller ?? { known: false });
    if (problems.length === 0) return;
    throw new DocsyncError(
      "plan.lockout",
      `${where(scope)}: docsync will not change its permissions so: ${problems.join("; ")}.`,
    );
  };
}
