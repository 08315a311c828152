// Groups the calls that a bulk operation can make (a site's redirect creates, updates and
// deletes) into batch calls of up to BATCH_MAX items, after the calls are wired. Each item call
// stays in the plan, with its change, its dependencies and its own form for a service without
// the operation; it gains a dependency on its batch call, which waits for everything its items
// wait for outside the batch. Only groupings that keep the graph free of cycles are made:
// calls that wait for nothing always batch together; the others batch only when nothing they
// wait for waits, in turn, for one of them (else each goes on its own).

import type { BulkItem } from "../kinds/types.ts";
import type { Call, Plan } from "../model/plan.ts";
import { addOnce, liftReferences, referencedBy } from "../model/references.ts";
import { assertAcyclic } from "./graph.ts";

/** The service's limit of items per bulk call. */
export const BATCH_MAX = 500;

/** Whether any call in `from` reaches a call of `targets` by following dependencies. */
function reaches(
  from: Iterable<string>,
  targets: ReadonlySet<string>,
  byId: ReadonlyMap<string, Call>,
): boolean {
  const seen = new Set<string>();
  const stack = [...from];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (targets.has(id)) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(byId.get(id)?.dependsOn ?? []));
  }
  return false;
}

/** The calls in an order where each comes after those of the group it depends on (plan order otherwise). */
function dependencyOrder(calls: readonly Call[]): Call[] {
  const inGroup = new Set(calls.map((call) => call.id));
  const placed = new Set<string>();
  const ordered: Call[] = [];
  const visit = (call: Call, byId: ReadonlyMap<string, Call>) => {
    if (placed.has(call.id)) return;
    placed.add(call.id);
    for (const id of call.dependsOn) if (inGroup.has(id)) visit(byId.get(id)!, byId);
    ordered.push(call);
  };
  const byId = new Map(calls.map((call) => [call.id, call]));
  for (const call of calls) visit(call, byId);
  return ordered;
}

/**
 * The groups of calls that may go in batches: per bulk path, the calls that wait for nothing,
 * and the others when that closes no cycle. `waiting` tells how many groups of the second sort
 * were made: only two or more of them together could close a cycle that each alone does not.
 */
function batchableGroups(
  plan: Plan,
  bulkOf: ReadonlyMap<string, BulkItem>,
): { groups: Call[][]; waiting: number } {
  const byPath = new Map<string, Call[]>();
  for (let at = 0; at < plan.calls.length; at++) {
    const call = plan.calls[at]!;
    const bulk = bulkOf.get(call.id);
    if (!bulk) continue;
    // A path that names a new site is parts: the same parts, the same path.
    const path = typeof bulk.path === "string" ? bulk.path : JSON.stringify(bulk.path);
    const list = byPath.get(path);
    if (list) list.push(call);
    else byPath.set(path, [call]);
  }
  let byId: Map<string, Call> | undefined;
  const groups: Call[][] = [];
  let waiting = 0;
  for (const calls of byPath.values()) {
    groups.push(calls.filter((call) => call.dependsOn.length === 0));
    const rest = calls.filter((call) => call.dependsOn.length > 0);
    if (rest.length < 2) continue;
    const inGroup = new Set(rest.map((call) => call.id));
    const outside = rest.flatMap((call) => call.dependsOn.filter((id) => !inGroup.has(id)));
    byId ??= new Map(plan.calls.map((call) => [call.id, call]));
    if (reaches(outside, inGroup, byId)) continue;
    groups.push(dependencyOrder(rest));
    waiting++;
  }
  return { groups: groups.filter((group) => group.length > 1), waiting };
}

/**
 * The plan with its batch calls, each placed before the first call it makes. The plan is the
 * planner's own, fresh: its calls and changes are changed in place rather than copied, since a
 * plan of 100,000 redirects would otherwise copy as many calls. `references`: whether the plan
 * gave out references to new items (without any, no item holds one).
 */
export function batchBulkCalls(plan: Plan, bulkOf: ReadonlyMap<string, BulkItem>, references = true): Plan {
  const { groups, waiting } = batchableGroups(plan, bulkOf);
  if (groups.length === 0) return plan;
  let nextId = 0;
  for (let at = 0; at < plan.calls.length; at++)
    nextId = Math.max(nextId, Number(plan.calls[at]!.id.slice(1)) || 0);
  const changes = changeFinder(plan.changes);
  const batches: Call[] = [];
  /** Batch calls to place before the first call they make. */
  const placeBefore = new Map<string, Call>();
  for (const group of groups) {
    for (let start = 0; start < group.length; start += BATCH_MAX) {
      const items = group.slice(start, start + BATCH_MAX);
      const ids = new Set(items.map((call) => call.id));
      const bulk = bulkOf.get(items[0]!.id)!;
      const dependsOn = new Set<string>();
      for (let at = 0; at < items.length; at++) {
        const call = items[at]!;
        for (let d = 0; d < call.dependsOn.length; d++) {
          const id = call.dependsOn[d]!;
          if (!ids.has(id)) dependsOn.add(id);
        }
      }
      const body = { [bulk.field]: items.map((call) => bulkOf.get(call.id)!.item) };
      // Items name new items (a redirect's new section) only when the plan gave out references.
      const lifted = references ? liftReferences(body) : { body };
      const batch: Call = {
        id: `k${++nextId}`,
        change: items[0]!.change,
        method: bulk.method,
        path: bulk.path,
        body: lifted.body,
        dependsOn: [...dependsOn],
        summary: `make ${items.length} changes in one call of the bulk operation`,
        batch: { route: bulk.route, items: [...ids] },
      };
      if (lifted.ids) batch.ids = lifted.ids;
      // It needs what its items need: the items its path and body name, and what else they need.
      const needs = referencedBy(bulk.path, lifted.ids, []);
      for (const call of items) if (call.needs) for (const address of call.needs) addOnce(needs, address);
      if (needs.length > 0) batch.needs = needs;
      for (let at = 0; at < items.length; at++) {
        const call = items[at]!;
        // New lists of their own size rather than grown ones: there may be 100,000 items.
        call.dependsOn = call.dependsOn.concat(batch.id);
        call.inBatch = batch.id;
        const change = changes.get(call.change)!;
        const own = change.calls;
        // Most changes make one call: a list of two, made as such.
        if (own.length === 1) change.calls = [batch.id, call.id];
        else {
          const place = own.indexOf(call.id);
          change.calls = own.slice(0, place).concat(batch.id, own.slice(place));
        }
      }
      batches.push(batch);
      placeBefore.set(items[0]!.id, batch);
    }
  }
  const placed: Call[] = [];
  for (let at = 0; at < plan.calls.length; at++) {
    const call = plan.calls[at]!;
    const batch = placeBefore.get(call.id);
    if (batch) placed.push(batch);
    placed.push(call);
  }
  // Each grouping was checked alone; should two of them together close a cycle, the plan keeps
  // one call per item rather than fail.
  if (waiting > 1 && closesCycle(placed)) {
    undo(batches, plan, changes);
    return plan;
  }
  return { ...plan, calls: placed };
}

type Change = Plan["changes"][number];

/**
 * The changes by id. A planner's changes are `c1`, `c2`, … in order, and are found by position
 * without a map of them all; a map is made only for a list that is not so (`--target` keeps some).
 */
function changeFinder(changes: readonly Change[]): { get(id: string): Change | undefined } {
  let byId: Map<string, Change> | undefined;
  return {
    get(id) {
      const change = changes[Number(id.slice(1)) - 1];
      if (change !== undefined && change.id === id) return change;
      byId ??= new Map(changes.map((change) => [change.id, change]));
      return byId.get(id);
    },
  };
}

function closesCycle(calls: readonly Call[]): boolean {
  try {
    assertAcyclic(calls);
    return false;
  } catch {
    return true;
  }
}

/** Takes the batches back out of the calls and changes they were added to. */
function undo(batches: readonly Call[], plan: Plan, changes: { get(id: string): Change | undefined }): void {
  const byId = new Map(plan.calls.map((call) => [call.id, call]));
  for (const batch of batches) {
    for (const id of batch.batch!.items) {
      const call = byId.get(id)!;
      call.dependsOn.pop();
      delete call.inBatch;
      const { calls } = changes.get(call.change)!;
      calls.splice(calls.indexOf(batch.id), 1);
    }
  }
}
