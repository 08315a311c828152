// Guards on a plan before it is applied: how many items it destroys, and changes it may not make
// (a protected item that needs a replacement).

import { DocsyncError } from "../errors.ts";
import type { Plan } from "../model/plan.ts";

export function destroyedCount(plan: Plan): number {
  return plan.changes.filter(
    (change) => (change.action === "delete" || change.action === "replace") && change.blocked === undefined,
  ).length;
}

/** Refuses a plan that deletes or replaces more items than `policy.maxDestroy` allows. */
export function checkMaxDestroy(plan: Plan, max: number | undefined, allowDestroy: boolean): void {
  const count = destroyedCount(plan);
  if (max === undefined || allowDestroy || count <= max) return;
  throw new DocsyncError(
    "plan.max-destroy",
    `The plan deletes or replaces ${count} ${count === 1 ? "item" : "items"}, more than policy.maxDestroy (${max}). Check the plan, then rerun with --allow-destroy if it is what you want.`,
  );
}

/** Stops on changes the plan cannot make: naming each item and why (Terraform's `prevent_destroy`). */
export function checkBlocked(plan: Plan): void {
  const blocked = plan.changes.filter((change) => change.blocked !== undefined);
  if (blocked.length === 0) return;
  const lines = blocked.map((change) => `  ${change.address}: ${change.blocked}`);
  throw new DocsyncError(
    "plan.protected",
    `The configuration needs changes that protect: true forbids:\n${lines.join("\n")}\nRemove protect: true from the item to allow it, or change the configuration back.`,
  );
}
