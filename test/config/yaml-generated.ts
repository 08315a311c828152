// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are configuration text, with its interpolation syntax.
// Configuration-like YAML files generated from random values, written in each of the styles a
// careful writer uses, and the `yaml` package's reading of where their nodes are: the reference
// the configuration reader's positions are tested against.

import fc from "fast-check";
import type { Document, Pair, YAMLMap } from "yaml";
import * as yamlPackage from "yaml";
import type { KeyPath } from "../../src/config/yaml-positions.ts";
import { plainScalar } from "../../src/config/yaml-schema.ts";

// Bound once: under Vitest each use of an imported name reads it from its module anew, and the
// loops of the property tests use these hundreds of thousands of times.
const { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument } = yamlPackage;

export type Tree = null | boolean | number | string | Tree[] | { [key: string]: Tree };

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
// No empty key (`null:`, `~:`): js-yaml names it "null", the package "".
const key = fc.oneof(
  fc.constantFrom("title", "path", "certificate", "to", "a b", "1"),
  word,
  tricky.filter((text) => text !== "null" && text !== "~"),
);
export const { tree } = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalar,
    fc.array(tie("tree"), { maxLength: 4 }),
    fc.dictionary(key, tie("tree"), { maxKeys: 4 }),
  ),
}));

/** Text a careful writer leaves unquoted. */
const PLAIN_SAFE = /^(?![-?:#&*!|>%@`'"]|\.\.\.)(?!.*(?:: |:$| #|[,[\]{}\t\n]))\S(?:.*\S)?$/;

/** Renders `value` as YAML, taking each choice of style from `choices` in turn. Forms the
 * libraries read differently are not written: plain text starting with an indicator (below), and
 * a list holding a bare "-" just before an item of an outer list (js-yaml 4 reads that item into
 * it; no list of a configuration takes an empty item, which the schema refuses at its place). */
export function render(value: Tree, choices: number[]): string {
  let next = 0;
  const choose = (n: number) => (choices[next++ % choices.length] as number) % n;
  /** A key is written so that it reads back as the string it is: `01` would be the number 1,
   * the same key as "1" (refused by js-yaml as a repeat, kept twice by the package). */
  const keyText = (k: string): string => {
    const written = text(k);
    return written === k && plainScalar(k) !== k ? JSON.stringify(k) : written;
  };
  const text = (v: Tree): string => {
    if (typeof v !== "string") return String(v);
    const style = choose(4);
    if (style === 0) return `'${v.replace(/'/g, "''")}'`;
    // Written plain only as a careful writer would: text starting with an indicator (`*a`, `&a`,
    // `? a`), or holding ": ", " #" or a flow indicator, means something else in YAML, where the
    // libraries do not always agree (the random text below covers it).
    if (style === 1 || !PLAIN_SAFE.test(v) || v === "<<") return JSON.stringify(v);
    return v;
  };
  const comment = () => (choose(5) === 0 ? " # note" : "");
  const gap = () => ["", "", "", "\n", "\n# remark\n", "\n   # indented remark\n"][choose(6)];
  const flow = (v: Tree): string => {
    if (Array.isArray(v)) return `[${v.map(flow).join(choose(2) ? ", " : ",")}]`;
    if (v !== null && typeof v === "object") {
      const pairs = Object.entries(v).map(([k, item]) => `${keyText(k)}: ${flow(item)}`);
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
          if (!isCollection(item) || choose(4) === 0 || (Array.isArray(item) && item.includes(null)))
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
          const head = `${pad}${keyText(k)}${choose(6) === 0 ? " " : ""}:`;
          if (item === null && choose(2)) return `${head}${comment()}${gap()}`;
          if (!isCollection(item) || choose(4) === 0 || (Array.isArray(item) && item.includes(null)))
            return `${head} ${flow(item)}${comment()}${gap()}`;
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
export function pathsIn(value: unknown, path: KeyPath = [], out: KeyPath[] = []): KeyPath[] {
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

/** Where the `yaml` package has the node at `path` (or its key): the reference. A path that goes
 * past what the file holds stops at the deepest node that exists; an empty value is at its key. */
export function referenceOffset(doc: Document.Parsed, path: KeyPath, target: "value" | "key"): number {
  const rangeStart = (node: unknown) => (node as { range?: number[] } | null)?.range?.[0];
  let node: unknown = doc.contents;
  let offset = rangeStart(node) ?? 0;
  for (const [index, segment] of path.entries()) {
    if (isAlias(node)) node = node.resolve(doc);
    let keyOffset: number | undefined;
    if (isMap(node)) {
      const pair = (node as YAMLMap).items.find((p: Pair) => keyText(p.key) === String(segment));
      if (pair === undefined) break;
      keyOffset = rangeStart(pair.key);
      node = pair.value;
    } else if (isSeq(node) && typeof segment === "number") {
      node = node.items[segment];
    } else {
      break;
    }
    if (target === "key" && index === path.length - 1 && keyOffset !== undefined) return keyOffset;
    offset = rangeStart(node) ?? keyOffset ?? offset;
  }
  return offset;
}

export function keyText(key: unknown): string | undefined {
  return isScalar(key) && key.value !== null && typeof key.value !== "object" ? String(key.value) : undefined;
}

/** The `yaml` package's reading of a whole file, as the reference is made from: its document, its
 * lines, and whether it read the file without error or warning. */
export function readWhole(text: string) {
  const lines = new LineCounter();
  const doc = parseDocument(text, {
    lineCounter: lines,
    prettyErrors: false,
    merge: true,
    logLevel: "error",
  });
  return { doc, lines, clean: doc.errors.length === 0 && doc.warnings.length === 0 };
}
