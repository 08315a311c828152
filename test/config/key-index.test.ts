// The index the checks find the first item of each key with: exact whatever the keys' hashes,
// with repeated keys, empty ones and long ones.

import { describe, expect, it } from "vitest";
import { KeyIndex } from "../../src/config/key-index.ts";

describe("the index of the first item with each key", () => {
  it("gives the first item with a key, for every key, however many items there are", () => {
    // Many repeats, keys of one character to thousands, and every item's key looked up again.
    const keys = Array.from({ length: 30_000 }, (_, n) =>
      n % 3 === 0 ? `/p${n % 7_001}` : `${n}`.repeat(n % 5),
    );
    const index = new KeyIndex(keys.length, (n) => keys[n] as string);
    const firsts = new Map<string, number>();
    keys.forEach((key, n) => {
      expect(index.add(n, key)).toBe(firsts.get(key) ?? -1);
      if (!firsts.has(key)) firsts.set(key, n);
    });
    for (const [key, first] of firsts) expect(index.get(key)).toBe(first);
    expect(index.get("/not-there")).toBe(-1);
  });
});
