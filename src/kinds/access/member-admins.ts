// What a plan may never do to the organization's admins: take the admin role (or membership)
// away from the user the API token runs as, which would lock docsync out halfway through; or
// leave the organization without an active admin. When the API does not say who the token runs
// as, no admin is lowered at all, since any of them might be that user.

/** A live member as these rules see it. */
export interface AdminFacts {
  id: string;
  /** How messages name the member: its email, else its id. */
  name: string;
  role: string | null;
  disabled: boolean;
}

/** A member's role after the plan: a role, null (guest), or removed from the organization. */
export type Outcome = { role: string | null } | "removed";

/** The user the token runs as: its id, or unknown when the API would not say, with why. */
export type Caller = { id: string } | { unknown: string };

/** One refusal, naming the member and, where the configuration says it, where. */
export interface AdminRefusal {
  member: string;
  /** `file:line:col` of the configured member, when the change comes from one. */
  at?: string;
  message: string;
}

const isAdmin = (role: string | null) => role === "admin";
const describe = (outcome: Outcome) =>
  outcome === "removed" ? "remove it from the organization" : `make it ${outcome.role ?? "a guest"}`;

/**
 * The refusals for a plan that gives each live member in `outcomes` (by id) its new role; live
 * members not in `outcomes` keep theirs. `at` tells where a member's outcome is configured.
 */
export function adminRefusals(
  members: readonly AdminFacts[],
  outcomes: ReadonlyMap<string, Outcome>,
  caller: Caller,
  at: (id: string) => string | undefined,
): AdminRefusal[] {
  const refusals: AdminRefusal[] = [];
  const lowered = members.filter((member) => {
    const outcome = outcomes.get(member.id);
    return isAdmin(member.role) && outcome !== undefined && (outcome === "removed" || !isAdmin(outcome.role));
  });
  for (const member of lowered) {
    const outcome = outcomes.get(member.id)!;
    const where = at(member.id);
    const refusal = (message: string): AdminRefusal =>
      where === undefined ? { member: member.name, message } : { member: member.name, at: where, message };
    if ("id" in caller && caller.id === member.id) {
      refusals.push(
        refusal(
          `member "${member.name}" is the user the API token runs as: docsync never takes away its own admin role, which it needs to finish applying. The plan would ${describe(outcome)}; make that change in the web app, or run docsync with another admin's token.`,
        ),
      );
    } else if ("unknown" in caller) {
      refusals.push(
        refusal(
          `member "${member.name}" is an admin, and docsync cannot tell whether it is the user the API token runs as (${caller.unknown}), so it lowers no admin. The plan would ${describe(outcome)}; make that change in the web app.`,
        ),
      );
    }
  }
  const activeAdmins = (role: (member: AdminFacts) => string | null | undefined) =>
    members.filter((member) => !member.disabled && isAdmin(role(member) ?? null)).length;
  const before = activeAdmins((member) => member.role);
  const after = activeAdmins((member) => {
    const outcome = outcomes.get(member.id);
    if (outcome === undefined) return member.role;
    return outcome === "removed" ? undefined : outcome.role;
  });
  if (before > 0 && after === 0 && lowered.length > 0) {
    const names = lowered.map((member) => `"${member.name}"`).join(", ");
    const first = lowered.map((member) => at(member.id)).find((where) => where !== undefined);
    const message = `the plan would leave the organization without an active admin (it lowers or removes ${names}): keep at least one member with role admin`;
    refusals.push(
      first === undefined
        ? { member: lowered[0]!.name, message }
        : { member: lowered[0]!.name, at: first, message },
    );
  }
  return refusals;
}
