// A reader of the plain subset of YAML that configuration files are written in: block mappings and
// sequences, plain and quoted scalars on one line, flow mappings and sequences on one line, literal
// block scalars (`|`, `|-`) and comments. It reads a file of 100,000 redirects two to three times
// faster than js-yaml, in one pass over the text's characters. Anything else (anchors, aliases, tags, merge
// keys, repeated keys, multi-line plain or quoted scalars, documents, directives, tabs, most escapes)
// makes it give up, and js-yaml reads the file: it gives up wherever js-yaml could read differently
// or refuse, so a value it gives is js-yaml's (test/config/yaml-plain-reader.test.ts checks this on
// generated files). The text holds no control character: the loader refuses those before reading
// (control-characters.ts).

import { PlainInterpolation, plainScalar } from "./yaml-schema.ts";

/** What readPlainSubset gives for a file outside the subset: js-yaml reads it. */
export const OUTSIDE_SUBSET = Symbol("outside the plain subset");

/** Thrown inside the reader to give up; caught once, at its entry. */
class Outside extends Error {}
const outside = (): never => {
  throw new Outside();
};

/** Deeper than this the reader gives up: js-yaml then says where a file nests too deeply. */
const MAX_DEPTH = 50;
/** js-yaml refuses implicit keys longer than 1024 characters; the reader leaves long ones to it. */
const MAX_KEY = 1000;

/** Tabs, byte order marks, a carriage return not ending a line, and what js-yaml refuses beyond
 * control characters (lone surrogates, U+FFFE, U+FFFF) are left to js-yaml. Each is looked for
 * apart: a search for one character costs a tenth of a regular expression's scan. */
function leftToJsYaml(text: string): boolean {
  if (!(text as unknown as { isWellFormed(): boolean }).isWellFormed()) return true;
  if (["\t", "\uFEFF", "\uFFFE", "\uFFFF"].some((char) => text.includes(char))) return true;
  return text.includes("\r") && /\r(?!\n)/.test(text);
}

/** The value of `text` as js-yaml reads it with CONFIG_SCHEMA, or OUTSIDE_SUBSET. */
export function readPlainSubset(text: string): unknown {
  if (leftToJsYaml(text)) return OUTSIDE_SUBSET;
  try {
    return new Reader(text).document();
  } catch (error) {
    if (error instanceof Outside) return OUTSIDE_SUBSET;
    throw error;
  }
}

const SPACE = 0x20;
const LF = 0x0a;
const CR = 0x0d;
const HASH = 0x23;
const COLON = 0x3a;
const DASH = 0x2d;
const SINGLE = 0x27;
const DOUBLE = 0x22;
const BACKSLASH = 0x5c;

/** A table of ASCII characters, read by `has`. */
function charSet(chars: string): Uint8Array {
  const table = new Uint8Array(128);
  for (const char of chars) table[char.charCodeAt(0)] = 1;
  return table;
}
const has = (set: Uint8Array, code: number): boolean => code < 128 && set[code] === 1;

/** YAML's indicators: a plain scalar does not start with one. */
const INDICATOR = charSet("-?:,[]{}#&*!|>'\"%@`");
/** What the reader leaves to js-yaml in a plain key (`:` ends it). */
const NOT_IN_KEY = charSet(",[]{}#'\"");
/** What ends a plain scalar in a flow collection, or is left to js-yaml there; and what ends one
 * after a `:` (`url: https://x` holds one). */
const NOT_IN_FLOW_PLAIN = charSet(",[]{}#:");
const FLOW_END = charSet(" ,[]{}");
/** The first characters of the plain scalars that are words of the core schema: null, booleans. */
const WORD_START = charSet("nNtTfF");
/** The first characters of the other plain scalars that may not be strings: `~` and numbers. */
const OTHER_START = charSet("~0123456789+-.");
const WORDS = new Map<string, unknown>([
  ["null", null],
  ["Null", null],
  ["NULL", null],
  ["true", true],
  ["True", true],
  ["TRUE", true],
  ["false", false],
  ["False", false],
  ["FALSE", false],
]);

/** Whether a plain scalar may start with a `-` followed by `code`: a letter, a digit or a dot
 * (`-1`, `-.5`, `-x`). */
function wordAfterDash(code: number): boolean {
  const lower = code | 0x20;
  return (code >= 0x30 && code <= 0x39) || (lower >= 0x61 && lower <= 0x7a) || code === 0x2e;
}

/** A plain scalar's value, as CONFIG_SCHEMA resolves it (yaml-schema.ts). Never empty here. */
function plainValue(text: string): unknown {
  if (text.includes("${")) return new PlainInterpolation(text);
  const first = text.charCodeAt(0);
  if (has(WORD_START, first)) return WORDS.has(text) ? WORDS.get(text) : text;
  return has(OTHER_START, first) ? plainScalar(text) : text;
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

  constructor(private readonly text: string) {}

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
    const items: unknown[] = [];
    while (this.nextContent()) {
      if (this.col < indent) break;
      if (this.col > indent) outside();
      if (!this.isEntry(this.start)) break;
      const at = this.skipSpaces(this.start + 1);
      if (at >= this.end || this.text.charCodeAt(at) === HASH) {
        this.pos = this.next;
        const item = this.nested(indent, depth, false);
        // After an empty entry, js-yaml reads an entry of a list less indented into this one.
        if (item === null && this.nextContent() && this.col < indent && this.isEntry(this.start)) outside();
        items.push(item);
      } else if (this.isEntry(at)) {
        outside();
      } else if (keyEnd(this.text, at, this.end) !== -1) {
        // `- key: value`: a mapping whose keys line up after the `- `.
        this.entryContent = true;
        this.col = at - this.pos;
        this.start = at;
        items.push(this.mapping(this.col, depth + 1));
      } else {
        items.push(this.inline(at, indent, depth));
      }
    }
    return items;
  }

  private mapping(indent: number, depth: number): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    while (this.nextContent()) {
      this.entryContent = false;
      if (this.col < indent) break;
      if (this.col > indent) outside();
      if (this.isEntry(this.start)) break;
      const colon = keyEnd(this.text, this.start, this.end);
      if (colon === -1) outside();
      const key = keyOf(this.text, this.start, colon);
      if (Object.hasOwn(result, key)) outside();
      const at = this.skipSpaces(colon + 1);
      if (at >= this.end || this.text.charCodeAt(at) === HASH) {
        this.pos = this.next;
        result[key] = this.nested(indent, depth, true);
      } else {
        result[key] = this.inline(at, indent, depth);
      }
    }
    return result;
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
    if (first === 0x7b || first === 0x5b) {
      const flow = new FlowReader(this.text, at, end);
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
    const { text } = this;
    const lines: string[] = [];
    let width = -1;
    let blanks = 0;
    let line = this.next;
    while (line < text.length) {
      const content = this.skipSpaces(line);
      let lineBreak = text.indexOf("\n", content);
      if (lineBreak === -1) lineBreak = text.length;
      const end = lineBreak > line && this.text.charCodeAt(lineBreak - 1) === CR ? lineBreak - 1 : lineBreak;
      const spaces = content - line;
      if (content === end) {
        // A blank line longer than the block's indentation holds spaces: left to js-yaml.
        if (width === -1 ? spaces > indent + 1 : spaces > width) outside();
        blanks++;
        line = lineBreak + 1;
        continue;
      }
      if (width === -1) {
        if (spaces <= indent) outside();
        width = spaces;
      }
      if (spaces < width) break;
      for (; blanks > 0; blanks--) lines.push("");
      lines.push(text.slice(line + width, end));
      line = lineBreak + 1;
    }
    if (width === -1) outside();
    this.pos = line;
    const value = lines.join("\n");
    return strip ? value : `${value}\n`;
  }
}

/** Reads one flow mapping or sequence written on one line, nested ones with it. */
class FlowReader {
  constructor(
    private readonly text: string,
    public at: number,
    /** Where the line ends. */
    private readonly end: number,
  ) {}

  node(depth: number): unknown {
    if (depth > MAX_DEPTH) outside();
    const isMapping = this.text.charCodeAt(this.at) === 0x7b;
    const close = isMapping ? 0x7d : 0x5d;
    const mapping: Record<string, unknown> = {};
    const list: unknown[] = [];
    this.at = this.skipSpaces(this.at + 1);
    for (let first = true; ; first = false) {
      if (first && this.text.charCodeAt(this.at) === close) break;
      if (isMapping) {
        const colon = keyEnd(this.text, this.at, this.end);
        if (colon === -1) outside();
        const key = keyOf(this.text, this.at, colon);
        if (Object.hasOwn(mapping, key)) outside();
        this.at = this.skipSpaces(colon + 1);
        mapping[key] = this.value(depth);
      } else {
        list.push(this.value(depth));
      }
      this.at = this.skipSpaces(this.at);
      const next = this.text.charCodeAt(this.at);
      if (next === close) break;
      if (next !== 0x2c) outside();
      this.at = this.skipSpaces(this.at + 1);
    }
    this.at++;
    return isMapping ? mapping : list;
  }

  private skipSpaces(at: number): number {
    let to = at;
    while (this.text.charCodeAt(to) === SPACE) to++;
    return to;
  }

  private value(depth: number): unknown {
    const { text, at } = this;
    const first = text.charCodeAt(at);
    if (first === 0x7b || first === 0x5b) return this.node(depth + 1);
    if (first === DOUBLE || first === SINGLE) {
      const [value, after] = quoted(text, at, this.end);
      this.at = after;
      return value;
    }
    if (has(INDICATOR, first) && !(first === DASH && wordAfterDash(text.charCodeAt(at + 1)))) outside();
    let stop = at;
    for (; stop < this.end; stop++) {
      const code = text.charCodeAt(stop);
      if (!has(NOT_IN_FLOW_PLAIN, code)) continue;
      const next = text.charCodeAt(stop + 1);
      if (code !== COLON || stop + 1 === this.end || has(FLOW_END, next)) break;
    }
    this.at = stop;
    while (text.charCodeAt(stop - 1) === SPACE) stop--;
    if (stop <= at) outside();
    return plainValue(text.slice(at, stop));
  }
}

/** Where the `:` of the key at `at` is (`key: ...` or `key:` at the end), or -1: a plain key of
 * no `:`, `#`, flow indicator or quote, or a quoted key. */
function keyEnd(text: string, at: number, end: number): number {
  const first = text.charCodeAt(at);
  let colon = at;
  if (first === DOUBLE || first === SINGLE) {
    colon = quoted(text, at, end)[1];
    if (text.charCodeAt(colon) !== COLON) return -1;
  } else {
    if (has(INDICATOR, first)) return -1;
    for (; colon < end; colon++) {
      const code = text.charCodeAt(colon);
      if (code === COLON) break;
      if (has(NOT_IN_KEY, code)) return -1;
    }
    if (colon === end || text.charCodeAt(colon - 1) === SPACE) return -1;
  }
  if (colon - at > MAX_KEY) return -1;
  return colon + 1 === end || text.charCodeAt(colon + 1) === SPACE ? colon : -1;
}

/** The key written from `at` to its `:`, as js-yaml names it. */
function keyOf(text: string, at: number, colon: number): string {
  // The same few keys are written on most lines: one met before is taken as it is, without a copy.
  const slot = (colon - at + 31 * text.charCodeAt(at) + 7 * text.charCodeAt(colon - 1)) & 255;
  const known = KNOWN_KEYS[slot];
  if (known !== undefined && known.length === colon - at && text.startsWith(known, at)) return known;
  const first = text.charCodeAt(at);
  let key: string;
  if (first === DOUBLE || first === SINGLE) {
    key = quoted(text, at, colon)[0];
  } else {
    const written = text.slice(at, colon);
    // A plain `<<` merges.
    if (written === "<<") outside();
    key = String(plainValue(written));
    if (key === written && key !== "__proto__") KNOWN_KEYS[slot] = key;
  }
  if (key === "__proto__") outside();
  return key;
}

/** Plain keys read as their text, by a hash of their length and first and last characters. */
const KNOWN_KEYS: (string | undefined)[] = new Array(256);

/** The quoted scalar at `at` of `text` and where it ends, before `end`: on its line. Of the escapes
 * of double quotes, only \\, \", \/, \n and \t are read. */
function quoted(text: string, at: number, end: number): [string, number] {
  const quote = text.charCodeAt(at);
  let value = "";
  let from = at + 1;
  for (;;) {
    let stop = from;
    if (quote === SINGLE) {
      stop = text.indexOf("'", from);
      if (stop === -1 || stop >= end) outside();
      value += text.slice(from, stop);
      if (text.charCodeAt(stop + 1) !== SINGLE) return [value, stop + 1];
      value += "'";
      from = stop + 2;
      continue;
    }
    for (; stop < end; stop++) {
      const code = text.charCodeAt(stop);
      if (code === DOUBLE || code === BACKSLASH) break;
    }
    if (stop >= end) outside();
    value += text.slice(from, stop);
    if (text.charCodeAt(stop) === DOUBLE) return [value, stop + 1];
    const escaped = ESCAPES.get(text[stop + 1] ?? "");
    if (escaped === undefined) return outside();
    value += escaped;
    from = stop + 2;
  }
}

const ESCAPES = new Map([
  ["\\", "\\"],
  ['"', '"'],
  ["/", "/"],
  ["n", "\n"],
  ["t", "\t"],
]);
