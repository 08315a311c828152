// The rules a change of a space's grants must keep, so that docsync cannot lock people out:
// it never removes or lowers the admin access of the user whose token it runs with, and never
// leaves a space that has an admin grant without one. Pure: the facts are read beforehand.

import type { Grant } from "../shapes/assignment.ts";

/** Who the token belongs to: its user and the teams that user is in; unknown when the service
 * does not say (no `GET /user`). */
export type Caller = { known: true; id: string; teams: ReadonlySet<string> } | { known: false };

const isAdmin = (grant: Grant) => grant.role === "admin";

/** Whether the grants give the caller admin access: granted to itself, or to a team it is in. */
function callerIsAdmin(
  grants: readonly Grant[],
  caller: { id: string; teams: ReadonlySet<string> },
): boolean {
  return grants.some(
    (grant) =>
      isAdmin(grant) &&
      ((grant.type === "user" && grant.id === caller.id) ||
        (grant.type === "team" && typeof grant.id === "string" && caller.teams.has(grant.id))),
  );
}

const describe = (grant: Grant) => `${grant.type} ${grant.id}`;

/**
 * What is wrong with changing a space's grants from `before` to `after`, as sentences (empty
 * when the change is safe). Admins are counted among the grants on the space itself, a user's
 * own and its teams' alike; an organization admin's access, which comes from its organization
 * role, is not a grant and is not counted.
 */
export function lockoutProblems(before: readonly Grant[], after: readonly Grant[], caller: Caller): string[] {
  const problems: string[] = [];
  const admins = before.filter(isAdmin);
  if (admins.length > 0 && !after.some(isAdmin)) {
    problems.push(
      `it would leave the space without an admin (today: ${admins.map(describe).join(", ")}); keep one user or team with role admin`,
    );
  }
  if (caller.known) {
    if (callerIsAdmin(before, caller) && !callerIsAdmin(after, caller)) {
      problems.push(
        `it would remove the admin access of user ${caller.id}, whose token docsync runs with; keep its admin grant (or its team's)`,
      );
    }
  } else {
    const lowered = admins.filter(
      (grant) => !after.some((kept) => kept.type === grant.type && kept.id === grant.id && isAdmin(kept)),
    );
    if (lowered.length > 0) {
      problems.push(
        `it would remove or lower the admin grant of ${lowered.map(describe).join(", ")}, and this service does not ` +
          "say whose token docsync runs with (GET /user answers 404), so that may be the token's own access; make that change in the app",
      );
    }
  }
  return problems;
}
