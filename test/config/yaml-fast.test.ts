// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are configuration text, with its interpolation syntax.
// The fast reader against the `yaml` package on generated files: whenever the fast reader takes
// a file, the package reads it without error into the same value, every node and key is at the
// same place, and the strings interpolation looks at are the same ones.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isScalar, LineCounter, parseDocument } from "yaml";
import { SENSITIVE_KEYS } from "../../src/config/sensitive-fields.ts";
import { DocumentPositions } from "../../src/config/yaml-doc-positions.ts";
import { parseFast } from "../../src/config/yaml-fast.ts";
import type { KeyPath } from "../../src/config/yaml-positions.ts";
import { pathOf, walkNodes } from "../../src/config/yaml-walk.ts";

type Tree = null | boolean | number | string | Tree[] | { [key: string]: Tree };

/** Scalars that mean something else to YAML, or need quoting, next to ordinary ones. */
const tricky = fc.constantFrom(
  "null",
  "~",
  "",
  "true",
  "False",
  "0o17",
  "0x1F",
  "-12",
  "+3",
  "1.50",
  ".5",
  "1e3",
  ".inf",
  "-.Inf",
  ".nan",
  "<<",
  "a: b",
  "a:b",
  "http://x.org/a",
  "#x",
  "a #b",
  "a#b",
  "- a",
  "-a",
  "-",
  "[a]",
  "{a}",
  "a, b",
  "it's",
  'say "hi"',
  "${VAR}",
  "$${X}",
  "x ${A:-1}",
  "back\\slash",
  "tab\there",
  "new\nline",
  "é ü 日本",
  "__proto__",
  "--- x",
  "...",
  "%x",
  "&a",
  "*a",
  "!t",
  "|",
  ">",
  "@a",
  "`a",
  "?a",
  "? a",
  " lead",
  "trail ",
  "a  b",
  "0",
  "007",
  "1_000",
  "True",
  "yes",
);
const word = fc.string({ unit: fc.constantFrom(..."abz019 -_:#$/.'\"{}[],"), minLength: 1, maxLength: 8 });
const scalar: fc.Arbitrary<Tree> = fc.oneof(
  tricky,
  word,
  fc.integer({ min: -1000, max: 1000 }),
  fc.boolean(),
  fc.constant(null),
);
const key = fc.oneof(fc.constantFrom("title", "path", "certificate", "to", "a b", "1", "null"), word, tricky);
const { tree } = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalar,
    fc.array(tie("tree"), { maxLength: 4 }),
    fc.dictionary(key, tie("tree"), { maxKeys: 4 }),
  ),
}));

/** Renders `value` as YAML, taking each choice of style from `choices` in turn. */
function render(value: Tree, choices: number[]): string {
  let next = 0;
  const choose = (n: number) => (choices[next++ % choices.length] as number) % n;
  const text = (v: Tree): string => {
    if (typeof v !== "string") return String(v);
    const style = choose(4);
    if (style === 0) return `'${v.replace(/'/g, "''")}'`;
    if (style === 1) return JSON.stringify(v);
    return v;
  };
  const comment = () => (choose(5) === 0 ? " # note" : "");
  const gap = () => ["", "", "", "\n", "\n# remark\n", "\n   # indented remark\n"][choose(6)];
  const flow = (v: Tree): string => {
    if (Array.isArray(v)) return `[${v.map(flow).join(choose(2) ? ", " : ",")}]`;
    if (v !== null && typeof v === "object") {
      const pairs = Object.entries(v).map(([k, item]) => `${text(k)}: ${flow(item)}`);
      return choose(2) ? `{ ${pairs.join(", ")} }` : `{${pairs.join(",")}}`;
    }
    return text(v);
  };
  const isCollection = (v: Tree) => v !== null && typeof v === "object" && Object.keys(v).length > 0;
  /** Lines of a block node at `indent`; the first line is to follow "key:" or "- " when `inline`. */
  const block = (v: Tree, indent: number): string => {
    const pad = " ".repeat(indent);
    if (Array.isArray(v)) {
      return v
        .map((item) => {
          if (!isCollection(item) || choose(4) === 0)
            return `${pad}-${item === null && choose(2) ? "" : ` ${flow(item)}`}${comment()}`;
          const spaces = 1 + choose(3);
          const inner = block(item, indent + 1 + spaces);
          return `${pad}-${" ".repeat(spaces)}${inner.trimStart()}${gap()}`;
        })
        .join("\n");
    }
    if (v !== null && typeof v === "object") {
      return Object.entries(v)
        .map(([k, item]) => {
          const head = `${pad}${text(k)}${choose(6) === 0 ? " " : ""}:`;
          if (item === null && choose(2)) return `${head}${comment()}${gap()}`;
          if (!isCollection(item) || choose(4) === 0) return `${head} ${flow(item)}${comment()}${gap()}`;
          const deeper = Array.isArray(item) && choose(3) === 0 ? indent : indent + 1 + choose(3);
          return `${head}${comment()}\n${block(item, deeper)}${gap()}`;
        })
        .join("\n");
    }
    return `${pad}${flow(v)}`;
  };
  return `${choose(4) === 0 ? "# heading\n" : ""}${block(value, 0)}\n`;
}

/** Every path to a node of `value`, the root included. */
function pathsIn(value: unknown, path: KeyPath = [], out: KeyPath[] = []): KeyPath[] {
  out.push(path);
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      pathsIn(item, [...path, i], out);
    });
  } else if (value !== null && typeof value === "object") {
    for (const [k, item] of Object.entries(value)) pathsIn(item, [...path, k], out);
  }
  return out;
}

/** Checks the fast reader against the package on `text`; whether the fast reader took it. */
function compare(text: string): boolean {
  const fast = parseFast(text, SENSITIVE_KEYS);
  if (fast === undefined) return false;
  const lines = new LineCounter();
  const doc = parseDocument(text, {
    lineCounter: lines,
    prettyErrors: false,
    uniqueKeys: false,
    merge: true,
  });
  expect([...doc.errors, ...doc.warnings].map((e) => e.message)).toEqual([]);
  expect(fast.value).toEqual(doc.toJS());
  const positions = new DocumentPositions(doc, lines);
  for (const path of pathsIn(fast.value)) {
    for (const probe of [path, [...path, "missing"], [...path, 99]]) {
      for (const target of ["value", "key"] as const) {
        const expected = positions.linePos(positions.offsetOf(probe, target));
        expect({ probe, target, at: fast.positions.linePos(fast.positions.offsetOf(probe, target)) }).toEqual(
          {
            probe,
            target,
            at: expected,
          },
        );
      }
    }
  }
  const expected: { path: KeyPath; plain: boolean }[] = [];
  walkNodes(doc.contents, (at) => {
    const { node } = at;
    if (
      isScalar(node) &&
      typeof node.value === "string" &&
      (node.value.includes("$") || SENSITIVE_KEYS.has(String(at.segment)))
    ) {
      expected.push({ path: pathOf(at), plain: node.type === "PLAIN" });
    }
  });
  expect(fast.strings.map(({ path, plain }) => ({ path, plain }))).toEqual(expected);
  return true;
}

describe("the fast YAML reader", () => {
  it("reads generated configuration-like files as the yaml package does, or leaves them to it", () => {
    let taken = 0;
    fc.assert(
      fc.property(tree, fc.array(fc.nat(99), { minLength: 1, maxLength: 40 }), (value, choices) => {
        if (compare(render(value, choices))) taken++;
      }),
      { numRuns: 1500 },
    );
    // The generator mostly writes the forms the fast reader is for.
    expect(taken).toBeGreaterThan(300);
  });

  it("never takes a file the yaml package reads otherwise, on random text", () => {
    const fragment = fc.string({ unit: fc.constantFrom(..."  ab1-:#'\"{}[],$&*!|>?\\"), maxLength: 10 });
    const line = fc
      .tuple(fc.nat(4), fc.constantFrom("", "- ", "k: ", "- k: ", "k:", "-"), fragment)
      .map(([indent, lead, rest]) => `${" ".repeat(indent)}${lead}${rest}`);
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), (lines) => {
        compare(lines.join("\n"));
      }),
      { numRuns: 3000 },
    );
  });

  it("reads the configuration forms of the examples", () => {
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
    expect(compare(text)).toBe(true);
  });

  it("leaves anchors, tags, block scalars, several documents and duplicate keys to the yaml package", () => {
    for (const text of [
      "a: &x 1\nb: *x\n",
      "a: !!str 1\n",
      "a: |\n  text\n",
      "a: 1\n---\nb: 2\n",
      "a: 1\na: 2\n",
      "<<: {a: 1}\n",
      "a: b\n  c\n",
    ]) {
      expect(parseFast(text, SENSITIVE_KEYS)).toBeUndefined();
    }
  });
});
