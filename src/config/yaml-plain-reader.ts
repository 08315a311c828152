// A reader of the plain subset of YAML that configuration files are written in: block mappings and
// sequences, plain and quoted scalars on one line, flow mappings and sequences on one line, literal
// block scalars (`|`, `|-`), anchors and aliases of values (yaml-plain-lexis.ts) and comments. It
// reads a file of 100,000 redirects two to three times faster than js-yaml, in one pass over the
// text's characters. Repeated keys, which js-yaml refuses, it places itself (yaml-plain-repeats.ts).
// Anything else (tags, merge keys, anchors of keys, aliases
// inside their own anchor's node, multi-line plain or quoted scalars, documents, directives, tabs,
// most escapes) makes it give up, and js-yaml reads the file: it gives up wherever js-yaml could read differently
// or refuse, so a value it gives is js-yaml's (test/config/yaml-plain-reader.test.ts checks this on
// generated files). The text holds no control character: the loader refuses those before reading
// (control-characters.ts).

import { FlowReader } from "./yaml-plain-flow.ts";
import { leftToJsYaml } from "./yaml-plain-handover.ts";
import {
  AMPERSAND,
  Anchors,
  COLON,
  CR,
  DASH,
  DOUBLE,
  HASH,
  has,
  INDICATOR,
  keyEnd,
  keyOf,
  LF,
  ListItems,
  MAX_DEPTH,
  nameEnd,
  Outside,
  outside,
  plainValue,
  quoted,
  SINGLE,
  SPACE,
  STAR,
  wordAfterDash,
} from "./yaml-plain-lexis.ts";
import { literalBlock } from "./yaml-plain-literal.ts";
import { KeyTrail, type RepeatedKey } from "./yaml-plain-repeats.ts";

/** What readPlainSubset gives for a file outside the subset: js-yaml reads it. */
export const OUTSIDE_SUBSET = Symbol("outside the plain subset");

/** The value of `text` as js-yaml reads it with CONFIG_SCHEMA, or OUTSIDE_SUBSET (also for a file
 * js-yaml refuses for its repeated keys). */
export function readPlainSubset(text: string): unknown {
  const read = readPlainDocument(text);
  return read === OUTSIDE_SUBSET || read.repeats > 0 ? OUTSIDE_SUBSET : read.value;
}

/** A file the plain reader read whole. */
export interface PlainDocument {
  /** js-yaml's value of the file; no value when a key is repeated. */
  value: unknown;
  /** Whether an alias was read in it. */
  aliased: boolean;
  /** The keys written again in their mapping, which js-yaml refuses: the first placed, and how many. */
  repeated: RepeatedKey[];
  repeats: number;
}

/** The file as js-yaml reads it (plainDocument), or OUTSIDE_SUBSET. */
export function readPlainDocument(text: string): PlainDocument | typeof OUTSIDE_SUBSET {
  if (leftToJsYaml(text)) return OUTSIDE_SUBSET;
  const anchors = new Anchors();
  const trail = new KeyTrail(text);
  try {
    const value = new Reader(text, anchors, trail).document();
    const { repeated, repeats } = trail;
    return { value: repeats > 0 ? undefined : value, aliased: anchors.used, repeated, repeats };
  } catch (error) {
    if (error instanceof Outside) return OUTSIDE_SUBSET;
    throw error;
  }
}

class Reader {
  /** Where the current line starts. */
  private pos = 0;
  /** The current line: its content's column and offset, where it ends (before its line break),
   * and where the next line starts. */
  private col = 0;
  private start = 0;
  private end = 0;
  private next = 0;
  /** The current line's content was set to start after a sequence entry's `- `. */
  private entryContent = false;

  constructor(
    private readonly text: string,
    private readonly anchors: Anchors,
    private readonly trail: KeyTrail,
  ) {}

  /** The items of the lists being read. */
  private readonly lists = new ListItems();

  document(): unknown {
    if (!this.nextContent() || this.col !== 0) outside();
    const value = this.blockNode(0, 0);
    if (this.nextContent()) outside();
    return value;
  }

  /** Moves to the next line with content (not blank, not only a comment); false at the end. */
  private nextContent(): boolean {
    if (this.entryContent) return true;
    const { text } = this;
    for (let line = this.pos; line < text.length; ) {
      let at = line;
      while (this.text.charCodeAt(at) === SPACE) at++;
      let lineBreak = text.indexOf("\n", at);
      if (lineBreak === -1) lineBreak = text.length;
      const first = this.text.charCodeAt(at);
      if (first === LF || first === CR || first === HASH || at === text.length) {
        line = lineBreak + 1;
        continue;
      }
      // Document markers and directives.
      if (at === line && (text.startsWith("---", at) || text.startsWith("...", at) || first === 0x25)) {
        outside();
      }
      this.pos = line;
      this.col = at - line;
      this.start = at;
      this.end = this.text.charCodeAt(lineBreak - 1) === CR ? lineBreak - 1 : lineBreak;
      this.next = lineBreak + 1;
      return true;
    }
    this.pos = text.length;
    return false;
  }

  /** The node whose first line is the current one, at column `indent`. */
  private blockNode(indent: number, depth: number): unknown {
    if (depth > MAX_DEPTH) outside();
    if (this.isEntry(this.start)) return this.sequence(indent, depth);
    if (keyEnd(this.text, this.start, this.end) !== -1) return this.mapping(indent, depth);
    return outside();
  }

  /** Whether a sequence entry starts at `at`: `-` alone or followed by a space. */
  private isEntry(at: number): boolean {
    return (
      this.text.charCodeAt(at) === DASH && (at + 1 === this.end || this.text.charCodeAt(at + 1) === SPACE)
    );
  }

  private skipSpaces(at: number): number {
    let to = at;
    while (this.text.charCodeAt(to) === SPACE) to++;
    return to;
  }

  private sequence(indent: number, depth: number): unknown[] {
    const mark = this.lists.mark;
    while (this.nextContent()) {
      if (this.col < indent) break;
      if (this.col > indent) outside();
      if (!this.isEntry(this.start)) break;
      const at = this.skipSpaces(this.start + 1);
      const entry = (from: number) => this.entry(from, indent, depth);
      this.trail.path.push(this.lists.mark - mark);
      this.lists.push(this.text.charCodeAt(at) === AMPERSAND ? this.anchored(at, entry) : entry(at));
      this.trail.path.pop();
    }
    return this.lists.take(mark);
  }

  /** The value of a sequence entry written from `at`, after its `- `. */
  private entry(at: number, indent: number, depth: number): unknown {
    if (at >= this.end || this.text.charCodeAt(at) === HASH) {
      this.pos = this.next;
      const item = this.nested(indent, depth, false);
      // After an empty entry, js-yaml reads an entry of a list less indented into this one.
      if (item === null && this.nextContent() && this.col < indent && this.isEntry(this.start)) outside();
      return item;
    }
    if (this.isEntry(at)) outside();
    if (keyEnd(this.text, at, this.end) !== -1) {
      // `- key: value`: a mapping whose keys line up after the `- `.
      this.entryContent = true;
      this.col = at - this.pos;
      this.start = at;
      return this.mapping(this.col, depth + 1);
    }
    return this.inline(at, indent, depth);
  }

  /** The value after the anchor written at `at` (`&name value`, or `&name` and the lines below),
   * read by `read` from where it starts, and defined as the anchor's once read whole. */
  private anchored(at: number, read: (from: number) => unknown): unknown {
    const end = nameEnd(this.text, at, this.end, false);
    const from = this.skipSpaces(end);
    if (from < this.end) {
      const first = this.text.charCodeAt(from);
      // An anchor before a key names the key; a node has one anchor, and not also an alias.
      if (first === AMPERSAND || first === STAR || keyEnd(this.text, from, this.end) !== -1) outside();
    }
    const name = this.text.slice(at + 1, end);
    const value = read(from);
    this.anchors.define(name, value);
    return value;
  }

  private mapping(indent: number, depth: number): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    const keys = this.trail.mark;
    while (this.nextContent()) {
      this.entryContent = false;
      if (this.col < indent) break;
      if (this.col > indent) outside();
      if (this.isEntry(this.start)) break;
      const colon = keyEnd(this.text, this.start, this.end);
      if (colon === -1) outside();
      const key = keyOf(this.text, this.start, colon);
      this.trail.key(key, this.start, keys, !Object.hasOwn(result, key));
      const at = this.skipSpaces(colon + 1);
      const value = (from: number) => this.keyValue(from, indent, depth);
      this.trail.path.push(key);
      result[key] = this.text.charCodeAt(at) === AMPERSAND ? this.anchored(at, value) : value(at);
      this.trail.path.pop();
    }
    this.trail.close(keys);
    return result;
  }

  /** The value of a key of a mapping at `indent`, written from `at`, after its `: `. */
  private keyValue(at: number, indent: number, depth: number): unknown {
    if (at < this.end && this.text.charCodeAt(at) !== HASH) return this.inline(at, indent, depth);
    this.pos = this.next;
    return this.nested(indent, depth, true);
  }

  /** The value of a key or an entry with nothing after it on its line: the lines below, deeper
   * (or, for a key, a sequence at the key's column), or null. */
  private nested(indent: number, depth: number, sequenceAtIndent: boolean): unknown {
    if (!this.nextContent()) return null;
    if (this.col > indent) return this.blockNode(this.col, depth + 1);
    if (this.col === indent && sequenceAtIndent && this.isEntry(this.start)) {
      return this.sequence(indent, depth + 1);
    }
    return null;
  }

  /** A value written at `at` on the current line after a key or a `- `; the line is read. */
  private inline(at: number, indent: number, depth: number): unknown {
    const { end } = this;
    const first = this.text.charCodeAt(at);
    if (first === 0x7c) return this.literal(at, indent);
    this.pos = this.next;
    if (first === STAR) {
      const nameStop = nameEnd(this.text, at, end, false);
      this.endOfLine(nameStop, end);
      return this.anchors.value(this.text.slice(at + 1, nameStop));
    }
    if (first === 0x7b || first === 0x5b) {
      const flow = new FlowReader(this.text, at, end, this.anchors, this.lists, this.trail);
      const value = flow.node(depth + 1);
      this.endOfLine(flow.at, end);
      return value;
    }
    if (first === DOUBLE || first === SINGLE) {
      const [value, after] = quoted(this.text, at, end);
      this.endOfLine(after, end);
      return value;
    }
    if (has(INDICATOR, first) && !(first === DASH && wordAfterDash(this.text.charCodeAt(at + 1)))) outside();
    let stop = end;
    for (let i = at; i < end; i++) {
      const code = this.text.charCodeAt(i);
      // `key: a: b` is refused by js-yaml; `a:` at the end would start a mapping.
      if (code === COLON && (i + 1 === end || this.text.charCodeAt(i + 1) === SPACE)) outside();
      if (code === SPACE && this.text.charCodeAt(i + 1) === HASH) {
        stop = i;
        break;
      }
    }
    while (this.text.charCodeAt(stop - 1) === SPACE) stop--;
    return plainValue(this.text.slice(at, stop));
  }

  /** After a value ending at `at`, only spaces and a comment may follow on the line. */
  private endOfLine(at: number, end: number): void {
    const after = this.skipSpaces(at);
    if (after < end && !(after > at && this.text.charCodeAt(after) === HASH)) outside();
  }

  /** A literal block scalar whose header `|` or `|-` is at `at`: one line break is kept at its end,
   * or none. */
  private literal(at: number, indent: number): string {
    const strip = this.text.charCodeAt(at + 1) === DASH;
    this.endOfLine(strip ? at + 2 : at + 1, this.end);
    const [value, after] = literalBlock(this.text, this.next, indent);
    this.pos = after;
    return strip ? value : `${value}\n`;
  }
}
