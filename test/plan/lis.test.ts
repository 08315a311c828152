import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { longestIncreasingSubsequence } from "../../src/plan/lis.ts";

/** Quadratic dynamic programme: the length of the longest strictly increasing subsequence. */
function lisLength(values: readonly number[]): number {
  const best = values.map(() => 1);
  for (let i = 0; i < values.length; i++) {
    for (let j = 0; j < i; j++) if (values[j]! < values[i]!) best[i] = Math.max(best[i]!, best[j]! + 1);
  }
  return Math.max(0, ...best);
}

describe("longestIncreasingSubsequence", () => {
  it("keeps the items already in order", () => {
    expect(longestIncreasingSubsequence([3, 0, 1, 4, 2])).toEqual([1, 2, 4]);
    expect(longestIncreasingSubsequence([0, 1, 2])).toEqual([0, 1, 2]);
    expect(longestIncreasingSubsequence([2, 1, 0])).toHaveLength(1);
    expect(longestIncreasingSubsequence([])).toEqual([]);
  });

  it("returns an increasing subsequence as long as the quadratic answer", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 200 }), { maxLength: 60 }), (values) => {
        const indexes = longestIncreasingSubsequence(values);
        for (let k = 1; k < indexes.length; k++) {
          expect(indexes[k]!).toBeGreaterThan(indexes[k - 1]!);
          expect(values[indexes[k]!]!).toBeGreaterThan(values[indexes[k - 1]!]!);
        }
        expect(indexes.length).toBe(lisLength(values));
      }),
    );
  });
});
