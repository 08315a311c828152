// The fewest moves, directly: ranks are places in the current order, blocks the groups.

import { describe, expect, it } from "vitest";
import { fewestMoves, type OrderedItem, reaches } from "../../src/plan/moves.ts";

const items = (ranks: number[], blocks: (string | undefined)[] = []): OrderedItem[] =>
  ranks.map((rank, index) => ({ rank, block: blocks[index] }));

describe("fewestMoves", () => {
  it("moves nothing when the order is right", () => {
    expect(fewestMoves(items([0, 1, 2]))).toEqual([]);
  });

  it("moves only the items out of the longest run in order", () => {
    // Current a b c d, configured b c d a: a moves after d.
    expect(fewestMoves(items([1, 2, 3, 0]))).toEqual([{ index: 3, where: "after", anchor: 2 }]);
    // Configured d a b c: d moves before a.
    expect(fewestMoves(items([3, 0, 1, 2]))).toEqual([{ index: 0, where: "before", anchor: 1 }]);
  });

  it("moves a group as one block when that takes fewer calls", () => {
    // Current a b c d e f g; configured a b [e f g] c d, with e f g in a group.
    const list = items([0, 1, 4, 5, 6, 2, 3], [undefined, undefined, "G", "G", "G", undefined, undefined]);
    const moves = fewestMoves(list);
    expect(moves).toEqual([{ index: 2, block: "G", where: "after", anchor: 1 }]);
    expect(reaches(list, moves)).toBe(true);
  });

  it("orders the sections inside a group after moving it", () => {
    // Current a [c b] d with the group at the end wanted first, its members swapped.
    const list = items([2, 1, 0, 3], ["G", "G", undefined, undefined]);
    const moves = fewestMoves(list);
    expect(reaches(list, moves)).toBe(true);
    expect(moves.length).toBeLessThanOrEqual(2);
  });

  it("keeps moving sections one by one when a block move would not reach the order", () => {
    // The group's members are apart in the current order (x between them) and x stays put.
    const list = items([0, 2, 1], ["G", "G", undefined]);
    const moves = fewestMoves(list);
    expect(reaches(list, moves)).toBe(true);
    expect(moves).toEqual([{ index: 1, where: "after", anchor: 0 }]);
  });

  it("reaches the configured order for every permutation of five items in two groups", () => {
    const blocks = ["A", "A", undefined, "B", "B"];
    const permutations = (n: number): number[][] =>
      n === 0
        ? [[]]
        : permutations(n - 1).flatMap((p) =>
            Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)]),
          );
    for (const ranks of permutations(5)) {
      const list = items(ranks, blocks);
      const moves = fewestMoves(list);
      expect(reaches(list, moves), JSON.stringify(ranks)).toBe(true);
    }
  });
});
