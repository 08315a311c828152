// Navigation order with the fewest move calls: the longest run of a container's items already
// in order stays in place and the rest move; where items stand in blocks (the sections of a
// group), a block may move as one.

import { addressOf, ownText } from "../model/address.ts";
import type { Planner } from "./build.ts";
import type { DraftCall } from "./drafts.ts";
import { extended } from "./lists.ts";
import { fewestMoves } from "./moves.ts";
import { type Container, type Slot, slotAt } from "./resolve.ts";
import { callsOfKindBelow } from "./target.ts";

/**
 * Keeps the longest run of items already in order in place and moves the rest; where items
 * stand in blocks (the sections of a group), a block may move as one.
 */
export function planMoves(container: Container, creates: string[], planner: Planner): void {
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
    const change = planner.addChange("move", slot, []);
    change.note = `${move.where} ${ownText(anchor.address)}`;
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
