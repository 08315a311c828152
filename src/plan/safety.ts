// The rules apply enforces on a plan before it makes a call: how many items it may destroy
// (`policy.maxDestroy`, lifted by `--allow-destroy`), and changes it may not make (a protected
// item that needs a replacement). One function finds what breaks them: apply refuses on its
// result, and plan and show print it at the top, so that a plan predicts its own apply.
// (The rules of admins and of space access stop the plan itself, while it is made: plan.lockout.)

import { DocsyncError } from "../errors.ts";
import type { Plan, Refusal } from "../model/plan.ts";

/** The exit code of `plan` (and `show`'s banner's) when apply would refuse the plan. */
export const REFUSED_EXIT_CODE = 3;

/**
 * The refusals made while the plan is made (its admin and space-access rules: apply stops on
 * them the same way, in its own planning): for `plan`, with the exit code of a refused plan.
 */
export function asPlanRefusal(error: unknown): never {
  if (error instanceof DocsyncError && (error.code === "plan.lockout" || error.code === "plan.admin"))
    throw new DocsyncError(error.code, error.message, { exitCode: REFUSED_EXIT_CODE, cause: error });
  throw error;
}

/** What the rules depend on besides the plan: the configuration's limit and the command's flag. */
export interface ApplyPolicy {
  /** `policy.maxDestroy`, when the configuration sets one. */
  maxDestroy?: number | undefined;
  /** `--allow-destroy`, given to apply or to the plan --out that saved the plan. */
  allowDestroy: boolean;
}

export function destroyedCount(plan: Plan): number {
  return plan.changes.filter(
    (change) => (change.action === "delete" || change.action === "replace") && change.blocked === undefined,
  ).length;
}

const items = (count: number) => `${count} ${count === 1 ? "item" : "items"}`;

/** A change that `protect: true` forbids: the plan shows it, and it can never be applied. */
function protectRefusal(plan: Plan): Refusal | undefined {
  const blocked = plan.changes.filter((change) => change.blocked !== undefined);
  if (blocked.length === 0) return undefined;
  return {
    code: "plan.protected",
    rule: "protect",
    message: "The configuration needs changes that protect: true forbids:",
    details: blocked.map((change) => `${change.address}: ${change.blocked}`),
    fix: "Remove protect: true from the item to allow it, or change the configuration back.",
    addresses: blocked.map((change) => change.address),
  };
}

/** More deletes and replacements than `policy.maxDestroy`, without `--allow-destroy`. */
function maxDestroyRefusal(plan: Plan, policy: ApplyPolicy): Refusal | undefined {
  const count = destroyedCount(plan);
  const limit = policy.maxDestroy;
  if (limit === undefined || policy.allowDestroy || count <= limit) return undefined;
  const destroyed = plan.changes.filter(
    (change) => (change.action === "delete" || change.action === "replace") && change.blocked === undefined,
  );
  return {
    code: "plan.max-destroy",
    rule: "policy.maxDestroy",
    message: `The plan deletes or replaces ${items(count)}, more than policy.maxDestroy (${limit}).`,
    fix: `Check the plan, then, if it is what you want, rerun with --allow-destroy (given to plan --out, the saved plan carries it), or raise policy.maxDestroy to ${count} or more.`,
    addresses: destroyed.map((change) => change.address),
    count,
    limit,
  };
}

/** Every rule the plan breaks, in the order apply checks them: empty when apply would make it. */
export function planRefusals(plan: Plan, policy: ApplyPolicy): Refusal[] {
  return [protectRefusal(plan), maxDestroyRefusal(plan, policy)].filter(
    (refusal): refusal is Refusal => refusal !== undefined,
  );
}

/** The error apply stops with on a refusal: the rule, the numbers and the way forward. */
export const refusalError = (refusal: Refusal): DocsyncError =>
  new DocsyncError(
    refusal.code,
    refusal.details === undefined
      ? `${refusal.message} ${refusal.fix}`
      : `${refusal.message}\n${refusal.details.map((line) => `  ${line}\n`).join("")}${refusal.fix}`,
  );

/** Stops before any call when the plan breaks a rule (the first one, as the banner lists them). */
export function checkRefusals(plan: Plan, policy: ApplyPolicy): void {
  const [first] = planRefusals(plan, policy);
  if (first) throw refusalError(first);
}

/** The plan with what apply would refuse in it, as `plan` and `show` print it. */
export function withRefusals(plan: Plan, policy: ApplyPolicy): Plan {
  return { ...plan, refusals: planRefusals(plan, policy) };
}
