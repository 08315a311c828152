// Whether two plans make the same calls: an approved plan and the plan made now from the same
// configuration. Changes are matched by action and address; a change is the same when its calls
// are the same requests (method, path, body, their other forms, what they capture). Ids of calls
// and their order do not matter, and the ids of items the plans create are placeholders named
// by address in both. The order between calls is left out too: the planner derives it from the
// requests (what they claim, release, create), so plans of the same requests wait alike, and
// when other changes come and go, the requests of those changes already differ. Batch calls
// are left out: they carry their items' calls, which are compared one by one. A delete of an item
// that is gone already is no difference.

import { canonical } from "../model/canonical.ts";
import type { Call, Change, Plan } from "../model/plan.ts";
import type { LiveNode, LiveState } from "../model/scope.ts";

/** Whether the live organization, as read for the plan made now, holds an item of `kind` with `id`. */
export type LiveLookup = (kind: string, id: string) => boolean;

/**
 * The items of a live state by kind and id. An assignment's id is its principal's, so one
 * principal's grant on any space stands for all of them: an item is never taken for gone when
 * it may be there.
 */
export function liveLookup(live: LiveState): LiveLookup {
  const held = new Set<string>();
  const key = (kind: string, id: string) => `${kind}\u0000${id}`;
  const visit = (node: LiveNode) => {
    for (const [kind, nodes] of Object.entries(node.children))
      for (const child of nodes ?? []) {
        held.add(key(kind, (child as LiveState).item.id));
        visit(child);
      }
  };
  visit(live);
  return (kind, id) => held.has(key(kind, id));
}

export interface ChangeDifference {
  action: Change["action"];
  address: string;
  /** The change as approved; absent when only the current plan has it. */
  approved?: Change;
  /** The change as the current plan has it; absent when only the approved plan has it. */
  current?: Change;
  /** Calls of the change only the approved plan makes. */
  approvedCalls: Call[];
  /** Calls of the change only the current plan makes. */
  currentCalls: Call[];
}

/** In the current plan's order, then the changes only the approved plan has. Empty: the same. */
export type PlanDifference = ChangeDifference[];

const changeKey = (change: Change) => `${change.action} ${change.address}`;

/**
 * A delete only the approved plan has, of an item the live organization no longer holds: from
 * the same configuration, the plan for now would delete it too if it were there, so it is gone
 * already, and its DELETE, answered 404, counts as done (apply/gone.ts). An item that is still
 * there is one the plan for now keeps (the copy that is left of two, when the one kept was
 * deleted by hand): its delete is a difference.
 */
const goneAlready = (change: Change, isLive: LiveLookup) =>
  change.action === "delete" && change.liveId !== undefined && !isLive(change.kind, change.liveId);

/** What a call sends, whatever its id: the request, its other forms, what it captures. */
function request(call: Call): string {
  const { method, path, body, alternate, recover, captures, create } = call;
  return canonical({ method, path, body, alternate, recover, captures, create });
}

/** Each call's request by call id, batch calls left out. */
function signatures(plan: Plan): Map<string, string> {
  const result = new Map<string, string>();
  for (const call of plan.calls) if (!call.batch) result.set(call.id, request(call));
  return result;
}

/** A plan's calls with their signatures. */
type Signed = { call: Call; signature: string }[];

/** The calls of `from` whose signatures `other` lacks, counted as a multiset. */
function unmatched(from: Signed, other: Signed): Call[] {
  const left = new Map<string, number>();
  for (const { signature } of other) left.set(signature, (left.get(signature) ?? 0) + 1);
  return from
    .filter(({ signature }) => {
      const count = left.get(signature) ?? 0;
      if (count === 0) return true;
      left.set(signature, count - 1);
      return false;
    })
    .map(({ call }) => call);
}

/** `isLive`: whether the live state the current plan was made from holds an item (deletes only). */
export function planDifference(approved: Plan, current: Plan, isLive: LiveLookup): PlanDifference {
  const approvedSignatures = signatures(approved);
  const currentSignatures = signatures(current);
  const callsOf = (plan: Plan, table: Map<string, string>) => {
    const byId = new Map(plan.calls.map((call) => [call.id, call]));
    return (change: Change): Signed =>
      change.calls.flatMap((id) => {
        const call = byId.get(id);
        const signature = table.get(id);
        return call !== undefined && signature !== undefined ? [{ call, signature }] : [];
      });
  };
  const approvedCallsOf = callsOf(approved, approvedSignatures);
  const currentCallsOf = callsOf(current, currentSignatures);
  const approvedChanges = new Map(approved.changes.map((change) => [changeKey(change), change]));
  const differences: PlanDifference = [];
  const seen = new Set<string>();
  for (const change of current.changes) {
    const key = changeKey(change);
    seen.add(key);
    const before = approvedChanges.get(key);
    const now = currentCallsOf(change);
    const then = before ? approvedCallsOf(before) : [];
    const onlyNow = unmatched(now, then);
    const onlyThen = unmatched(then, now);
    if (before && onlyNow.length === 0 && onlyThen.length === 0) continue;
    differences.push({
      action: change.action,
      address: change.address,
      ...(before ? { approved: before } : {}),
      current: change,
      approvedCalls: onlyThen,
      currentCalls: onlyNow,
    });
  }
  for (const change of approved.changes) {
    if (seen.has(changeKey(change)) || goneAlready(change, isLive)) continue;
    differences.push({
      action: change.action,
      address: change.address,
      approved: change,
      approvedCalls: approvedCallsOf(change).map(({ call }) => call),
      currentCalls: [],
    });
  }
  return differences;
}
