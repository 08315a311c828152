// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are configuration text, with its interpolation syntax.
// The reader of the plain subset against js-yaml (with the configuration's schema): on generated
// files and on random lines of YAML's indicators, whenever the reader gives a value, js-yaml reads
// the file without error to the same value, the same types and the same order of keys; and the
// forms configurations are written in are read by the reader, not left to js-yaml.

import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import fc from "fast-check";
import { load } from "js-yaml";
import { describe, expect, it, vi } from "vitest";
import { givenUpWhereWritten, leftToJsYaml } from "../../src/config/yaml-plain-handover.ts";
import { OUTSIDE_SUBSET, readPlainSubset } from "../../src/config/yaml-plain-reader.ts";
import { CONFIG_SCHEMA, PlainInterpolation } from "../../src/config/yaml-schema.ts";

/** `value` as a string that tells apart what the reader and js-yaml could differ on: types, key
 * order, -0, NaN, plain interpolations, and which objects are one shared object (an alias). */
function shape(value: unknown): string {
  const met = new Map<object, number>();
  const walk = (v: unknown): unknown => {
    if (v !== null && typeof v === "object") {
      const first = met.get(v);
      if (first !== undefined) return { same: first };
      met.set(v, met.size);
    }
    if (v instanceof PlainInterpolation) return { plain: v.text };
    if (typeof v === "number") return { number: Object.is(v, -0) ? "-0" : String(v) };
    if (Array.isArray(v)) return { list: v.map(walk) };
    if (v !== null && typeof v === "object") {
      return { map: Object.entries(v).map(([key, item]) => [key, walk(item)]) };
    }
    return v;
  };
  return JSON.stringify(walk(value));
}

/** js-yaml's reading of `text`, or "refused". */
function jsYaml(text: string): string {
  try {
    return shape(load(text, { schema: CONFIG_SCHEMA }));
  } catch {
    return "refused";
  }
}

/** Whether the reader read `text`; when it did, its value must be js-yaml's. */
function readsAsJsYaml(text: string): boolean {
  const value = readPlainSubset(text);
  if (value === OUTSIDE_SUBSET) return false;
  expect({ text, value: shape(value) }).toEqual({ text, value: jsYaml(text) });
  return true;
}

const scalarText = fc.oneof(
  fc.constantFrom(
    ..."null Null ~ true FALSE 0 -0 007 0o17 0x1F -12 +3 1.50 .5 1e3 .inf -.Inf .nan 1_000 yes".split(" "),
    ...["a b", "a:b", "http://x.org/a?b=c", "a#b", "-a", "- a", "it's", "é 日本", "${VAR}", "x ${A:-1}"],
    ...["$${X}", "a: b", "a #b", "[a]", "{a}", "a, b", "<<", "__proto__", "&a", "*a", "!t", "|", ">"],
    ...["%x", "@a", "`a", "?a", ":a", "--- x", "...", "#x", " lead", "trail ", "a  b", '"q"', "'q'"],
  ),
  fc.string({ unit: fc.constantFrom(..."abz019 -_:#$/.'\"{}[],\\"), minLength: 1, maxLength: 8 }),
);

/** A scalar as written: plain, single quoted or double quoted (with an escape now and then). */
const written = fc.tuple(scalarText, fc.nat(5)).map(([text, style]) => {
  if (style === 0) return `'${text.replace(/'/g, "''")}'`;
  if (style === 1) return JSON.stringify(text);
  if (style === 2) return `"${text.replace(/[\\"]/g, "\\$&")}\\n\\t\\/"`;
  return text;
});

/** Where render() writes an anchor's `&name` (a new name) and an alias's `*name` (of an anchor
 * written before, whole). */
const ANCHOR = "\u0001";
const ALIAS = "\u0002";

/** A value in a flow collection: now and then anchored, or an alias. */
const flowItem = fc.tuple(written, fc.nat(5)).map(([text, kind]) => {
  if (kind === 0) return `${ANCHOR} ${text}`;
  return kind === 1 ? ALIAS : text;
});

const flowValue = fc.oneof(
  flowItem,
  fc.array(flowItem, { maxLength: 3 }).map((items) => `[${items.join(", ")}]`),
  fc
    .array(fc.tuple(written, flowItem), { maxLength: 3 })
    .map((pairs) => `{ ${pairs.map(([k, v]) => `${k}: ${v}`).join(", ")} }`),
);

type Node =
  | { alias: true }
  | { scalar: string }
  | { block: string[]; strip: boolean }
  | { list: Node[] }
  | { map: [string, Node][] };

const { node } = fc.letrec<{ node: Node }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    flowValue.map((scalar) => ({ scalar })),
    fc.constant({ alias: true as const }),
    fc
      .tuple(
        fc.array(fc.constantFrom("text", "  more", "", "# not a comment", "a: b"), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.boolean(),
      )
      .map(([block, strip]) => ({ block, strip })),
    fc.array(tie("node"), { minLength: 1, maxLength: 3 }).map((list) => ({ list })),
    fc.array(fc.tuple(written, tie("node")), { minLength: 1, maxLength: 3 }).map((map) => ({ map })),
  ),
}));

/** `root` as YAML, each choice of layout taken from `choices` in turn. */
function render(root: Node, choices: number[]): string {
  let next = 0;
  const choose = (n: number) => (choices[next++ % choices.length] as number) % n;
  const comment = () => [" # note", "", ""][choose(3)];
  const gap = () => ["", "", "\n", "\n# remark", "\n    # indented remark", "\n   "][choose(6)];
  // Anchors written whole, which an alias may name; none is named inside its own node.
  const anchors: string[] = [];
  let named = 0;
  const alias = () => (anchors.length === 0 ? "~" : `*${anchors[choose(anchors.length)]}`);
  const properties = (text: string) =>
    text.replace(/[\u0001\u0002]/g, (mark) => {
      if (mark === ALIAS) return alias();
      const name = `a${named++}`;
      anchors.push(name);
      return `&${name}`;
    });
  /** `n` after `head`, now and then anchored. */
  const anchored = (n: Node, indent: number, head: string): string => {
    // A node has one anchor, and an alias none.
    if ("alias" in n || ("scalar" in n && n.scalar.startsWith(ANCHOR)) || choose(5) !== 0) {
      return lines(n, indent, head);
    }
    const name = `a${named++}`;
    const text = lines(n, indent, `${head} &${name}`);
    anchors.push(name);
    return text;
  };
  /** `n` after `head` (a key and its `:`, or a `-`, at column `indent`). */
  const lines = (n: Node, indent: number, head: string): string => {
    if ("alias" in n) return `${head} ${alias()}${comment()}`;
    if ("scalar" in n) return `${head} ${properties(n.scalar)}${comment()}`;
    if ("block" in n) {
      const inner = " ".repeat(indent + 1 + choose(3));
      const body = n.block.map((l) => (l === "" ? "" : inner + l)).join("\n");
      return `${head} |${n.strip ? "-" : ""}${comment()}\n${body}`;
    }
    const deeper = indent < 0 ? 0 : indent + 1 + choose(3);
    const pad = " ".repeat(deeper);
    const items =
      "list" in n
        ? n.list.map((item) => anchored(item, deeper, `${pad}-`))
        : n.map.map(([key, item]) => anchored(item, deeper, `${pad}${key}:`));
    const body = items.map((item) => item + gap()).join("\n");
    if (indent < 0) return body;
    // A mapping may start on its entry's line (`- key: value`).
    if (head.trim() === "-" && "map" in n && deeper === indent + 2 && choose(2) === 0) {
      return `${head} ${body.trimStart()}`;
    }
    return `${head}${comment()}\n${body}`;
  };
  const top = "list" in root || "map" in root ? root : { map: [["key", root]] as [string, Node][] };
  return `${choose(3) === 0 ? "# heading\n" : ""}${lines(top, -1, "")}\n`;
}

describe("the reader of the plain subset", () => {
  it("reads generated files as js-yaml does, with LF or CRLF, or leaves them to it", () => {
    let read = 0;
    let aliased = 0;
    fc.assert(
      fc.property(node, fc.array(fc.nat(99), { minLength: 1, maxLength: 40 }), (root, choices) => {
        const text = render(root, choices);
        for (const form of [text, text.replace(/\n/g, "\r\n")]) {
          if (!readsAsJsYaml(form)) continue;
          read++;
          if (/\*a\d/.test(form)) aliased++;
        }
      }),
      // A fixed seed: the counts below vary from one draw to another (aliased files from 40 to 70).
      { numRuns: 3000, seed: 20261128 },
    );
    // Most of them are in the subset: the comparison is of values, not of giving up.
    expect(read).toBeGreaterThan(1500);
    // Aliases among them, of anchors in block and flow collections (about one in seven files
    // with an alias is read: js-yaml refuses most of the others too).
    expect(aliased).toBeGreaterThan(40);
  });

  it("reads random lines of YAML's indicators as js-yaml does, or leaves them to it", () => {
    let read = 0;
    const fragment = fc.string({ unit: fc.constantFrom(..."  ab1-:#'\"{}[],$&*!|>?\\"), maxLength: 10 });
    const line = fc
      .tuple(fc.nat(4), fc.constantFrom("", "- ", "k: ", "- k: ", "k:", "-", "k: |", "- |-"), fragment)
      .map(([indent, lead, rest]) => `${" ".repeat(indent)}${lead}${rest}`);
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), fc.boolean(), (lines, crlf) => {
        if (readsAsJsYaml(lines.join(crlf ? "\r\n" : "\n"))) read++;
      }),
      { numRuns: 20_000, seed: 20261128 },
    );
    expect(read).toBeGreaterThan(100);
  });

  it("reads the forms of a configuration itself", () => {
    const text = [
      "# yaml-language-server: $schema=../../schemas/docsync.schema.json",
      "version: 1 # the only version",
      "organization: ${DOCSYNC_ORG:-org_acme}",
      "spaces:",
      "  guides: spc_1",
      "",
      "samlProviders:",
      "  - label: Okta",
      "    certificate: |",
      "      -----BEGIN CERTIFICATE-----",
      "      MIIBfake",
      "      -----END CERTIFICATE-----",
      "sites:",
      "  - title: Docs",
      "    sections:",
      "    - path: a",
      "      siteSpaces: [{ space: guides, path: v1, default: true }]",
      "    redirects:",
      "      -   source: /old",
      "          to: { section: a }",
      "      - source: '/it''s'",
      '        destination: { kind: url, url: "https://example.com/${PATH}" }',
      "      - source: /docs",
      "        destination: { kind: external, url: https://handbook.acme.example/handbook }",
      "    customFields:",
      "      plan: { type: string, description: The visitor's plan }",
    ].join("\n");
    for (const form of [text, text.replace(/\n/g, "\r\n")]) expect(readsAsJsYaml(form)).toBe(true);
  });

  it("reads anchors and aliases: an alias is its anchor's value itself", () => {
    const text = [
      "policy: &p { maxDestroy: 1 }",
      "teams:",
      "  - &t",
      "    title: Docs",
      "  - *t",
      "  - [*p, &q x, *q]",
      "sites: &s",
      "- title: &title Home",
      "others: [*s, *title] # note",
    ].join("\n");
    const value = readPlainSubset(text) as Record<string, unknown[][]>;
    const { teams = [], others = [] } = value;
    expect(value).toEqual({
      policy: { maxDestroy: 1 },
      teams: [{ title: "Docs" }, { title: "Docs" }, [{ maxDestroy: 1 }, "x", "x"]],
      sites: [{ title: "Home" }],
      others: [[{ title: "Home" }], "Home"],
    });
    expect(teams[1]).toBe(teams[0]);
    expect(teams[2]?.[0]).toBe(value.policy);
    expect(others[0]).toBe(value.sites);
    expect(readsAsJsYaml(text)).toBe(true);
  });

  it("reads a flow collection closed after a comma as js-yaml does, and leaves an empty entry to it", () => {
    // Given up at the closing bracket, a one-line mapping of 600,000 keys was read twice over.
    for (const text of [
      "a: [1, ]\n",
      "a: [1,]\n",
      "a: {b: 1, }\n",
      "a: {b: 1 ,}\n",
      "a: [[1], {b: 2}, ]\n",
      "a: {b: [1, ], c: {d: 1, }, }\n",
      "- [x, ]\n",
    ]) {
      expect({ text, read: readsAsJsYaml(text) }).toEqual({ text, read: true });
    }
    for (const text of ["a: [1, , 2]\n", "a: [, ]\n", "a: {, }\n", "a: [1,,]\n", "a: [,]\n"]) {
      expect({ text, value: readPlainSubset(text), jsYaml: jsYaml(text) }).toEqual({
        text,
        value: OUTSIDE_SUBSET,
        jsYaml: "refused",
      });
    }
  });

  it("leaves to js-yaml what it does not read: merge keys, repeated keys, tabs, documents, and anchors it names otherwise", () => {
    for (const text of [
      "a: &x [*x]\n",
      "a: &x\n  b: *x\n",
      "a: *x\n",
      "a: [*x]\n",
      "a: &x 1\nb: &x 2\n",
      "a: [&x 1, &x 2]\n",
      "- &x k: v\n",
      "a: &x &y 1\n",
      "a: &x 1\nb: &y *x\n",
      "a: &x.y 1\nb: *x.y\n",
      "a: &x 1\nb: *x:\n",
      "a: [&x]\n",
      "a: [&x, 1]\n",
      "a: &x 1\nb: [*x: 1]\n",
      "<<: { a: 1 }\nb: 2\n",
      // Any `<<`, that a merge key written late is not found after megabytes read for nothing.
      "a: x << y\n",
      "a: 1\na: 2\n",
      "a: { b: 1, b: 2 }\n",
      "1: a\n0x1: b\n",
      "a:\tb\n",
      "a: 1\n---\nb: 2\n",
      "a: !!str 1\n",
      "a: b\n  c\n",
      "a: >\n  folded\n",
      'a: "line\n  two"\n',
      "a: '\\e'\nb: \"\\e\"\n",
      "__proto__: 1\n",
      "",
      "# only a comment\n",
      "just a scalar\n",
    ]) {
      expect({ text, value: readPlainSubset(text) }).toEqual({ text, value: OUTSIDE_SUBSET });
    }
  });

  it("leaves a file to js-yaml before reading it when it holds a tag, an explicit key, an anchor before a key, an alias inside its anchor or a quoted scalar over lines", () => {
    const long = `a:\n${"  k: 1\n".repeat(3)}`;
    for (const late of [
      "  z: !!str 1\n",
      "  &a z: 1\n",
      '  z: "a\n    b"\n',
      "  z: 'a\n    b'\n",
      "  - [!x 1]\n",
      "  z: &t [*t]\n",
      "  z: &t\n    # note\n\n    y: [1, *t]\n",
      "  ? z\n  : 1\n",
      "  z: [? y]\n",
    ]) {
      expect({ late, early: givenUpWhereWritten(long + late) }).toEqual({ late, early: true });
      expect(readPlainSubset(long + late)).toBe(OUTSIDE_SUBSET);
    }
    // Where YAML does not read them as indicators, `!`, `&` and quotes leave the file to the reader.
    const ordinary = [
      'url: "https://example.com/a?b=1&c=2!"\n',
      "title: Hello! & welcome\n",
      "title: it's 'here'\n",
      "a: &x 1\nb: *x\nc: &y { d: 1 }\n",
      "a: &x\n  b: 1\nc: *x\nd:\n  - &y [1]\n  - *y\n",
      'a: ["x, y", "z"]\n',
      "a: 'it''s'\n",
      'a: "say \\"hi\\""\n',
    ];
    // Mappings nested past what the reader reads, one indented 50 spaces or more: js-yaml refuses
    // them where they go too deep, and the reader would read the whole file before giving up.
    const deep = Array.from({ length: 60 }, (_, d) => `${" ".repeat(d)}a${d}:`).join("\n");
    expect(leftToJsYaml(`${long}${deep} 1\n`)).toBe(true);
    expect(leftToJsYaml(`${long}${" ".repeat(49)}- x\n`)).toBe(false);
    // A question mark that opens no explicit key is the reader's to refuse or read.
    expect(givenUpWhereWritten("a: ?x\nb: [?y, a?]\n")).toBe(false);
    for (const text of ordinary) {
      expect({ text, early: givenUpWhereWritten(text) }).toEqual({ text, early: false });
      expect(readPlainSubset(text)).not.toBe(OUTSIDE_SUBSET);
    }
  });
});

describe("the look for what leaves a file to js-yaml", () => {
  it("finds each line's end once, however many quoted scalars the line holds", () => {
    // A JSON document on one line: before, each of its quotes had the line's end looked for.
    const json = JSON.stringify({ teams: Array.from({ length: 2_000 }, (_, n) => ({ title: `t${n}` })) });
    const indexOf = vi.spyOn(String.prototype, "indexOf");
    try {
      expect(givenUpWhereWritten(`${json}\n`)).toBe(false);
      expect(indexOf.mock.calls.filter(([searched]) => searched === "\n").length).toBeLessThanOrEqual(2);
    } finally {
      indexOf.mockRestore();
    }
    // The line's end is still each quote's own: an unclosed quote is found on any line.
    expect(givenUpWhereWritten(`${json}\nb: ["x", "y\n  z"]\n`)).toBe(true);
    expect(givenUpWhereWritten(`a: ["x", "y"]\nb: ["x", "y\n  z"]\n`)).toBe(true);
    expect(givenUpWhereWritten(`a: ["x", "y"]\nb: ["x", "y"]`)).toBe(false);
  });
});

describe("what the reader's value holds", () => {
  /** The bytes of heap that reading `text` leaves held, per `count` (of lines, of lists), after a
   * full collection before and after. */
  function heldPer(text: string, count: number): number {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    gc();
    const before = getHeapStatistics().used_heap_size;
    const value = readPlainSubset(text);
    gc();
    const held = getHeapStatistics().used_heap_size - before;
    expect(value).not.toBe(OUTSIDE_SUBSET);
    return held / count;
  }

  it("is a list of its own size for each list: short lists hold no room for more items", () => {
    // A list grown item by item holds room for 17: 272 bytes a line here, 194 a list below.
    const count = 30_000;
    const chain = ["policy:", "  k0: &a0 [1]"];
    for (let n = 1; n < count; n++) chain.push(`  k${n}: &a${n} [*a${n - 1}]`);
    expect(heldPer(chain.join("\n"), count)).toBeLessThan(200);
    const lists = `teams: [${Array.from({ length: count }, (_, n) => `[${n}]`).join(", ")}]\n`;
    expect(heldPer(lists, count)).toBeLessThan(120);
  });
});
