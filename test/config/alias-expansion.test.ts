// The measure of a value with its aliases expanded, next to the plainest recursive count, on
// values that share their lists and mappings as aliases make them share, and on values that hold
// themselves.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expandedSize, type Measure } from "../../src/config/alias-expansion.ts";

/** Nodes and depth by recursion: each shared object counted each time it is reached. */
function reference(value: unknown, open = new Set<object>()): Measure | "cycle" {
  if (value === null || typeof value !== "object") return { size: 1, depth: 0 };
  if (open.has(value)) return "cycle";
  open.add(value);
  const measure = { size: 1, depth: 1 };
  for (const child of Object.values(value)) {
    const inner = reference(child, open);
    if (inner === "cycle") return "cycle";
    measure.size += inner.size;
    if (child !== null && typeof child === "object") measure.depth = Math.max(measure.depth, inner.depth + 1);
  }
  open.delete(value);
  return measure;
}

/** A value made of `nodes` lists and mappings, each holding scalars and earlier nodes (shared, as
 * aliases share them), and with `back` a later one too: that may make a node hold itself. */
const shared = fc
  .record({
    nodes: fc.array(
      fc.record({
        list: fc.boolean(),
        children: fc.array(fc.oneof(fc.nat(20), fc.constant("x")), { maxLength: 5 }),
      }),
      { minLength: 1, maxLength: 30 },
    ),
    back: fc.option(fc.tuple(fc.nat(29), fc.nat(29)), { nil: undefined }),
  })
  .map(({ nodes, back }) => {
    const made: (unknown[] | Record<string, unknown>)[] = [];
    for (const { list, children } of nodes) {
      const items = children.map((c) =>
        typeof c === "number" && c < made.length ? made[made.length - 1 - c] : c,
      );
      made.push(list ? items : Object.fromEntries(items.map((item, i) => [`k${i}`, item])));
    }
    if (back !== undefined) {
      const [from, to] = back.map((n) => made[n % made.length]) as [object, object];
      if (Array.isArray(from)) from.push(to);
      else (from as Record<string, unknown>).back = to;
    }
    return made[made.length - 1];
  });

describe("a value's measure with its aliases expanded", () => {
  it("is the recursive count of its nodes and levels, or a cycle where one holds itself", () => {
    fc.assert(
      fc.property(shared, (value) => {
        expect(expandedSize(value)).toEqual(reference(value));
      }),
      { numRuns: 500, seed: 20261128 },
    );
  });

  it("counts a chain of 100,000 anchors, each in the next, without recursion", () => {
    const policy: Record<string, unknown> = { k0: [1] };
    for (let n = 1; n < 100_000; n++) policy[`k${n}`] = [policy[`k${n - 1}`]];
    expect(expandedSize({ policy })).toEqual({
      size: 2 + (100_000 * 100_001) / 2 + 100_000,
      depth: 100_002,
    });
  });
});
