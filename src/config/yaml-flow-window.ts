// Where a key path's node is inside a flow collection (`[...]`, `{...}`), found from its brackets,
// quotes, commas and colons alone: a configuration written on one line, or as JSON, may be a
// single collection of megabytes, and the `yaml` package's reading of it all holds about 150
// times its size. Only the entry that holds the node is read (by yaml-positions.ts).
//
// What is not told this way gives up, and the caller reads more: a quoted scalar not closed, a
// collection not closed, a key other than a plain or quoted scalar on one line, an empty value.

import type { KeyPath } from "../model/desired.ts";
import {
  type Collection,
  collectionOf,
  entryNamed,
  keysUnread,
  type Narrowed,
  type Target,
} from "./yaml-narrowed.ts";
import {
  COLON,
  CR,
  closingQuote,
  DOUBLE,
  FLOW_END,
  HASH,
  has,
  keyOf,
  LF,
  Outside,
  quoted,
  SINGLE,
  SPACE,
  TAB,
} from "./yaml-plain-lexis.ts";

/** An entry of a flow collection: where it starts and ends (its last character's next); for a
 * mapping, its key as js-yaml names it (undefined when not read here) and where its value starts
 * (undefined when it has none); for a list, whether the item is a single pair (`[a: 1]`). */
interface FlowEntry {
  at: number;
  end: number;
  key?: string;
  value?: number;
  pair: boolean;
}

interface Flow extends Collection<FlowEntry> {
  /** Where its closing bracket is. */
  close: number;
}

const COMMA = 0x2c;
const OPENERS = "[{";
const CLOSERS = "]}";

export class FlowIndex {
  /** Each flow collection looked into, by where its bracket is; null: given up. */
  private readonly flows = new Map<number, Flow | null>();

  constructor(private readonly text: string) {}

  /** Where the node at `path` is, from the flow collection opened at `at`, which is the node at
   * `path`'s first `depth` segments; undefined when its text does not tell. */
  narrow(at: number, path: KeyPath, depth: number, target: Target): Narrowed | undefined {
    const { text } = this;
    let node = at;
    for (let d = depth; ; d++) {
      if (d === path.length) return { offset: node };
      const flow = this.flowAt(node);
      if (flow === null) return undefined;
      const segment = path[d] as string | number;
      const entry = entryNamed(flow, segment);
      if (entry === undefined) {
        // Past what the file holds: the deepest node that exists, unless a key was not read.
        return keysUnread(flow) ? undefined : { offset: node };
      }
      if (d === path.length - 1 && target === "key" && flow.kind === "map") return { offset: entry.at };
      const rest = path.slice(d + 1);
      // A single pair of a list (`[a: 1]`, `["a":1]`) is read where it is written: in a list.
      if (entry.pair)
        return { start: entry.at - 1, text: `[${text.slice(entry.at, entry.end)}]`, path: [0, ...rest] };
      const value = flow.kind === "map" ? entry.value : entry.at;
      if (value === undefined) return undefined;
      if (!OPENERS.includes(text[value] as string))
        return { start: value, text: text.slice(value, entry.end), path: rest };
      node = value;
    }
  }

  /** Whether the flow collection opened at `at` is a node of its own: closed, and followed on its
   * line by nothing but spaces and a comment. One followed by `:` is a key (`[a]: 1`). */
  isNode(at: number): boolean {
    const flow = this.flowAt(at);
    if (flow === null) return false;
    const { text } = this;
    let next = flow.close + 1;
    while (text.charCodeAt(next) === SPACE || text.charCodeAt(next) === TAB) next++;
    const code = text.charCodeAt(next);
    return next >= text.length || code === LF || code === CR || (code === HASH && next > flow.close + 1);
  }

  private flowAt(at: number): Flow | null {
    let flow = this.flows.get(at);
    if (flow === undefined) {
      flow = scanFlow(this.text, at);
      this.flows.set(at, flow);
    }
    return flow;
  }
}

/** The entries of the flow collection opened at `open`, or null when its text is not told. */
function scanFlow(text: string, open: number): Flow | null {
  const kind = text[open] === "[" ? "seq" : "map";
  const entries: FlowEntry[] = [];
  /** The entry being read: its first and last content characters, its key's last and its `:`. */
  let start = -1;
  let last = -1;
  let keyLast = -1;
  let colon = -1;
  let value = -1;
  let depth = 0;
  /** Whether a token may start here (after a space, a flow indicator): a `#` then opens a comment. */
  let tokenStart = true;
  /** Whether a node may start here (not inside a plain scalar, `a 'b` is text): a quote then opens
   * a quoted scalar. An anchor or a tag keeps it until the space after it (`&a "b"`). */
  let nodeStart = true;
  let inProperties = false;
  /** Whether the last token was a quoted scalar or a flow collection's end: a `:` right after it
   * is a value's (`"a":1`, `[a]:1`). */
  let jsonLike = false;
  const close = () => {
    if (start !== -1) entries.push(entryOf(text, kind, { start, end: last + 1, keyLast, colon, value }));
    start = last = keyLast = colon = value = -1;
  };
  for (let i = open + 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === SPACE || code === TAB || code === LF || code === CR) {
      tokenStart = true;
      inProperties = false;
      continue;
    }
    if (code === HASH && tokenStart) {
      i = lineEndOf(text, i) - 1;
      continue;
    }
    const char = text[i] as string;
    if (depth === 0 && (code === COMMA || CLOSERS.includes(char))) {
      close();
      if (code !== COMMA) return { ...collectionOf(kind, entries), close: i };
      tokenStart = nodeStart = true;
      continue;
    }
    if (start === -1) {
      // An explicit key (`? a`) is left to the reading of the collection.
      if (char === "?") return null;
      start = i;
    }
    if (colon !== -1 && value === -1 && depth === 0) value = i;
    if (nodeStart && (code === DOUBLE || code === SINGLE)) {
      i = closingQuote(text, i);
      if (i === -1) return null;
      last = i;
      tokenStart = nodeStart = false;
      jsonLike = true;
      continue;
    }
    // A `:` after a quoted scalar or a collection, or before a space or a flow indicator, is a value's.
    if (code === COLON && (jsonLike || isIndicatorColon(text, i))) {
      if (depth === 0 && colon === -1) {
        keyLast = last;
        colon = i;
      }
      tokenStart = nodeStart = true;
    } else {
      if (OPENERS.includes(char)) depth++;
      else if (CLOSERS.includes(char)) depth--;
      if (nodeStart && (char === "&" || char === "!")) inProperties = true;
      tokenStart = OPENERS.includes(char) || code === COMMA;
      nodeStart = tokenStart || inProperties;
      jsonLike = CLOSERS.includes(char);
    }
    last = i;
  }
  return null;
}

/** A `:` followed by a space, a tab, a line break, the end or a flow indicator. */
function isIndicatorColon(text: string, at: number): boolean {
  const next = text.charCodeAt(at + 1);
  return Number.isNaN(next) || next === TAB || next === LF || next === CR || has(FLOW_END, next);
}

function entryOf(
  text: string,
  kind: "seq" | "map",
  read: { start: number; end: number; keyLast: number; colon: number; value: number },
): FlowEntry {
  const { start, end, colon } = read;
  const value = read.value === -1 ? undefined : read.value;
  if (kind === "seq") return { at: start, end, pair: colon !== -1 };
  const keyEnd = colon === -1 ? end : read.keyLast + 1;
  return { at: start, end, key: keyText(text, start, keyEnd), value, pair: false };
}

/** The key written from `at` to `end` as js-yaml names it: a plain or quoted scalar on one line. */
function keyText(text: string, at: number, end: number): string | undefined {
  if (end <= at || /[\n\r]/.test(text.slice(at, end)) || "?&!*|>%@`-[{".includes(text[at] as string))
    return undefined;
  try {
    const first = text.charCodeAt(at);
    if ((first === DOUBLE || first === SINGLE) && quoted(text, at, end)[1] !== end) return undefined;
    return keyOf(text, at, end);
  } catch (error) {
    if (error instanceof Outside) return undefined;
    throw error;
  }
}

function lineEndOf(text: string, at: number): number {
  const lineBreak = text.indexOf("\n", at);
  return lineBreak === -1 ? text.length : lineBreak;
}
