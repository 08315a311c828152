// Turns the calls the kinds drafted into a dependency graph: a call waits for the calls that
// create the items it refers to (the references in its path and body, and what else it `needs`;
// the addresses another `captures`), for the calls that release the unique values it claims, and
// for the calls that stop referring to an item it deletes. A cycle is a planner bug, reported as
// such.

import { DocsyncError } from "../errors.ts";
import { type Address, addressText } from "../model/address.ts";
import type { Call } from "../model/plan.ts";
import { type DraftCall, draftCall } from "./drafts.ts";
import { extended } from "./lists.ts";

/**
 * The call that captures each address. A reference usually holds the very address its create
 * captures (both are the item's): found by identity, and by the address's text otherwise. The
 * index is made when first asked: most calls need no new item, and a plan may create 100,000.
 */
function creators(drafts: readonly DraftCall[]): (address: Address) => string | undefined {
  let byAddress: Map<Address, string> | undefined;
  let byText: Map<string, string> | undefined;
  return (address) => {
    if (byAddress === undefined) {
      byAddress = new Map();
      for (let at = 0; at < drafts.length; at++) {
        const call = drafts[at]!;
        if (call.captures) for (const capture of call.captures) byAddress.set(capture.address, call.id);
      }
    }
    const found = byAddress.get(address);
    if (found !== undefined) return found;
    byText ??= new Map([...byAddress].map(([captured, id]) => [addressText(captured), id]));
    return byText.get(addressText(address));
  };
}

/** Nothing, without a new empty list each time. */
const NONE: readonly string[] = [];
const NO_INDEXES: readonly number[] = [];

/** Adds to `dependsOn` the ids it does not hold yet, but `self`. */
function addAll(dependsOn: string[], self: string, ids: readonly string[] | undefined): void {
  if (ids === undefined) return;
  for (let at = 0; at < ids.length; at++) {
    const id = ids[at]!;
    if (id !== self && !dependsOn.includes(id)) dependsOn.push(id);
  }
}

/** The ids of the calls under each key that `keysOf` gives them. */
function indexBy<C extends { id: string }>(
  calls: readonly C[],
  keysOf: (call: C) => readonly string[] | undefined,
) {
  const index = new Map<string, string[]>();
  for (let at = 0; at < calls.length; at++) {
    const call = calls[at]!;
    const keys = keysOf(call);
    if (keys === undefined) continue;
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k]!;
      const list = index.get(key);
      if (list) list.push(call.id);
      else index.set(key, [call.id]);
    }
  }
  return index;
}

/** The calls that release each unique value, by claim key. */
export type Releases = Map<string, string[]>;

export const releasesOf = (drafts: readonly DraftCall[]): Releases =>
  indexBy(drafts, (call) => call.releases);

/** The calls with their dependencies; `releasedBy` is `releasesOf(drafts)`, when already made. */
export function wireDependencies(
  drafts: readonly DraftCall[],
  releasedBy: Releases = releasesOf(drafts),
): Call[] {
  const creatorOf = creators(drafts);
  const unreferencedBy = indexBy(drafts, (call) => call.unrefs);

  const calls: Call[] = new Array(drafts.length);
  for (let at = 0; at < drafts.length; at++) {
    const draft = drafts[at]!;
    // Most calls wait for a few others at most: a list that skips repeats is enough.
    const dependsOn: string[] = [];
    addAll(dependsOn, draft.id, draft.after);
    addAll(dependsOn, draft.id, draft.orderAfter);
    if (draft.needs) {
      for (const address of draft.needs) {
        const creator = creatorOf(address);
        if (!creator)
          throw new DocsyncError("plan.internal", `planner bug: nothing creates ${addressText(address)}`);
        if (creator !== draft.id && !dependsOn.includes(creator)) dependsOn.push(creator);
      }
    }
    if (draft.claims) {
      for (const claim of draft.claims) addAll(dependsOn, draft.id, releasedBy.get(claim));
    }
    if (draft.deletes) addAll(dependsOn, draft.id, unreferencedBy.get(draft.deletes));
    const call: Call = {
      id: draft.id,
      change: draft.change,
      method: draft.method,
      path: draft.path,
      // A copy of its own size: a list grown by push keeps room for more.
      dependsOn: dependsOn.length > 0 ? dependsOn.slice() : dependsOn,
      summary: draft.summary,
    };
    if (draft.body !== undefined) call.body = draft.body;
    if (draft.ids) call.ids = draft.ids;
    if (draft.needs && draft.needs.length > 0) call.needs = draft.needs;
    if (draft.captures) call.captures = draft.captures;
    if (draft.create) call.create = true;
    if (draft.recover) call.recover = draft.recover;
    if (draft.alternate) call.alternate = draft.alternate;
    if (draft.probe) {
      const { pointer, value, otherwise } = draft.probe;
      call.probe = { pointer, value, otherwise };
    }
    if (draft.refusal) call.refusal = draft.refusal;
    if (draft.orderAfter && draft.orderAfter.length > 0) {
      const orderOnly = draft.orderAfter.filter((id) => !draft.after?.includes(id));
      if (orderOnly.length > 0) call.orderOnly = orderOnly;
    }
    calls[at] = call;
  }
  assertAcyclic(calls);
  return calls;
}

/**
 * Calls whose answer tells what the plan could not read (`probe`) go before every other call:
 * each call that waits for nothing else waits for them, as an order only (`--target` does not
 * bring them along), so that a refusal stops everything else. A probe that waits for other calls
 * keeps its place, since those cannot wait for it.
 */
export function probesFirst(calls: readonly Call[]): void {
  const probes = calls.filter((call) => call.probe && call.dependsOn.length === 0).map((call) => call.id);
  if (probes.length === 0) return;
  for (const call of calls) {
    if (call.dependsOn.length > 0 || call.probe) continue;
    call.dependsOn = probes.slice();
    call.orderOnly = probes.slice();
  }
}

/** For each call, the calls that depend on it. */
export function dependentsOf(calls: readonly Call[]): Map<string, string[]> {
  return indexBy(calls, (call) => call.dependsOn);
}

/** Kahn's algorithm; the calls left over form a cycle. Calls are told apart by position. */
export function assertAcyclic(calls: readonly Call[]): void {
  const indexOf = new Map<string, number>();
  for (let at = 0; at < calls.length; at++) indexOf.set(calls[at]!.id, at);
  const waiting = new Int32Array(calls.length);
  const dependents: number[][] = [];
  const ready: number[] = [];
  for (let at = 0; at < calls.length; at++) {
    const { dependsOn } = calls[at]!;
    waiting[at] = dependsOn.length;
    if (dependsOn.length === 0) ready.push(at);
    for (const id of dependsOn) {
      const before = indexOf.get(id);
      if (before === undefined) continue;
      const list = dependents[before];
      if (list) list.push(at);
      else dependents[before] = [at];
    }
  }
  let done = 0;
  while (ready.length > 0) {
    const at = ready.pop()!;
    done++;
    for (const dependent of dependents[at] ?? NO_INDEXES) {
      const left = waiting[dependent]! - 1;
      waiting[dependent] = left;
      if (left === 0) ready.push(dependent);
    }
  }
  if (done < calls.length) {
    const stuck = calls.filter((_, at) => waiting[at]! > 0).map((call) => call.summary);
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
 * Returns the releases of the calls as they end, for `wireDependencies`.
 */
export function breakClaimCycles(
  drafts: DraftCall[],
  newId: () => string,
  onSplit: (temporary: DraftCall, call: DraftCall) => void,
): Releases {
  for (;;) {
    const releasedBy = releasesOf(drafts);
    const core = cyclicCore(drafts, releasedBy);
    if (core.size === 0) return releasedBy;
    const call = drafts.find((draft) => core.has(draft.id) && draft.temporary && draft.releases?.length);
    if (!call) return releasedBy;
    const { body, summary } = call.temporary!;
    const temporary = draftCall(
      { method: call.method, path: call.path, body, summary, releases: call.releases! },
      newId(),
      call.change,
      call.after ? [...call.after] : undefined,
    );
    call.releases = [];
    call.temporary = undefined;
    call.after = extended(call.after, [temporary.id]);
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
function cyclicCore(drafts: readonly DraftCall[], releasedBy: Releases): Set<string> {
  const waitsFor = new Map<string, Set<string>>();
  const waitedBy = new Map<string, Set<string>>();
  for (const call of drafts) {
    for (const claim of call.claims ?? NONE) {
      for (const id of releasedBy.get(claim) ?? NONE) {
        if (id === call.id) continue;
        addTo(waitsFor, call.id, id);
        addTo(waitedBy, id, call.id);
      }
    }
  }
  if (waitsFor.size === 0) return new Set();
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
