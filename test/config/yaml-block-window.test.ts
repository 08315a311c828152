// Places found from the lines that hold them (yaml-block-window.ts), against the `yaml` package's
// reading of the whole file: on generated files, on random lines, on each form whose lines
// indentation alone does not settle, and deep in large files, where only the few lines holding
// the node are read.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BlockIndex } from "../../src/config/yaml-block-window.ts";
import type { Narrowed, Target } from "../../src/config/yaml-narrowed.ts";
import { FIRST_PART, type KeyPath, Positions } from "../../src/config/yaml-positions.ts";
import { expectEqual } from "../support/equal.ts";
import { loadErrors } from "./helpers.ts";
import { pathsIn, readWhole, referenceOffset, render, tree } from "./yaml-generated.ts";

const TARGETS = ["value", "key"] as const;

/** The `yaml` package's reading of `text`, which must be without error, and where it places
 * each path of its value, a key past each and an index past each (line and column); with
 * `firstItems`, the first item of each too, which a key or a scalar does not have. */
function reference(text: string, firstItems = false) {
  const { doc, lines, clean: read } = readWhole(text);
  // An alias of no anchor (`*b`) is no error to the package's reading, but it has no value.
  const value = read ? documentValue(doc) : undefined;
  const clean = value !== undefined;
  const probes = clean
    ? pathsIn(value.js).flatMap((path) => [
        path,
        [...path, "missing"],
        [...path, 99],
        ...(firstItems ? [[...path, 0]] : []),
      ])
    : [];
  const place = (path: KeyPath, target: Target) => lines.linePos(referenceOffset(doc, path, target));
  return { clean, probes, place };
}

/** The value of the `yaml` package's document, or undefined when it has an alias of no anchor. */
function documentValue(doc: ReturnType<typeof readWhole>["doc"]): { js: unknown } | undefined {
  try {
    return { js: doc.toJS() };
  } catch (error) {
    if (error instanceof ReferenceError) return undefined;
    throw error;
  }
}

/** Where `narrowed` places the node: its offset, or the `yaml` package's reading of its lines. */
function placeOf(narrowed: Narrowed, target: Target): number {
  if ("offset" in narrowed) return narrowed.offset;
  return narrowed.start + new Positions(narrowed.text).offsetOf(narrowed.path, target);
}

/** Runs `check` with the first part read before narrowing being a file's first line only. */
function withFirstLineOnly<T>(check: () => T): T {
  const chars = FIRST_PART.chars;
  FIRST_PART.chars = 1;
  try {
    return check();
  } finally {
    FIRST_PART.chars = chars;
  }
}

/** Checks that every probe of `text` is placed as in the whole file's reading, through the file's
 * positions as the reader asks them and through the lines narrowed to (where they tell, without
 * an alias, which only the positions follow). How many places were asked, and told by the lines. */
function expectPlacedAsWhole(text: string, firstItems = false): { asked: number; told: number } {
  const { probes, place } = reference(text, firstItems);
  // One of each for the file, as the reader keeps them: what one lookup leaves, the next uses.
  const positions = new Positions(text);
  const blocks = new BlockIndex(text);
  let told = 0;
  let asked = 0;
  for (const probe of probes) {
    for (const target of TARGETS) {
      const expected = place(probe, target);
      const at = withFirstLineOnly(() => positions.linePos(positions.offsetOf(probe, target)));
      expectEqual({ text, probe, target, at }, { text, probe, target, at: expected });
      asked++;
      const narrowed = blocks.narrow(probe, target);
      if (narrowed === undefined || ("text" in narrowed && narrowed.text.includes("*"))) continue;
      told++;
      const lines = positions.linePos(placeOf(narrowed, target));
      expectEqual({ text, probe, target, lines }, { text, probe, target, lines: expected });
    }
  }
  return { asked, told };
}

// Not a time limit: the property tests read thousands of files, seconds on an idle machine.
describe("places found from the lines that hold them", { timeout: 120_000 }, () => {
  it("are the yaml package's on generated configuration-like files, with LF or CRLF", () => {
    let told = 0;
    let asked = 0;
    fc.assert(
      fc.property(tree, fc.array(fc.nat(99), { minLength: 1, maxLength: 40 }), (value, choices) => {
        const text = render(value, choices);
        for (const form of [text, text.replace(/\n/g, "\r\n")]) {
          if (!reference(form).clean) continue;
          const placed = expectPlacedAsWhole(form);
          told += placed.told;
          asked += placed.asked;
        }
      }),
      { numRuns: 200, seed: 20261129 },
    );
    // Most places are told by the lines; the rest by the reading of the file.
    expect({ told: told / asked > 0.7, asked: asked > 10_000 }).toEqual({ told: true, asked: true });
  });

  it("are the yaml package's on generated JSON documents, on one line or indented", () => {
    let told = 0;
    let asked = 0;
    fc.assert(
      fc.property(tree, fc.constantFrom(0, 2), (value, indent) => {
        const text = `${JSON.stringify(value, null, indent)}\n`;
        if (!reference(text).clean) return;
        const placed = expectPlacedAsWhole(text);
        told += placed.told;
        asked += placed.asked;
      }),
      { numRuns: 200, seed: 20261129 },
    );
    expect({ told: told / asked > 0.9, asked: asked > 5_000 }).toEqual({ told: true, asked: true });
  });

  it("are the yaml package's on random lines both read without error", () => {
    let read = 0;
    const fragment = fc.string({ unit: fc.constantFrom(..."  \tab1-:#'\"{}[],&*!|>?\\"), maxLength: 10 });
    const line = fc
      .tuple(
        fc.nat(4),
        fc.constantFrom("", "- ", "k: ", "- k: ", "k:", "-", "? ", ": ", "---", "..."),
        fragment,
      )
      .map(([indent, lead, rest]) => `${" ".repeat(indent)}${lead}${rest}`);
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), (lines) => {
        const text = lines.join("\n");
        if (!reference(text).clean) return;
        read++;
        expectPlacedAsWhole(text);
      }),
      { numRuns: 3000, seed: 20261129 },
    );
    expect(read).toBeGreaterThan(500);
  });

  it.each([
    ["a list at its key's column", "a:\n- x: 1\n  y: 2\n- z: 3\nb: 4\n"],
    ["comments at any column and blank lines", "a:\n# c\n    # d\n\n  b: 1\n\n# e\n  c:\n  # f\n    - 1\n"],
    [
      "a block scalar holding what looks like keys and items",
      "a: |\n  k: v\n  - x\n# c\nb:\n  c: |-\n    d: 1\n  e: 2\n",
    ],
    [
      "quoted and plain text over several lines",
      "a: \"x\n  y: z\"\nb: 'p\n  - q'\nc: x\n  y\nd:\n  - one\n    two\n",
    ],
    ["a flow collection over several lines", "a: [1,\n  2]\nb: {c: 1,\n  d: [2,\n    3]}\ne: 4\n"],
    ["a flow collection closed at its key's column", "a: [\n  1\n]\nb: 2\n"],
    ["explicit keys", "? a\n: 1\nb: 2\n? [c]\n: 3\n"],
    ["document markers and a directive", "%YAML 1.2\n---\na: 1\nb:\n  c: 2\n...\n"],
    ["a document start marker alone", "---\na:\n  b: 1\n"],
    ["anchors and aliases", "a: &x\n  k: 1\nb:\n  c: *x\n  d: &y [1]\ne: *y\n"],
    ["anchors and aliases in a mapping", "a: &x\n  k: [1, 2]\nb:\n  c: *x\n  d: &y\n    - 1\n  e: *y\n"],
    ["a merge key", "a: &m\n  k: v\nb:\n  <<: *m\n  w: 1\nc: 2\n"],
    ["an anchor or a tag before a key", "a:\n  &x b: 1\n  !!str c: 2\n  d: 3\n"],
    ["empty values", "a:\nb: # c\n  # d\nc:   \nd:\n  - \n  -\n    # e\n  - f\n"],
    [
      "flow keys that are collections or quoted",
      'a: [[b]:1, {c: 2}: 3, "d":4, \'e\' : 5]\nf: {[g]: 6, "h":[7]}\n',
    ],
    [
      "keys that are not plain words",
      "'a b': 1\n\"c\\\"d\": 2\n1: x\ntrue: y\n'it''s': [1]\n-x: 2\na#b: 3\n",
    ],
    ["a key ending like another's start", "k1: 1\nk12:\n  a: 2\n"],
    ["a mapping indented as a whole", "  a: 1\n  b:\n    c: 2\n"],
    ["a list as the file", "- a: 1\n  b:\n  - 2\n-   c: 3\n    d: [4]\n- - 5\n  - 6\n"],
    ["tabs beside content", "a:\t1\nb:\n  c: 2\t# t\n  d:\n  -\t3\n"],
    ["a tab in a comment", "# a\tb\na:\n  b: 1\n"],
    ["a byte order mark", "\uFEFFa:\n  b: 1\nc:\n  - d\n"],
    ["a tab after an item's dash", "- a\n-\tb\n- c\n"],
    ["a tab after the dash of a list at its key's column", "d:\n-\tx\ne:\n  -\tf\n  - g\n"],
    ["a key not read named as one after it", 'x:\n  a: 0\n  !!str 1: x\n  1: y\n"1" : 2\n1: 3\n'],
    ["a flow key not read named as one after it", 'x: {a: 0, "\\u0031": x, 1: y}\n'],
    ["a quote inside plain text in a flow collection", "k: [a 'b, c', &x 'd, e']\nj: {f: g \"h, i: j\"}\n"],
    ["a tab before a key's colon", "x:\n  b: 2\n  a\t: 1\n"],
    ["a flow collection as a key", "[]:\nb:\n  c: 1\n"],
    ["a flow collection as a key in a flow list", "[[a]:1, {b: c}:2, [d]]\n"],
    ["a flow collection as a key in a flow list as a value", "k: [[e]:[f], g]\n"],
    ["a flow collection as a key in a list", "- [a]: 1\n  b: 2\n- c:\n    {d}: 3\n    e: 4\n"],
  ])("are the yaml package's for %s, with LF or CRLF", (_, text) => {
    for (const form of [text, text.replace(/\n/g, "\r\n")]) {
      expect({ form, clean: reference(form).clean }).toEqual({ form, clean: true });
      expectPlacedAsWhole(form, true);
    }
  });

  it.each<[string, string, KeyPath, Target, Narrowed]>([
    [
      "a list at its key's column",
      "a:\n- x: 1\n  y: 2\n- z: 3\nb: 4\n",
      ["a", 1, "z"],
      "value",
      { start: 17, text: "  z: 3\n", path: ["z"] },
    ],
    ["a list in a list", "- - a\n  - b: [x]\n- c\n", [0, 1, "b"], "value", { offset: 13 }],
    ["a key", "a:\n  b:\n    c: 1\n", ["a", "b"], "key", { offset: 5 }],
    [
      "a flow collection's item",
      "a:\n  - [x, {y: [1, 'z']}]\n",
      ["a", 0, 1, "y", 1],
      "value",
      { start: 19, text: "'z'", path: [] },
    ],
    ["a flow collection's key", "{a: 1, 'b c': {d: 2}}", ["b c", "d"], "key", { offset: 15 }],
    [
      "a flow collection's item after a quote in text",
      "[it's, 'it''s', \"a\\\"b\", a#b, x]",
      [4],
      "value",
      { start: 29, text: "x", path: [] },
    ],
    [
      "a flow mapping's value after a comment",
      "{a: 1, # note\n b: [2]}",
      ["b", 0],
      "value",
      { start: 19, text: "2", path: [] },
    ],
    [
      "a JSON document's value",
      '{"a": [1, {"b": true}]}',
      ["a", 1, "b"],
      "value",
      { start: 16, text: "true", path: [] },
    ],
    ["a mapping's start", "a:\n  # c\n\n  b:\n    c: 1\n", ["a", "b"], "value", { offset: 19 }],
    ["an empty value", "a:\n  b: # c\n  c: 1\n", ["a", "b", "d"], "value", { offset: 8 }],
    ["a key past the file's", "a:\n  b: 1\n", ["a", "c"], "value", { offset: 5 }],
  ])("narrow %s to the fewest lines", (_, text, path, target, expected) => {
    expect(new BlockIndex(text).narrow(path, target)).toEqual(expected);
  });

  it("give up where a line's place is not told by its indentation", () => {
    const givenUp = (text: string, path: KeyPath) => new BlockIndex(text).narrow(path, "value");
    // A tab before content, a flow collection closed left of its column, a document marker.
    expect(givenUp("a:\n  b: 1\n\t c: 2\n", ["a", "b"])).toBeUndefined();
    expect(givenUp("a:\n  b: [1,\n  ]\n  c: 2\n", ["a", "c"])).toBeUndefined();
    expect(givenUp("a: 1\n---\nb: 2\n", ["b"])).toBeUndefined();
    expect(givenUp("---\na: 1\n", ["a"])).toBeUndefined();
    // A key the lines cannot name may be the one looked for: the mapping is read.
    expect(givenUp("a:\n  c:\n    d: 1\n  &x b: 1\n", ["a", "b"])).toEqual({
      start: 3,
      text: "  c:\n    d: 1\n  &x b: 1\n",
      path: ["b"],
    });
  });
});

describe("an error far into a large file", { timeout: 120_000 }, () => {
  const head = ["version: 1", "organization: org_1"];

  it("in the last of 20,000 redirects is placed from that redirect's text alone", async () => {
    const redirects = Array.from(
      { length: 20_000 },
      (_, n) => `      - source: /p${n}\n        to: {section: s}`,
    );
    const text = [
      ...head,
      "spaces: {g: spc_1}",
      "sites:",
      "  - title: Docs",
      "    sections: [{path: s, title: Section, siteSpaces: [{space: g, path: v}]}]",
      "    redirects:",
      ...redirects,
      "      - source: /last",
      "        to: {section: s, bogus: 1}",
      "",
    ].join("\n");
    const path = ["sites", 0, "redirects", 20_000, "to", "bogus"];
    const narrowed = new BlockIndex(text).narrow(path, "key");
    expect(narrowed).toEqual({ offset: text.indexOf("bogus: 1}") });
    const line = head.length + 6 + 2 * 20_000 + 1;
    expect(await loadErrors({ "a.yaml": text })).toBe(
      `a.yaml:${line}:26: sites[0].redirects[20000].to.bogus: unknown key "bogus"\n1 error in 1 file.`,
    );
  });

  it("in the last of 20,000 redirects on one line is placed from that redirect's text alone", async () => {
    const redirects = Array.from({ length: 20_000 }, (_, n) => `{source: /p${n}, to: {section: s}}, `).join(
      "",
    );
    const text = [
      ...head,
      "spaces: {g: spc_1}",
      `sites: [{title: Docs, sections: [{path: s, title: Section, siteSpaces: [{space: g, path: v}]}], redirects: [${redirects}{source: /last, to: {section: s, bogus: 1}}]}]`,
      "",
    ].join("\n");
    const path = ["sites", 0, "redirects", 20_000, "to", "bogus"];
    const at = text.indexOf("bogus: 1}");
    expect(new BlockIndex(text).narrow(path, "key")).toEqual({ offset: at });
    const column = at - text.lastIndexOf("\n", at);
    expect(await loadErrors({ "a.yaml": text })).toBe(
      `a.yaml:4:${column}: sites[0].redirects[20000].to.bogus: unknown key "bogus"\n1 error in 1 file.`,
    );
  });

  it("after 100,000 comment lines is placed from its own line", async () => {
    const comments = Array.from({ length: 100_000 }, (_, n) => `# a comment, line ${n}`);
    const text = [...head, "policy:", ...comments, "teams: 5", ""].join("\n");
    expect(new BlockIndex(text).narrow(["teams"], "value")).toEqual({
      start: text.indexOf("teams: 5"),
      text: "teams: 5\n",
      path: ["teams"],
    });
    expect(new BlockIndex(text).narrow(["policy"], "value")).toEqual({ offset: text.indexOf("policy:") + 7 });
    const message = await loadErrors({ "a.yaml": text });
    expect(message.split("\n").slice(0, 2)).toEqual([
      "a.yaml:3:8: policy: must be a mapping (got null)",
      `a.yaml:${100_004}:8: teams: must be a list (got a number)`,
    ]);
  });

  it("about the whole file, after 5,000 comment lines, is placed at its first key", async () => {
    const comments = Array.from({ length: 5_000 }, (_, n) => `# a comment, line ${n}`);
    expect(await loadErrors({ "a.yaml": [...comments, "organization: org_1", ""].join("\n") })).toBe(
      'a.yaml:5001:1: missing required key "version"\n1 error in 1 file.',
    );
  });

  it("is placed alike in a file read by js-yaml (a tab in a comment)", async () => {
    const comments = Array.from({ length: 20_000 }, (_, n) => `# a comment, line ${n}`);
    const message = await loadErrors({
      "a.yaml": [...head, "# a\tb", ...comments, "teams: 5", ""].join("\n"),
    });
    expect(message).toContain(`a.yaml:${20_004}:8: teams: must be a list (got a number)`);
  });
});
