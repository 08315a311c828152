// Turns the calls the kinds drafted into a dependency graph: a call waits for the calls that
// create the ids it names, for the calls that release the unique values it claims, and for the
// calls that stop referring to an item it deletes. A cycle is a planner bug, reported as such.

import { DocsyncError } from "../errors.ts";
import type { CallDraft } from "../kinds/types.ts";
import { placeholdersIn } from "../model/address.ts";
import type { Call } from "../model/plan.ts";

export interface DraftCall extends CallDraft {
  id: string;
  change: string;
  /** Calls this one must follow for reasons the planner knows (deletes after creates). */
  after: string[];
  /** Calls this one follows only to keep a navigation order. */
  orderAfter: string[];
  /** The live id this call deletes, if it is a delete. */
  deletes?: string;
}

/** The ids of the calls under each key that `keysOf` gives them. */
function indexBy<C extends { id: string }>(
  calls: readonly C[],
  keysOf: (call: C) => readonly string[] | undefined,
) {
  const index = new Map<string, string[]>();
  for (const call of calls) {
    for (const key of keysOf(call) ?? []) {
      const list = index.get(key);
      if (list) list.push(call.id);
      else index.set(key, [call.id]);
    }
  }
  return index;
}

export function wireDependencies(drafts: readonly DraftCall[]): Call[] {
  const capturedBy = new Map<string, string>();
  for (const call of drafts)
    for (const capture of call.captures ?? []) capturedBy.set(capture.address, call.id);
  const releasedBy = indexBy(drafts, (call) => call.releases);
  const unreferencedBy = indexBy(drafts, (call) => call.unrefs);

  const names = new Set<string>();
  const calls = drafts.map((draft): Call => {
    const dependsOn = new Set<string>(draft.after);
    for (const id of draft.orderAfter) dependsOn.add(id);
    names.clear();
    placeholdersIn(draft.path, names);
    placeholdersIn(draft.body, names);
    placeholdersIn(draft.alternate, names);
    for (const address of names) {
      const creator = capturedBy.get(address);
      if (!creator) throw new DocsyncError("plan.internal", `planner bug: nothing creates ${address}`);
      dependsOn.add(creator);
    }
    for (const address of draft.needs ?? []) {
      const creator = capturedBy.get(address);
      if (creator) dependsOn.add(creator);
    }
    if (draft.claims)
      for (const claim of draft.claims) for (const id of releasedBy.get(claim) ?? []) dependsOn.add(id);
    if (draft.deletes) for (const id of unreferencedBy.get(draft.deletes) ?? []) dependsOn.add(id);
    dependsOn.delete(draft.id);
    const call: Call = {
      id: draft.id,
      change: draft.change,
      method: draft.method,
      path: draft.path,
      dependsOn: [...dependsOn],
      summary: draft.summary,
    };
    if (draft.body !== undefined) call.body = draft.body;
    if (draft.captures) call.captures = draft.captures;
    if (draft.recover) call.recover = draft.recover;
    if (draft.alternate) call.alternate = draft.alternate;
    if (draft.orderAfter.length > 0) {
      const orderOnly = draft.orderAfter.filter((id) => !draft.after.includes(id));
      if (orderOnly.length > 0) call.orderOnly = orderOnly;
    }
    return call;
  });
  assertAcyclic(calls);
  return calls;
}

/** For each call, the calls that depend on it. */
export function dependentsOf(calls: readonly Call[]): Map<string, string[]> {
  return indexBy(calls, (call) => call.dependsOn);
}

/** Kahn's algorithm; the calls left over form a cycle. */
export function assertAcyclic(calls: readonly Call[]): void {
  const waiting = new Map(calls.map((call) => [call.id, call.dependsOn.length]));
  const dependents = dependentsOf(calls);
  const ready = calls.filter((call) => call.dependsOn.length === 0).map((call) => call.id);
  let done = 0;
  while (ready.length > 0) {
    const id = ready.pop()!;
    done++;
    for (const dependent of dependents.get(id) ?? []) {
      const left = waiting.get(dependent)! - 1;
      waiting.set(dependent, left);
      if (left === 0) ready.push(dependent);
    }
  }
  if (done < calls.length) {
    const stuck = calls.filter((call) => waiting.get(call.id)! > 0).map((call) => call.summary);
    throw new DocsyncError(
      "plan.cycle",
      `planner bug: these calls wait for each other and cannot be ordered: ${stuck.slice(0, 5).join("; ")}. Please report it with the plan (docsync plan --format json).`,
    );
  }
}

/**
 * Items of one container that exchange unique values (two sections swapping paths) wait for each
 * other. Each such cycle is broken through one of its calls that can go by a temporary value:
 * that item first moves to the temporary value (releasing its old one), the others take what
 * they claim, then it takes its own. `onSplit` is told of each call added, placed before `call`.
 */
export function breakClaimCycles(
  drafts: DraftCall[],
  newId: () => string,
  onSplit: (temporary: DraftCall, call: DraftCall) => void,
): DraftCall[] {
  for (;;) {
    const core = cyclicCore(drafts);
    if (core.size === 0) return drafts;
    const call = drafts.find((draft) => core.has(draft.id) && draft.temporary && draft.releases?.length);
    if (!call) return drafts;
    const temporary: DraftCall = {
      method: call.method,
      path: call.path,
      body: call.temporary!.body,
      summary: call.temporary!.summary,
      releases: call.releases!,
      id: newId(),
      change: call.change,
      after: [...call.after],
      orderAfter: [],
    };
    call.releases = [];
    delete call.temporary;
    call.after.push(temporary.id);
    drafts.splice(drafts.indexOf(call), 0, temporary);
    onSplit(temporary, call);
  }
}

function addTo(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}

/** The calls on a cycle of claims and releases (or between two such cycles). */
function cyclicCore(drafts: readonly DraftCall[]): Set<string> {
  const releasedBy = indexBy(drafts, (call) => call.releases);
  const waitsFor = new Map<string, Set<string>>();
  const waitedBy = new Map<string, Set<string>>();
  for (const call of drafts) {
    for (const claim of call.claims ?? []) {
      for (const id of releasedBy.get(claim) ?? []) {
        if (id === call.id) continue;
        addTo(waitsFor, call.id, id);
        addTo(waitedBy, id, call.id);
      }
    }
  }
  const left = new Set([...waitsFor.keys(), ...waitedBy.keys()]);
  // Peel off calls that wait for nothing left, then calls that nothing left waits for (Kahn's
  // algorithm both ways): what stays lies on a cycle or between cycles.
  const peel = (edges: Map<string, Set<string>>, reverse: Map<string, Set<string>>) => {
    const count = new Map<string, number>();
    const free: string[] = [];
    for (const id of left) {
      let n = 0;
      for (const other of edges.get(id) ?? []) if (left.has(other)) n++;
      count.set(id, n);
      if (n === 0) free.push(id);
    }
    while (free.length > 0) {
      const id = free.pop()!;
      left.delete(id);
      for (const other of reverse.get(id) ?? []) {
        if (!left.has(other)) continue;
        const n = count.get(other)! - 1;
        count.set(other, n);
        if (n === 0) free.push(other);
      }
    }
  };
  peel(waitsFor, waitedBy);
  peel(waitedBy, waitsFor);
  return left;
}
