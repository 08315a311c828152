// Guards on a plan before it is applied: how many items it destroys, and changes it may not make
// (a protected item that needs a replacement).

import { DocsyncError } from "../errors.ts";
import type { Plan } from "../model/plan.ts";

export function destroyedCount(plan: Plan): number {
  return plan.changes.filter(
    (change) => (change.action === "delete" || change.action === "replace") && change.blocked === undefined,
  ).length;
}

/**
 * The live ids of the items a plan deletes or replaces, and of those the service takes along:
 * for a saved plan, one of them gone already is what the plan makes, not a change since.
 */
export function deletedIds(plan: Plan): Set<string> {
  const ids = new Set<string>();
  for (const change of plan.changes) {
    if ((change.action !== "delete" && change.action !== "replace") || change.blocked !== undefined) continue;
    if (change.liveId !== undefined) ids.add(change.liveId);
    for (const consequence of change.consequences ?? [])
      if (consequence.action === "delete" && consequence.liveId !== undefined) ids.add(consequence.liveId);
  }
  return ids;
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
