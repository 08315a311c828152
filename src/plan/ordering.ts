// Navigation order with the fewest move calls: the longest run of a container's items already
// in order stays in place and the rest move; where items stand in blocks (the sections of a
// group), a block may move as one.

import type { CallDraft } from "../kinds/types.ts";
import { addressOf, ownText } from "../model/address.ts";
import type { Change, ChangeAction, FieldChange } from "../model/plan.ts";
import type { DraftCall } from "./drafts.ts";
import { extended } from "./lists.ts";
import { fewestMoves } from "./moves.ts";
import { type Container, type Resolution, type Slot, slotAt } from "./resolve.ts";
import { callsOfKindBelow } from "./target.ts";

/**
 * Keeps the longest run of items already in order in place and moves the rest; where items
 * stand in blocks (the sections of a group), a block may move as one.
 */
/** What moves ask of the planner (build.ts), which makes their changes and calls. */
export interface MovePlanner {
  readonly resolution: Resolution;
  readonly changes: Change[];
  /** Dependencies left for when every container is built. */
  readonly lastly: (() => void)[];
  /** Moves of new items, which join their creates once every container is built. */
  readonly placements: { move: Change; action: "create" | "replace" }[];
  addChange(action: ChangeAction, slot: Slot, fields: FieldChange[], highRisk?: boolean): Change;
  addCalls(container: Container, change: Change, drafts: readonly CallDraft[], deletes?: string): DraftCall[];
}

export function planMoves(container: Container, creates: string[], planner: MovePlanner): void {
  const { module, scope } = container;
  if (!module.move) return;
  const placed = (slot: Slot) =>
    slot.status === "keep" || slot.status === "create" || slot.status === "replace";
  const ordered = container.slots
    .map((slot, index) => slot ?? slotAt(container, index))
    .filter((slot) => slot.desired && placed(slot));
  const liveIndex = new Map(container.liveOrder.map((id, index) => [id, index]));
  let appended = container.liveOrder.length;
  const blocks = module.blocks;
  const items = ordered.map((slot) => ({
    rank: slot.status === "keep" ? liveIndex.get(slot.live!.item.id)! : appended++,
    block: blocks?.of(slot.desired),
  }));
  const blockAddress = (block: string) => addressOf(scope.address, blocks!.kind.kind, block);
  const blockMoves: DraftCall[] = [];
  const livePlace = livePlaces(container);
  let previousMove: string | undefined;
  for (const move of fewestMoves(items)) {
    const anchor = ordered[move.anchor]!;
    const position = { [move.where]: planner.resolution.idOf(anchor.address) };
    const slot =
      move.block === undefined ? ordered[move.index]! : planner.resolution.get(blockAddress(move.block))!;
    const draft =
      move.block === undefined
        ? module.move(planner.resolution.idOf(slot.address), position, scope)
        : blocks!.kind.move!(planner.resolution.idOf(slot.address), position, scope);
    const to = `${move.where} ${ownText(anchor.address)}`;
    const moving =
      move.block === undefined ? [slot] : ordered.filter((_, at) => items[at]!.block === move.block);
    const change = placementOf(planner, slot, to) ?? moveOf(planner, slot, livePlace(moving), to);
    const [call] = planner.addCalls(container, change, [draft]);
    call!.orderAfter = extended(call!.orderAfter, previousMove ? [...creates, previousMove] : creates);
    if (move.block !== undefined) blockMoves.push(call!);
    previousMove = call!.id;
  }
  // A block moves the members it has: its moves wait for the membership calls, which the
  // block kind's containers (built after this one) make.
  if (blockMoves.length > 0) {
    planner.lastly.push(() => {
      const membership = callsOfKindBelow(planner.changes, blocks!.kind.kind, scope.address);
      for (const call of blockMoves) call.orderAfter = extended(call.orderAfter, membership);
    });
  }
}

/**
 * Where the live items stood: `after section "a"` (the live item before the first of them), or
 * `first`. Undefined for items that are all new.
 */
function livePlaces(container: Container): (slots: readonly Slot[]) => string | undefined {
  const named = new Map<string, string>();
  for (let index = 0; index < container.slots.length; index++) {
    const slot = container.slots[index] ?? (container.matched[index] ? slotAt(container, index) : undefined);
    if (slot?.live) named.set(slot.live.item.id, ownText(slot.address));
  }
  const at = new Map(container.liveOrder.map((id, index) => [id, index]));
  return (slots) => {
    const places = slots.flatMap((slot) => (slot.live ? [at.get(slot.live.item.id) ?? -1] : []));
    const first = places.filter((place) => place >= 0).sort((a, b) => a - b)[0];
    if (first === undefined) return undefined;
    if (first === 0) return "first";
    const before = container.liveOrder[first - 1]!;
    return `after ${named.get(before) ?? JSON.stringify(before)}`;
  };
}

/**
 * The move of a new item: its placement is part of its create, which it joins once the plan is
 * built (a new group's create comes after its sections').
 */
function placementOf(planner: MovePlanner, slot: Slot, to: string): Change | undefined {
  if (slot.status !== "create" && slot.status !== "replace") return undefined;
  const change = planner.addChange("move", slot, []);
  change.note = `placed ${to}`;
  planner.placements.push({ move: change, action: slot.status });
  return change;
}

/**
 * Each placement joins the create (or replacement) of its item: its calls become that change's,
 * its note goes with them, and it is no change of its own.
 */
export function joinPlacements(
  changes: Change[],
  calls: readonly DraftCall[],
  placements: readonly { move: Change; action: "create" | "replace" }[],
): void {
  if (placements.length === 0) return;
  const joined = new Map<string, Change>();
  for (const { move, action } of placements) {
    const made = changes.find((change) => change.address === move.address && change.action === action);
    if (!made) continue;
    made.calls = [...made.calls, ...move.calls];
    made.note = made.note ? `${made.note}; ${move.note}` : move.note!;
    joined.set(move.id, made);
  }
  for (const call of calls) {
    const made = joined.get(call.change);
    if (made) call.change = made.id;
  }
  const kept = changes.filter((change) => !joined.has(change.id));
  changes.splice(0, changes.length, ...kept);
}

/** A move of a live item: where it was and where it goes, as its main value. */
function moveOf(planner: MovePlanner, slot: Slot, from: string | undefined, to: string): Change {
  const position: FieldChange = { field: "position", to, toText: to, main: true };
  if (from !== undefined) Object.assign(position, { from, fromText: from });
  return planner.addChange("move", slot, [position]);
}
