// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are configuration text, with its interpolation syntax.
// The configuration reader (js-yaml for the values, positions looked up by key path in the
// `yaml` package's document when asked for) against the `yaml` package on generated files:
// whenever both read a file without error, the values are the same, every node and every key is
// at the same place, and the strings holding `${` written plain (unquoted) are the ones read as
// interpolations to re-read, with LF and with CRLF line endings.

import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as yamlPackage from "yaml";
import { parseYamlFile } from "../../src/config/yaml-parse.ts";
import { FIRST_PART, type KeyPath } from "../../src/config/yaml-positions.ts";
import { PlainInterpolation } from "../../src/config/yaml-schema.ts";
import { expectEqual } from "../support/equal.ts";
import { keyText, pathsIn, readWhole, referenceOffset, render, tree } from "./yaml-generated.ts";

// Bound once: under Vitest each use of an imported name reads it from its module anew, and the
// loops below use these hundreds of thousands of times (half a second of this file's time).
const { isMap, isScalar, isSeq } = yamlPackage;

/** The key path of every string scalar value of the `yaml` package's document, whether it is
 * plain, and its text. */
function stringsIn(
  node: unknown,
  path: KeyPath = [],
  out: { path: KeyPath; plain: boolean; text: string }[] = [],
) {
  if (isMap(node)) {
    for (const pair of node.items) {
      const key = keyText(pair.key);
      if (key !== undefined) stringsIn(pair.value, [...path, key], out);
    }
  } else if (isSeq(node)) {
    node.items.forEach((item, index) => {
      stringsIn(item, [...path, index], out);
    });
  } else if (isScalar(node) && typeof node.value === "string" && node.tag !== "!") {
    // A tagged scalar (`!!str 5`) is what its tag says, however it is written. A lone `!` ending
    // its line is no tag to js-yaml, which then reads the scalar below as plain; no configuration
    // writes one, and such scalars are left out.
    out.push({ path, plain: node.type === "PLAIN" && node.tag === undefined, text: node.value });
  }
  return out;
}

/** `value` with each plain scalar holding `${` as the text it is. */
function asWritten(value: unknown): unknown {
  if (value instanceof PlainInterpolation) return value.text;
  if (Array.isArray(value)) return value.map(asWritten);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, asWritten(item)]));
}

/** The value at `path`. */
function valueAt(value: unknown, path: KeyPath): unknown {
  return path.reduce<unknown>((node, segment) => (node as Record<string, unknown> | null)?.[segment], value);
}

/** Reads `text` with both; when both read it without error to the same value, checks that they
 * agree on the places and the styles. Whether the `yaml` package read it, whether the
 * configuration reader did, and whether to the same value. */
async function compare(text: string): Promise<{ theirs: boolean; ours: boolean; same: boolean }> {
  const { doc, lines, clean: theirs } = readWhole(text);
  const ours = parseYamlFile("a.yaml", "/a.yaml", text);
  const read = ours.diagnostics.length === 0;
  if (!theirs || !read) return { theirs, ours: read, same: false };
  // An empty file: no value at all, where the package gives null.
  const value = doc.contents === null ? undefined : doc.toJS();
  if (!isDeepStrictEqual(asWritten(ours.value), value)) return { theirs, ours: read, same: false };
  const { positions } = ours.file;
  for (const path of pathsIn(value)) {
    for (const probe of [path, [...path, "missing"], [...path, 99]]) {
      for (const target of ["value", "key"] as const) {
        const expected = lines.linePos(referenceOffset(doc, probe, target));
        const at = positions.linePos(positions.offsetOf(probe, target));
        expectEqual({ probe, target, at }, { probe, target, at: expected });
      }
    }
  }
  for (const { path, plain, text: written } of stringsIn(doc.contents)) {
    const read = valueAt(ours.value, path);
    // Under a merge key (<<), the package's path names no value of the merged mapping; a file
    // that is one scalar is not a configuration, whatever it holds, and is given as written.
    if (!written.includes("${") || asWritten(read) !== written || path.length === 0) continue;
    const interpolation = read instanceof PlainInterpolation;
    expectEqual({ path, plain: interpolation }, { path, plain });
  }
  return { theirs, ours: read, same: true };
}

// Not a time limit: the property tests read thousands of files, seconds on an idle machine.
describe("the configuration reader", { timeout: 120_000 }, () => {
  it("reads generated configuration-like files as the yaml package does, with LF or CRLF", async () => {
    let taken = 0;
    await fc.assert(
      fc.asyncProperty(
        tree,
        fc.array(fc.nat(99), { minLength: 1, maxLength: 40 }),
        async (value, choices) => {
          const text = render(value, choices);
          for (const form of [text, text.replace(/\n/g, "\r\n")]) {
            const { theirs, ours, same } = await compare(form);
            // A file the package reads, the configuration reader reads too, to the same value.
            if (theirs) expect({ form, ours, same }).toEqual({ form, ours: true, same: true });
            if (theirs) taken++;
          }
        },
      ),
      { numRuns: 1500 },
    );
    expect(taken).toBeGreaterThan(2000);
  });

  it("places nodes alike when it reads the file's first part, as it does for large files", async () => {
    const chars = FIRST_PART.chars;
    FIRST_PART.chars = 16;
    try {
      await fc.assert(
        fc.asyncProperty(
          tree,
          fc.array(fc.nat(99), { minLength: 1, maxLength: 40 }),
          async (value, choices) => {
            const text = render(value, choices);
            for (const form of [text, text.replace(/\n/g, "\r\n")]) await compare(form);
          },
        ),
        { numRuns: 300 },
      );
    } finally {
      FIRST_PART.chars = chars;
    }
  });

  it("agrees with the yaml package on the places in random text that both read alike", async () => {
    // Both read most such text alike; where they do not (the empty key of `? ` is "" to the
    // package and "null" to js-yaml, a lone tag `!` is "" or null), positions are not compared.
    let alike = 0;
    const fragment = fc.string({ unit: fc.constantFrom(..."  ab1-:#'\"{}[],$&*!|>?\\"), maxLength: 10 });
    const line = fc
      .tuple(fc.nat(4), fc.constantFrom("", "- ", "k: ", "- k: ", "k:", "-"), fragment)
      .map(([indent, lead, rest]) => `${" ".repeat(indent)}${lead}${rest}`);
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 6 }), async (lines) => {
        if ((await compare(lines.join("\n"))).same) alike++;
      }),
      { numRuns: 3000, seed: 20261129 },
    );
    expect(alike).toBeGreaterThan(500);
  });

  it("reads the configuration forms of the examples", async () => {
    const text = [
      "version: 1 # the only version",
      "organization: org_1",
      "spaces:",
      "  guides: spc_1",
      "",
      "sites:",
      "  - title: Docs",
      "    sections:",
      "    - path: a",
      "      siteSpaces: [{ space: guides, path: v1 }]",
      "    redirects:",
      "      -   source: /old",
      "          to: { section: a }",
      "      - source: '/it''s'",
      '        destination: { kind: url, url: "https://example.com/${PATH}" }',
      "samlProviders:",
      "  - label: SSO",
      "    certificate: ${CERT}",
      "    defaultRole:",
    ].join("\n");
    expect(await compare(text)).toEqual({ theirs: true, ours: true, same: true });
  });

  it("places anchors, aliases, tags, block scalars, bare list items and flow pairs as the yaml package does", async () => {
    for (const text of [
      "a: &x 1\nb: *x\n",
      "a: !!str 1\nb: ! 2\n",
      "a: |\n  text\n  more\nb: >-\n  folded\n  text\nc: 1\n",
      "a:\n  -\n  - x\n  - # note\n  -\n    y\n  -\nb: 1\n",
      "a: [x, y: z, {p: q}]\n",
      "<<: {a: 1}\nb: 2\n",
      "a: b\n  c\n",
      "? a\n: 1\n? b\n",
      "a: &m\n  k: v\nb:\n  <<: *m\n  w: 1\n",
    ]) {
      expect({ text, read: await compare(text) }).toEqual({
        text,
        read: { theirs: true, ours: true, same: true },
      });
    }
  });
});
