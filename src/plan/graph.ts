// Turns the calls the kinds drafted into a dependency graph: a call waits for the calls that
// create the ids it names, for the calls that release the unique values it claims, and for the
// calls that stop referring to an item it deletes. A cycle is a planner bug, reported as such.

import { DocsyncError } from "../errors.ts";
import type { CallDraft } from "../kinds/types.ts";
import { placeholdersIn } from "./address.ts";
import type { Call } from "./types.ts";

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
    for (const address of names) {
      const creator = capturedBy.get(address);
      if (!creator) throw new DocsyncError("plan.internal", `planner bug: nothing creates ${address}`);
      dependsOn.add(creator);
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
      `these changes wait for each other and cannot be ordered (for example two items swapping paths; rename one in a separate apply): ${stuck.slice(0, 5).join("; ")}`,
    );
  }
}
