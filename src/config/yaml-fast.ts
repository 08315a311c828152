// A fast reader for the part of YAML that configuration files use: block mappings and lists,
// single-line plain and quoted scalars, single-line flow collections and comments. It builds the
// plain value and a compact position index (yaml-index.ts) in one pass, with no document tree.
// For anything else (anchors, aliases, tags, block scalars, multi-line scalars, several
// documents, tabs, duplicate keys, any syntax error) it gives up, and the caller reads the file
// with the `yaml` package, whose result on the files accepted here is the same (see
// test/config/yaml-fast.test.ts).

import { lineStartsOf, MAP, PositionIndex, SCALAR, SEQ } from "./yaml-index.ts";
import type { KeyPath } from "./yaml-positions.ts";
import { readQuoted, resolvePlain } from "./yaml-scalars.ts";

/** A string value that interpolation looks at: it holds a `$` or sits under a watched key. */
export interface StringSite {
  holder: Record<string, unknown> | unknown[];
  key: string | number;
  path: KeyPath;
  /** A plain (unquoted) scalar. */
  plain: boolean;
}

export interface FastParse {
  value: unknown;
  positions: PositionIndex;
  strings: StringSite[];
}

/** Characters the fast reader leaves to the `yaml` package wherever they appear. */
const NOT_HANDLED = /[\0-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff\t\r]/;
/** Characters that cannot start a plain scalar here (indicators, or rarely used forms). */
const NOT_PLAIN_START = new Set([..."?:,[]{}#&*!|>'\"%@`"]);
const FLOW_INDICATORS = new Set([..."[]{},"]);
/** The `yaml` package refuses longer implicit keys; such a file is left to it. */
const MAX_KEY_LENGTH = 1000;
/** Strings up to this length are shared (see `shared`), in at most this many slots. */
const SHARED_LENGTH = 24;
const SHARED_SLOTS = 4096;

class GiveUp extends Error {}

const giveUp = (): never => {
  throw new GiveUp();
};

/** The file's value and positions, or undefined when the file is not in the handled subset. */
export function parseFast(text: string, watchedKeys: ReadonlySet<string>): FastParse | undefined {
  if (NOT_HANDLED.test(text)) return undefined;
  try {
    return new FastParser(text, watchedKeys).parse();
  } catch (error) {
    if (error instanceof GiveUp || error instanceof RangeError) return undefined;
    throw error;
  }
}

class FastParser {
  private readonly lineStarts: Int32Array;
  private readonly positions: PositionIndex;
  private readonly strings: StringSite[] = [];
  private readonly path: KeyPath = [];
  /** The current line, its start, its end (its newline or the end of the text) and indentation. */
  private line = 0;
  private start = 0;
  private end = 0;
  private indent = 0;
  /** Set by `plainEnd` and `keyAt`. */
  private stop = 0;
  private colon = 0;
  private readonly sharedStrings = new Map<number, string>();

  constructor(
    private readonly text: string,
    private readonly watchedKeys: ReadonlySet<string>,
  ) {
    this.lineStarts = lineStartsOf(text);
    // About one node a line; the index grows when there are more.
    this.positions = new PositionIndex(this.lineStarts, this.lineStarts.length);
  }

  parse(): FastParse {
    if (!this.nextContent(0)) giveUp();
    const holder: unknown[] = [];
    this.node(this.start + this.indent, holder, 0, undefined, -1, true);
    if (this.nextContent(this.line + 1)) giveUp();
    this.positions.trim();
    return { value: holder[0], positions: this.positions, strings: this.strings };
  }

  /** Moves to the first line from `line` on holding more than spaces and a comment; false at the end. */
  private nextContent(line: number): boolean {
    const { text, lineStarts } = this;
    for (; line < lineStarts.length; line++) {
      const start = lineStarts[line] as number;
      const end = line + 1 < lineStarts.length ? (lineStarts[line + 1] as number) - 1 : text.length;
      let at = start;
      while (at < end && text.charCodeAt(at) === 0x20) at++;
      if (at === end || text[at] === "#") continue;
      // Document markers and directives: several documents, or a document with options.
      if (
        at === start &&
        (/^(?:---|\.\.\.)(?: |$)/.test(text.slice(at, Math.min(at + 4, end))) || text[at] === "%")
      )
        giveUp();
      this.line = line;
      this.start = start;
      this.end = end;
      this.indent = at - start;
      return true;
    }
    this.line = lineStarts.length;
    return false;
  }

  /**
   * Reads the node at `at` on the current line into `holder[key]`. `mapping`: a block mapping may start here (at the start of a line or after
   * "- "), rather than after a key on the same line. Leaves the current line at the node's last.
   */
  private node(
    at: number,
    holder: Record<string, unknown> | unknown[],
    key: string | number,
    keyText: string | undefined,
    keyOffset: number,
    mapping: boolean,
  ): void {
    const { text } = this;
    const c = text[at] as string;
    const column = at - this.start;
    if (mapping && c === "-" && this.isBlank(at + 1)) {
      const id = this.positions.open(SEQ, at, keyText, keyOffset);
      (holder as Record<string | number, unknown>)[key] = this.sequence(column);
      this.positions.close(id);
      return;
    }
    if (mapping) {
      const first = this.keyAt(at);
      if (first !== undefined) {
        const id = this.positions.open(MAP, at, keyText, keyOffset);
        (holder as Record<string | number, unknown>)[key] = this.mapping(column, first, this.colon);
        this.positions.close(id);
        return;
      }
    }
    if (c === "[" || c === "{") {
      const id = this.positions.open(c === "[" ? SEQ : MAP, at, keyText, keyOffset);
      const next = this.flow(at, holder, key);
      this.positions.close(id);
      this.endOfLine(next);
      return;
    }
    this.positions.open(SCALAR, at, keyText, keyOffset);
    if (c === '"' || c === "'") {
      const quoted = readQuoted(text, at, this.end) ?? giveUp();
      this.endOfLine(quoted.next);
      this.setString(holder, key, quoted.value, false);
      return;
    }
    const end = this.plainEnd(at, false);
    // A ": " inside the value would start a mapping where none may start.
    if (text[this.stop] === ":") giveUp();
    this.endOfLine(end);
    this.setPlain(holder, key, this.shared(at, end));
  }

  /** A block list whose "-" are at `column`; the current line holds its first "-". */
  private sequence(column: number): unknown[] {
    const list: unknown[] = [];
    for (;;) {
      const dash = this.start + column;
      this.path.push(list.length);
      this.entryValue(dash + 1, column, list, list.length, undefined, -1, true);
      this.path.pop();
      const last = this.line;
      const found = this.nextContent(last + 1);
      if (found && this.indent > column) giveUp();
      if (!found || this.indent < column || !this.isDash(this.start + column)) {
        // The line is the parent's: leave the current line at the list's last.
        this.nextContent(last);
        return list;
      }
    }
  }

  /** A block mapping whose keys are at `column`; `first` is the key on the current line, its ":" at `colon`. */
  private mapping(column: number, first: string, colon: number): Record<string, unknown> {
    const map: Record<string, unknown> = {};
    let key = first;
    for (;;) {
      const keyOffset = this.start + column;
      if (key === "__proto__" || Object.hasOwn(map, key)) giveUp();
      this.path.push(key);
      this.entryValue(colon + 1, column, map, key, key, keyOffset, false);
      this.path.pop();
      const last = this.line;
      const found = this.nextContent(last + 1);
      if (found && this.indent > column) giveUp();
      if (!found || this.indent < column) {
        this.nextContent(last);
        return map;
      }
      key = this.keyAt(this.start + column) ?? giveUp();
      colon = this.colon;
    }
  }

  /**
   * The value after a key's ":" or a list's "-" at `after`: on the same line, on the lines
   * below (indented more, or for a mapping's value also a list at the key's indentation), or
   * empty (null, placed where the `yaml` package places an empty value).
   */
  private entryValue(
    after: number,
    column: number,
    holder: Record<string, unknown> | unknown[],
    key: string | number,
    keyText: string | undefined,
    keyOffset: number,
    inList: boolean,
  ): void {
    const { text } = this;
    let at = after;
    while (at < this.end && text.charCodeAt(at) === 0x20) at++;
    if (at < this.end && text[at] !== "#") {
      // After "- " a mapping or another list may start on the same line; after "key: " not.
      this.node(at, holder, key, keyText, keyOffset, inList);
      return;
    }
    const emptyAt = at;
    const line = this.line;
    const found = this.nextContent(line + 1);
    if (
      found &&
      (this.indent > column || (!inList && this.indent === column && this.isDash(this.start + column)))
    ) {
      this.node(this.start + this.indent, holder, key, keyText, keyOffset, true);
      return;
    }
    // Nothing below: go back to the line of the key, the caller moves on from there.
    this.nextContent(line);
    this.positions.open(SCALAR, emptyAt, keyText, keyOffset);
    (holder as Record<string | number, unknown>)[key] = null;
  }

  /** The key of a block mapping entry starting at `at` (its ":" then in `this.colon`). */
  private keyAt(at: number): string | undefined {
    const { text } = this;
    const c = text[at] as string;
    if (c === '"' || c === "'") {
      const quoted = readQuoted(text, at, this.end);
      if (quoted === undefined) return undefined;
      let next = quoted.next;
      while (text.charCodeAt(next) === 0x20 && next < this.end) next++;
      if (text[next] !== ":" || !this.isBlank(next + 1)) return undefined;
      if (next - at > MAX_KEY_LENGTH) giveUp();
      this.colon = next;
      return quoted.value;
    }
    if (NOT_PLAIN_START.has(c) || (c === "-" && this.isBlank(at + 1))) return undefined;
    const end = this.plainEnd(at, false);
    if (text[this.stop] !== ":") return undefined;
    if (this.stop - at > MAX_KEY_LENGTH) giveUp();
    this.colon = this.stop;
    const source = this.shared(at, end);
    // Keys that are not strings (numbers, null, booleans, the merge key) are left to the package.
    if (resolvePlain(source) !== source) giveUp();
    return source;
  }

  /**
   * Where a plain scalar starting at `at` ends, as the `yaml` package's lexer finds it: the
   * offset past its last character; `this.stop` is then at what ended it (": ", " #", a flow
   * indicator in a flow collection, or the end of the line).
   */
  private plainEnd(at: number, inFlow: boolean): number {
    const { text } = this;
    const c = text[at] as string;
    if (
      NOT_PLAIN_START.has(c) ||
      (c === "-" && (this.isBlank(at + 1) || (inFlow && FLOW_INDICATORS.has(text[at + 1] as string))))
    ) {
      giveUp();
    }
    let end = at + 1;
    let i = at + 1;
    for (; i < this.end; i++) {
      const ch = text[i] as string;
      if (ch === ":") {
        const next = text[i + 1];
        if (i + 1 >= this.end || next === " " || (inFlow && FLOW_INDICATORS.has(next as string))) break;
        end = i + 1;
      } else if (ch === " ") {
        const next = text[i + 1];
        if (next === "#" || (inFlow && FLOW_INDICATORS.has(next as string))) break;
      } else if (inFlow && FLOW_INDICATORS.has(ch)) {
        break;
      } else {
        end = i + 1;
      }
    }
    // Past the spaces that end it, so `stop` is what follows them.
    this.stop = this.skipSpaces(i);
    return end;
  }

  /** A flow collection starting at `at` ("[" or "{"), all on the current line; the offset past it. */
  private flow(at: number, holder: Record<string, unknown> | unknown[], key: string | number): number {
    const { text } = this;
    const isMap = text[at] === "{";
    const close = isMap ? "}" : "]";
    const collection: Record<string, unknown> | unknown[] = isMap ? {} : [];
    (holder as Record<string | number, unknown>)[key] = collection;
    let next = this.skipSpaces(at + 1);
    if (text[next] === close) return next + 1;
    for (;;) {
      let itemKey: string | number;
      let keyText: string | undefined;
      let keyOffset = -1;
      if (isMap) {
        keyOffset = next;
        const found = this.flowKey(next);
        itemKey = found.key;
        keyText = found.key;
        if (itemKey === "__proto__" || Object.hasOwn(collection, itemKey)) giveUp();
        next = this.skipSpaces(found.colon + 1);
      } else {
        itemKey = (collection as unknown[]).length;
      }
      this.path.push(itemKey);
      next = this.flowValue(next, collection, itemKey, keyText, keyOffset);
      this.path.pop();
      next = this.skipSpaces(next);
      if (text[next] === close) return next + 1;
      if (text[next] !== ",") giveUp();
      next = this.skipSpaces(next + 1);
      // A trailing comma or an empty entry is left to the package.
      if (text[next] === close || text[next] === ",") giveUp();
    }
  }

  private flowKey(at: number): { key: string; colon: number } {
    const { text } = this;
    let key: string;
    let after: number;
    if (text[at] === '"' || text[at] === "'") {
      const quoted = readQuoted(text, at, this.end) ?? giveUp();
      key = quoted.value;
      after = this.skipSpaces(quoted.next);
    } else {
      key = this.shared(at, this.plainEnd(at, true));
      if (resolvePlain(key) !== key) giveUp();
      after = this.stop;
    }
    if (text[after] !== ":" || text[after + 1] !== " " || after - at > MAX_KEY_LENGTH) giveUp();
    return { key, colon: after };
  }

  /** A value inside a flow collection at `at`; the offset past it. */
  private flowValue(
    at: number,
    holder: Record<string, unknown> | unknown[],
    key: string | number,
    keyText: string | undefined,
    keyOffset: number,
  ): number {
    const { text } = this;
    const c = text[at];
    if (c === "[" || c === "{") {
      const id = this.positions.open(c === "[" ? SEQ : MAP, at, keyText, keyOffset);
      const next = this.flow(at, holder, key);
      this.positions.close(id);
      return next;
    }
    if (at >= this.end) giveUp();
    this.positions.open(SCALAR, at, keyText, keyOffset);
    if (c === '"' || c === "'") {
      const quoted = readQuoted(text, at, this.end) ?? giveUp();
      this.setString(holder, key, quoted.value, false);
      return quoted.next;
    }
    const end = this.plainEnd(at, true);
    // "[a: b]" (a pair in a list) and "{a: b: c}" are left to the package.
    if (text[this.stop] === ":") giveUp();
    this.setPlain(holder, key, this.shared(at, end));
    return end;
  }

  private setPlain(holder: Record<string, unknown> | unknown[], key: string | number, source: string): void {
    const value = resolvePlain(source);
    if (value === undefined) giveUp();
    if (typeof value === "string") this.setString(holder, key, value, true);
    else (holder as Record<string | number, unknown>)[key] = value;
  }

  private setString(
    holder: Record<string, unknown> | unknown[],
    key: string | number,
    value: string,
    plain: boolean,
  ): void {
    (holder as Record<string | number, unknown>)[key] = value;
    if (value.includes("$") || (typeof key === "string" && this.watchedKeys.has(key))) {
      this.strings.push({ holder, key, path: [...this.path], plain });
    }
  }

  /** After a value: spaces and a comment (after a space) may end the line, nothing else. */
  private endOfLine(at: number): void {
    const next = this.skipSpaces(at);
    if (next < this.end && (this.text[next] !== "#" || next === at)) giveUp();
  }

  /**
   * The text from `start` to `end`, as the same string as the last time this text was met when
   * it is short: keys and short values repeat (100,000 copies of "source" would cost megabytes,
   * and making each only to drop it keeps the garbage collector busy). A cache by length and
   * first and last characters: a different text in the same slot replaces it.
   */
  private shared(start: number, end: number): string {
    const { text } = this;
    const length = end - start;
    if (length > SHARED_LENGTH || length === 0) return text.slice(start, end);
    const slot = length | (text.charCodeAt(start) << 5) | (text.charCodeAt(end - 1) << 21);
    const known = this.sharedStrings.get(slot);
    if (known !== undefined && text.startsWith(known, start)) return known;
    const made = text.slice(start, end);
    if (known !== undefined || this.sharedStrings.size < SHARED_SLOTS) this.sharedStrings.set(slot, made);
    return made;
  }

  private skipSpaces(at: number): number {
    while (at < this.end && this.text.charCodeAt(at) === 0x20) at++;
    return at;
  }

  private isBlank(at: number): boolean {
    return at >= this.end || this.text.charCodeAt(at) === 0x20;
  }

  private isDash(at: number): boolean {
    return this.text[at] === "-" && this.isBlank(at + 1);
  }
}
