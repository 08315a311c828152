// The characters, plain and quoted scalars and keys of the plain subset of YAML that
// yaml-plain-reader.ts reads: each part gives up (throws Outside) where js-yaml could read
// differently or refuse.

import { PlainInterpolation, plainScalar } from "./yaml-schema.ts";

/** Thrown inside the reader to give up; caught once, at its entry. */
export class Outside extends Error {}
export const outside = (): never => {
  throw new Outside();
};

/** Deeper than this the reader gives up: js-yaml then says where a file nests too deeply. */
export const MAX_DEPTH = 50;
/** js-yaml refuses implicit keys longer than 1024 characters; the reader leaves long ones to it. */
const MAX_KEY = 1000;

export const SPACE = 0x20;
export const TAB = 0x09;
export const LF = 0x0a;
export const CR = 0x0d;
export const HASH = 0x23;
export const COLON = 0x3a;
export const DASH = 0x2d;
export const SINGLE = 0x27;
export const DOUBLE = 0x22;
const BACKSLASH = 0x5c;

/** A table of ASCII characters, read by `has`. */
export function charSet(chars: string): Uint8Array {
  const table = new Uint8Array(128);
  for (const char of chars) table[char.charCodeAt(0)] = 1;
  return table;
}
export const has = (set: Uint8Array, code: number): boolean => code < 128 && set[code] === 1;

/** YAML's indicators: a plain scalar does not start with one. */
export const INDICATOR = charSet("-?:,[]{}#&*!|>'\"%@`");
/** What the reader leaves to js-yaml in a plain key (`:` ends it). */
const NOT_IN_KEY = charSet(",[]{}#'\"");
/** What ends a plain scalar in a flow collection, or is left to js-yaml there; and what ends one
 * after a `:` (`url: https://x` holds one). */
export const NOT_IN_FLOW_PLAIN = charSet(",[]{}#:");
export const FLOW_END = charSet(" ,[]{}");
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
export function wordAfterDash(code: number): boolean {
  const lower = code | 0x20;
  return (code >= 0x30 && code <= 0x39) || (lower >= 0x61 && lower <= 0x7a) || code === 0x2e;
}

/** A plain scalar's value, as CONFIG_SCHEMA resolves it (yaml-schema.ts). Never empty here. */
export function plainValue(text: string): unknown {
  if (text.includes("${")) return new PlainInterpolation(text);
  const first = text.charCodeAt(0);
  if (has(WORD_START, first)) return WORDS.has(text) ? WORDS.get(text) : text;
  return has(OTHER_START, first) ? plainScalar(text) : text;
}

/** Where the `:` of the key at `at` is (`key: ...` or `key:` at the end), or -1: a plain key of
 * no `:`, `#`, flow indicator or quote, or a quoted key. */
export function keyEnd(text: string, at: number, end: number): number {
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
    // A space or a tab before the `:` is not the key's (`a\t: 1` is "a"): left to js-yaml.
    const before = text.charCodeAt(colon - 1);
    if (colon === end || before === SPACE || before === TAB) return -1;
  }
  if (colon - at > MAX_KEY) return -1;
  return colon + 1 === end || text.charCodeAt(colon + 1) === SPACE ? colon : -1;
}

/** The key written from `at` to its `:`, as js-yaml names it. */
export function keyOf(text: string, at: number, colon: number): string {
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

/** The key written at `at` on its line and its `:`, when it is one the plain reader reads (a plain
 * key, or a quoted one on one line); empty otherwise. */
export function keyWrittenAt(text: string, at: number): { key?: string; colon?: number } {
  const lineBreak = text.indexOf("\n", at);
  const lineEnd =
    lineBreak === -1 ? text.length : lineBreak - (text.charCodeAt(lineBreak - 1) === CR ? 1 : 0);
  try {
    const colon = keyEnd(text, at, lineEnd);
    return colon === -1 ? {} : { key: keyOf(text, at, colon), colon };
  } catch (error) {
    if (error instanceof Outside) return {};
    throw error;
  }
}

/** Plain keys read as their text, by a hash of their length and first and last characters. */
const KNOWN_KEYS: (string | undefined)[] = new Array(256);

/** The quoted scalar at `at` of `text` and where it ends, before `end`: on its line. Of the escapes
 * of double quotes, only \\, \", \/, \n and \t are read. */
export function quoted(text: string, at: number, end: number): [string, number] {
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

/** Where the scalar quoted at `at` (its quote) closes before `end`, or -1: over lines too. */
export function closingQuote(text: string, at: number, end = text.length): number {
  const quote = text[at];
  for (let i = at + 1; i < end; i++) {
    const char = text[i];
    if (quote === '"' && char === "\\") i++;
    else if (char === quote) {
      if (quote === "'" && text[i + 1] === "'") i++;
      else return i;
    }
  }
  return -1;
}

const ESCAPES = new Map([
  ["\\", "\\"],
  ['"', '"'],
  ["/", "/"],
  ["n", "\n"],
  ["t", "\t"],
]);

export const AMPERSAND = 0x26;
export const STAR = 0x2a;
/** What ends an anchor's or an alias's name in a flow collection (and the end of the line). */
const FLOW_NAME_END = charSet(" ,]}");

/** Where the name of the anchor or alias written at `at` (its `&` or `*`) ends, before `end` (the
 * line's): letters, digits, `_` and `-`, followed by a space or the line's end, or in a flow
 * collection also `,`, `]` or `}`. js-yaml's names may hold more; those are left to it. */
export function nameEnd(text: string, at: number, end: number, inFlow: boolean): number {
  let stop = at + 1;
  for (; stop < end; stop++) {
    const code = text.charCodeAt(stop);
    const lower = code | 0x20;
    const letter = lower >= 0x61 && lower <= 0x7a;
    if (!(letter || (code >= 0x30 && code <= 0x39) || code === 0x5f || code === DASH)) break;
  }
  if (stop === at + 1) outside();
  const next = text.charCodeAt(stop);
  if (stop < end && !(next === SPACE || (inFlow && has(FLOW_NAME_END, next)))) outside();
  return stop;
}

/** A file's anchors, each defined once, with its value when its node is read whole; an alias of
 * one not yet whole (inside its own node) or not defined is left to js-yaml, which says where. An
 * alias is the anchor's value itself, shared, as js-yaml gives it. */
export class Anchors {
  private readonly values = new Map<string, unknown>();
  /** An alias was read: the value may stand for more than is written (alias-expansion.ts). */
  used = false;

  define(name: string, value: unknown): void {
    if (this.values.has(name)) outside();
    this.values.set(name, value);
  }

  value(name: string): unknown {
    if (!this.values.has(name)) outside();
    this.used = true;
    return this.values.get(name);
  }
}

/** The items of the lists being read, a nested list's above its holder's: each list is made when
 * it ends, of its own size. (A list grown by push holds room for 17 items: a file of a million
 * short lists would hold three times what it needs.) */
export class ListItems {
  private readonly items: unknown[] = [];
  private top = 0;

  /** Where the items of a list that starts now begin. */
  get mark(): number {
    return this.top;
  }

  push(item: unknown): void {
    this.items[this.top++] = item;
  }

  /** The items pushed since `mark`, as a list; they are then no longer pending. */
  take(mark: number): unknown[] {
    const list = this.items.slice(mark, this.top);
    this.top = mark;
    return list;
  }
}
