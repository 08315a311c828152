// The fewest move calls that put an ordered list in its configured order. The longest increasing
// subsequence of the current order stays in place and every other item moves after the item
// before it. Where items stand together in blocks that move as one (the sections of a group),
// the same runs over the top-level entries, then inside each block; that plan is used when it is
// shorter and a simulation of the moves confirms it reaches the configured order.

import { longestIncreasingSubsequence } from "./lis.ts";

/** An item in configured order: its place in the current order, and the block it belongs to. */
export interface OrderedItem {
  /** Position in the current order (created items: after every live one, in configured order). */
  rank: number;
  block?: string | undefined;
}

/** Move the item at `index` (or its whole block) before or after the item at `anchor`. */
export interface Move {
  index: number;
  block?: string;
  where: "before" | "after";
  anchor: number;
}

export function fewestMoves(items: readonly OrderedItem[]): Move[] {
  const single = itemMoves(
    items.map((_, index) => index),
    items,
  );
  if (single.length < 2 || !items.some((item) => item.block !== undefined)) return single;
  const byBlocks = blockMoves(items);
  return byBlocks && byBlocks.length < single.length && reaches(items, byBlocks) ? byBlocks : single;
}

/** Moves among `indexes` (in configured order): the longest run already in order stays. */
function itemMoves(indexes: readonly number[], items: readonly OrderedItem[]): Move[] {
  const stable = longestIncreasingSubsequence(indexes.map((index) => items[index]!.rank));
  if (stable.length === indexes.length) return [];
  const keep = new Set(stable);
  const firstStable = indexes[stable[0]!]!;
  const moves: Move[] = [];
  indexes.forEach((index, k) => {
    if (keep.has(k)) return;
    moves.push(
      k === 0
        ? { index, where: "before", anchor: firstStable }
        : { index, where: "after", anchor: indexes[k - 1]! },
    );
  });
  return moves;
}

/** Moves of top-level entries (a block moving as one), then of the items inside each block. */
function blockMoves(items: readonly OrderedItem[]): Move[] | undefined {
  const units: { block: string | undefined; indexes: number[] }[] = [];
  const seen = new Set<string>();
  for (const [index, item] of items.entries()) {
    const last = units[units.length - 1];
    if (item.block !== undefined && last?.block === item.block) {
      last.indexes.push(index);
      continue;
    }
    // A block split in two cannot stand as one entry.
    if (item.block !== undefined && seen.has(item.block)) return undefined;
    if (item.block !== undefined) seen.add(item.block);
    units.push({ block: item.block, indexes: [index] });
  }
  const ranks = units.map((unit) => Math.min(...unit.indexes.map((index) => items[index]!.rank)));
  const stable = longestIncreasingSubsequence(ranks);
  const keep = new Set(stable);
  const firstStable = units[stable[0]!]!.indexes[0]!;
  const moves: Move[] = [];
  units.forEach((unit, k) => {
    if (!keep.has(k)) {
      const place: Pick<Move, "where" | "anchor"> =
        k === 0
          ? { where: "before", anchor: firstStable }
          : { where: "after", anchor: units[k - 1]!.indexes[units[k - 1]!.indexes.length - 1]! };
      const move: Move = { index: unit.indexes[0]!, ...place };
      if (unit.block !== undefined && unit.indexes.length > 1) move.block = unit.block;
      moves.push(move);
    }
    if (unit.indexes.length > 1) moves.push(...itemMoves(unit.indexes, items));
  });
  return moves;
}

/** Whether the moves, made in turn on the current order, give the configured order. */
export function reaches(items: readonly OrderedItem[], moves: readonly Move[]): boolean {
  let order = items.map((_, index) => index).sort((a, b) => items[a]!.rank - items[b]!.rank);
  for (const move of moves) {
    const moving =
      move.block === undefined ? [move.index] : order.filter((index) => items[index]!.block === move.block);
    const rest = order.filter((index) => !moving.includes(index));
    const at = rest.indexOf(move.anchor);
    if (at < 0) return false;
    rest.splice(move.where === "before" ? at : at + 1, 0, ...moving);
    order = rest;
  }
  return order.every((index, position) => index === position);
}
