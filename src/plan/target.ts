// `--target ADDRESS`: a plan limited to some items (and everything below them) and to what
// they need: the changes whose calls theirs depend on, such as the creation of their parent.

import { DocsyncError } from "../errors.ts";
import { type Address, addressText } from "../model/address.ts";
import type { Change, Plan, PlanSummary } from "../model/plan.ts";
import type { RunMemo } from "../model/scope.ts";
import type { Redactor } from "../secrets/redactor.ts";

export function summarize(changes: Plan["changes"]): PlanSummary {
  const summary: PlanSummary = { create: 0, update: 0, replace: 0, move: 0, delete: 0 };
  for (let at = 0; at < changes.length; at++) {
    const change = changes[at]!;
    if (change.blocked === undefined) summary[change.action]++;
  }
  return summary;
}

/** Whether a change is of the item at `address` (as text) or of an item below it. */
export const isAtOrBelow = (change: Change, address: string): boolean =>
  change.address === address || (change.parents?.includes(address) ?? false);

export function restrictToTargets(
  plan: Plan,
  targets: readonly Address[],
  known: (address: Address) => boolean,
): Plan {
  for (const target of targets) {
    if (!known(target)) {
      throw new DocsyncError(
        "plan.unknown-target",
        `--target ${addressText(target)} names nothing in the configuration or the live organization (addresses look like: site "Acme Docs" › section "api")`,
      );
    }
  }
  const callsById = new Map(plan.calls.map((call) => [call.id, call]));
  const changesById = new Map(plan.changes.map((change) => [change.id, change]));
  const keep = new Set<string>();
  const shown = targets.map(addressText);
  const queue = plan.changes
    .filter((change) => shown.some((target) => isAtOrBelow(change, target)))
    .map((c) => c.id);
  // A change is kept whole; what any of its calls depends on is kept too.
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (keep.has(id)) continue;
    keep.add(id);
    for (const callId of changesById.get(id)!.calls) {
      const call = callsById.get(callId)!;
      for (const dependency of call.dependsOn) {
        if (!call.orderOnly?.includes(dependency)) queue.push(callsById.get(dependency)!.change);
      }
    }
  }
  const changes = plan.changes.filter((change) => keep.has(change.id));
  const kept = new Set(changes.flatMap((change) => change.calls));
  const calls = plan.calls
    .filter((call) => kept.has(call.id))
    .map((call) => ({ ...call, dependsOn: call.dependsOn.filter((id) => kept.has(id)) }));
  return { ...plan, changes, calls, summary: summarize(changes) };
}

/** The calls of every change of `kind` under `address` but its moves (a site's group memberships). */
export function callsOfKindBelow(changes: Plan["changes"], kind: string, address: Address): string[] {
  const shown = addressText(address);
  return changes
    .filter((change) => change.kind === kind && change.action !== "move" && isAtOrBelow(change, shown))
    .flatMap((change) => change.calls);
}

/** What `buildPlan` may be asked beyond the plan itself. */
export interface PlanOptions {
  /** Limit the plan to these addresses, what is below them, and what they need. */
  targets?: readonly Address[];
  /**
   * A target may name nothing: the check after an apply, when a targeted item was deleted. The
   * plan then keeps nothing for it.
   */
  targetsMayBeGone?: boolean;
  /**
   * The run's redactor: it learns the previous secrets the plan leaves out, those of sensitive
   * fields and of live strings shaped like configured ones that hold secrets (sensitive.ts).
   */
  secrets?: Pick<Redactor, "add">;
  /**
   * The memo of the run whose reader read the live state (its sharedReads reader): the planner
   * takes the matchings the reader made. Without it the plan has a memo of its own.
   */
  run?: RunMemo;
}
