// A fast reader for the part of YAML that configuration files use: block mappings and lists,
// single-line plain and quoted scalars, single-line flow collections and comments. It builds the
// plain value and a compact position index (yaml-index.ts) in one pass, with no document tree.
// For anything else (anchors, aliases, tags, block scalars, multi-line scalars, several
// documents, tabs, duplicate keys, any syntax error) it gives up, and the caller reads the file
// with the `yaml` package, whose result on the files accepted here is the same (see
// test/config/yaml-fast.test.ts).

import { GiveUp, giveUp, LineScanner, MAX_KEY_LENGTH } from "./yaml-fast-scan.ts";
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

class FastParser extends LineScanner {
  private readonly positions: PositionIndex;
  private readonly strings: StringSite[] = [];
  private readonly path: KeyPath = [];

  constructor(
    text: string,
    private readonly watchedKeys: ReadonlySet<string>,
  ) {
    super(text, lineStartsOf(text));
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

  /**
   * Reads the node at `at` on the current line into `holder[key]`. `mapping`: a block mapping
   * may start here (at the start of a line or after "- "), rather than after a key on the same
   * line. Leaves the current line at the node's last.
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
}
