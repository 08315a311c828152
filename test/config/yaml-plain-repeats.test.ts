// Repeated keys placed by the plain reader as it reads: on generated files, each repeat it places
// (where, its key path, where the first was written) is the one the `yaml` package's reading of
// the whole file finds, and js-yaml refuses the file; and a file refused for a repeated key is
// explained without that reading, in the same words, places and count.

import fc from "fast-check";
import { load } from "js-yaml";
import { describe, expect, it } from "vitest";
import { ERRORS_PLACED_PER_FILE } from "../../src/config/error-cap.ts";
import { duplicateKeys } from "../../src/config/yaml-duplicate-keys.ts";
import { OUTSIDE_SUBSET, readPlainDocument } from "../../src/config/yaml-plain-reader.ts";
import { Positions, positionsComputed } from "../../src/config/yaml-positions.ts";
import { CONFIG_SCHEMA } from "../../src/config/yaml-schema.ts";
import { loadErrors, yaml } from "./helpers.ts";

/** Keys that repeat often, some in other words for the same key (`1` and `0x1`, `~` and `null`). */
const key = fc.constantFrom("a", "b", '"a"', "'b'", "1", "0x1", "~", "null", "c d");
const scalar = fc.constantFrom("1", "x", '"q"', "~", "[]", "{}");

/** A flow node: a scalar, or a list or a mapping of flow nodes. */
const { flow } = fc.letrec<{ flow: string }>((tie) => ({
  flow: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalar,
    fc.array(tie("flow"), { maxLength: 4 }).map((items) => `[${items.join(", ")}]`),
    fc
      .array(fc.tuple(key, tie("flow")), { maxLength: 4 })
      .map((pairs) => `{${pairs.map(([k, v]) => `${k}: ${v}`).join(", ")}}`),
  ),
}));

/** The lines of a block node at `indent`: a mapping or a list of flow nodes and block nodes. */
function block(depth: number): fc.Arbitrary<string[]> {
  const child = (indent: string) =>
    depth === 0
      ? flow.map((f) => [` ${f}`])
      : fc.oneof(
          flow.map((f) => [` ${f}`]),
          block(depth - 1).map((lines) => ["", ...lines.map((l) => `${indent}${l}`)]),
        );
  const mapping = fc
    .array(fc.tuple(key, child("  ")), { minLength: 1, maxLength: 5 })
    .map((pairs) => pairs.flatMap(([k, [first = "", ...rest]]) => [`${k}:${first}`, ...rest]));
  const list = fc
    .array(child("  "), { minLength: 1, maxLength: 4 })
    .map((items) => items.flatMap(([first = "", ...rest]) => [`-${first}`, ...rest]));
  return fc.oneof(mapping, list);
}

const refusedByJsYaml = (text: string) => {
  try {
    load(text, { schema: CONFIG_SCHEMA });
    return false;
  } catch (error) {
    return /duplicated mapping key/.test(String(error));
  }
};

describe("repeated keys", () => {
  it("are placed by the plain reader as the `yaml` package's reading places them", () => {
    let placed = 0;
    fc.assert(
      fc.property(block(2), (lines) => {
        const text = yaml(...lines);
        const read = readPlainDocument(text);
        if (read === OUTSIDE_SUBSET || read.repeats === 0) return;
        placed++;
        const found = duplicateKeys(new Positions(text).document().doc);
        expect({ text, repeated: read.repeated, repeats: read.repeats }).toEqual({
          text,
          repeated: found.slice(0, ERRORS_PLACED_PER_FILE),
          repeats: found.length,
        });
        expect({ text, refused: refusedByJsYaml(text) }).toEqual({ text, refused: true });
      }),
      { numRuns: 400 },
    );
    // The generator writes repeats often enough for the check to be one.
    expect(placed).toBeGreaterThan(100);
  });

  it("are reported without reading the file's positions: at the repeat, naming the first, with a count past the cap", async () => {
    const head = ["version: 1", "organization: org_1"];
    const keys = Array.from({ length: 60 }, (_, i) => `k${i}: ${i}`);
    const before = positionsComputed();
    const message = await loadErrors({
      "a.yaml": yaml(
        ...head,
        `policy: {${[...keys, ...keys].join(", ")}}`,
        "teams:",
        "  - title: A",
        "    title: B",
      ),
    });
    const lines = message.split("\n");
    expect(lines[0]).toBe('a.yaml:3:530: policy: duplicate key "k0" (first at column 10)');
    expect(lines[ERRORS_PLACED_PER_FILE - 1]).toBe(
      'a.yaml:3:951: policy: duplicate key "k49" (first at column 431) (and 11 more errors in this file, not listed)',
    );
    expect(lines.slice(ERRORS_PLACED_PER_FILE)).toEqual(["50 errors in 1 file."]);
    expect(positionsComputed()).toBe(before);
  });
});
