// The rule a change of a site's grants must keep, so that docsync cannot lock itself out of a
// site it manages: it never removes or lowers the access that the user whose token it runs with
// has through the site's grants, its own or its teams'. Pure: the facts are read beforehand.

import type { Caller } from "../access/space-access.ts";
import type { Grant } from "../shapes/assignment.ts";

/** The roles from the most access to the least: each one can do what those after it can. */
const ORDER = ["admin", "create", "edit", "review", "comment", "read"];

/** How much a role gives: higher is more; a guest (or no role) gives nothing. */
const levelOf = (role: string): number => {
  const at = ORDER.indexOf(role);
  return at < 0 ? 0 : ORDER.length - at;
};

const describe = (grant: Grant) => `${grant.type} ${grant.id}`;

/** The caller's grants: to its user, or to a team it is in. */
const callersGrants = (grants: readonly Grant[], caller: { id: string; teams: ReadonlySet<string> }) =>
  grants.filter(
    (grant) =>
      (grant.type === "user" && grant.id === caller.id) ||
      (grant.type === "team" && typeof grant.id === "string" && caller.teams.has(grant.id)),
  );

/** The most access the grants give: the role of the highest level, or none. */
function best(grants: readonly Grant[]): { role: string; level: number } | undefined {
  let found: { role: string; level: number } | undefined;
  for (const grant of grants) {
    const level = levelOf(grant.role);
    if (level > (found?.level ?? 0)) found = { role: grant.role, level };
  }
  return found;
}

/**
 * What is wrong with changing a site's grants from `before` to `after`, as sentences (empty when
 * the change is safe). The caller's access is the highest role its user's and its teams' grants
 * give; an organization admin's access, which comes from its organization role, is not a grant
 * and is not counted. When the service does not say whose token it is, any admin grant lowered
 * or removed may be the token's own.
 */
export function siteLockoutProblems(
  before: readonly Grant[],
  after: readonly Grant[],
  caller: Caller,
): string[] {
  if (caller.known) {
    const had = best(callersGrants(before, caller));
    if (!had) return [];
    const keeps = best(callersGrants(after, caller));
    if (keeps && keeps.level >= had.level) return [];
    const now = keeps ? `lower it to ${keeps.role}` : "remove it";
    return [
      `it would ${now}: user ${caller.id}, whose token docsync runs with, has role ${had.role} on the site through its own or its team's grant; keep that grant (or one of its team's) at ${had.role}`,
    ];
  }
  const lowered = before.filter(
    (grant) =>
      grant.role === "admin" &&
      !after.some((kept) => kept.type === grant.type && kept.id === grant.id && kept.role === "admin"),
  );
  if (lowered.length === 0) return [];
  return [
    `it would remove or lower the admin grant of ${lowered.map(describe).join(", ")}, and this service does not ` +
      "say whose token docsync runs with (GET /user answers 404), so that may be the token's own access; make that change in the app",
  ];
}
