// The nesting of collections, directly: cycles of configured parents, and the live chain that
// orders moves reversing nesting.

import { describe, expect, it } from "vitest";
import { liveChainBelow, parentCycles } from "../../src/kinds/space/collection-parents.ts";

describe("parentCycles", () => {
  it("reports each cycle once, from its first title", () => {
    const parentOf = new Map([
      ["A", "B"],
      ["B", "A"],
      ["C", "C"],
      ["D", "A"],
    ]);
    expect(parentCycles(["A", "B", "C", "D"], parentOf)).toEqual([
      ["A", "B", "A"],
      ["C", "C"],
    ]);
  });
});

describe("liveChainBelow", () => {
  // Live: A › B › C, and D at the top level.
  const parentOf = new Map<string, string | undefined>([
    ["A", undefined],
    ["B", "A"],
    ["C", "B"],
    ["D", undefined],
  ]);

  it("gives the collections from one up to an ancestor, that ancestor left out", () => {
    expect(liveChainBelow("C", "A", parentOf)).toEqual(["C", "B"]);
    expect(liveChainBelow("B", "A", parentOf)).toEqual(["B"]);
  });

  it("gives none when the collection is not below it, or the live parents loop", () => {
    expect(liveChainBelow("D", "A", parentOf)).toEqual([]);
    expect(liveChainBelow("A", "C", parentOf)).toEqual([]);
    expect(liveChainBelow("new", "A", parentOf)).toEqual([]);
    expect(
      liveChainBelow(
        "X",
        "A",
        new Map([
          ["X", "Y"],
          ["Y", "X"],
        ]),
      ),
    ).toEqual([]);
  });
});
