// An item that leaves one container of a site for another (a site space moved to another
// section) is one change, not an unrelated delete and create. The API has no call that moves a
// site space between sections (its PATCH sets a path and a condition, its move a position among
// site spaces): the change makes the delete and the create, and says it takes both calls.

import { isDeepStrictEqual } from "node:util";
import { relativeAddress } from "../model/address.ts";
import type { Change, FieldChange } from "../model/plan.ts";
import type { DraftCall } from "./drafts.ts";

/** Where an item is, said from its site: `section "api"`, or the site itself at its root. */
function placeText(parents: readonly string[]): string {
  const top = parents[0]!;
  return parents.length === 1 ? `${top} (its root)` : relativeAddress(parents[parents.length - 1]!, top);
}

/** The create's values that differ from what the delete took away (a new path), as changes. */
function changedValues(removed: Change, made: Change): FieldChange[] {
  const changed: FieldChange[] = [];
  for (const field of made.fields) {
    const was = removed.fields.find((candidate) => candidate.field === field.field);
    // The value its name says (a site space's space) is the same on both sides.
    if (!was && field.to === made.name) continue;
    if (was && !field.sensitive && !was.sensitive && isDeepStrictEqual(was.from, field.to)) continue;
    const change: FieldChange = { ...field };
    if (was && "from" in was) change.from = was.from;
    if (was?.fromText !== undefined) change.fromText = was.fromText;
    changed.push(change);
  }
  return changed;
}

/**
 * The kinds of which a create and a delete in one site may be in two containers: those whose
 * creates and deletes are in more than one container (the items of one container share its list
 * of parents). A site's redirects, all in the site itself, never move: no key is made for them.
 */
function movableKinds(changes: readonly Change[]): Set<string> {
  /** The first container seen, by kind and site (the outermost parent). */
  const containerOf = new Map<string, Map<string, readonly string[]>>();
  const movable = new Set<string>();
  for (let at = 0; at < changes.length; at++) {
    const change = changes[at]!;
    const { parents } = change;
    if ((change.action !== "create" && change.action !== "delete") || parents === undefined) continue;
    if (movable.has(change.kind)) continue;
    let bySite = containerOf.get(change.kind);
    if (bySite === undefined) {
      bySite = new Map();
      containerOf.set(change.kind, bySite);
    }
    const seen = bySite.get(parents[0]!);
    if (seen === undefined) bySite.set(parents[0]!, parents);
    else if (seen !== parents && seen.join() !== parents.join()) movable.add(change.kind);
  }
  return movable;
}

/**
 * Joins each delete and create of one kind and name in two containers of one site into a move
 * of the create's item, with both calls (the delete's first) and what was where.
 */
export function joinRelocations(changes: Change[], calls: readonly DraftCall[]): void {
  const movable = movableKinds(changes);
  if (movable.size === 0) return;
  const creates = new Map<string, Change>();
  const keyOf = (change: Change) => `${change.kind}\u0000${change.name}\u0000${change.parents?.[0]}`;
  for (const change of changes)
    if (
      change.action === "create" &&
      (change.parents?.length ?? 0) > 0 &&
      change.name !== undefined &&
      movable.has(change.kind)
    )
      creates.set(keyOf(change), change);
  if (creates.size === 0) return;
  const joined = new Map<string, Change>();
  for (const removed of changes) {
    if (removed.action !== "delete" || removed.highRisk || removed.name === undefined) continue;
    if (!movable.has(removed.kind)) continue;
    const key = keyOf(removed);
    const made = creates.get(key);
    if (!made || !removed.parents || made.parents!.join() === removed.parents.join()) continue;
    creates.delete(key);
    const from = placeText(removed.parents);
    const to = placeText(made.parents!);
    made.action = "move";
    made.fields = [
      { field: "place", from, to, fromText: from, toText: to, main: true },
      ...changedValues(removed, made),
    ];
    made.calls = [...removed.calls, ...made.calls];
    if (removed.liveId !== undefined) made.liveId = removed.liveId;
    made.movedFrom = removed.address;
    const how = "2 calls: removed, then added there";
    made.note = made.note ? `${made.note}; ${how}` : how;
    joined.set(removed.id, made);
  }
  if (joined.size === 0) return;
  for (const call of calls) {
    const made = joined.get(call.change);
    if (made) call.change = made.id;
  }
  const kept = changes.filter((change) => !joined.has(change.id));
  changes.splice(0, changes.length, ...kept);
}
