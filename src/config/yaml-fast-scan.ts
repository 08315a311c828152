// The line-level reading under the fast YAML reader (yaml-fast.ts): moving from line to line
// past blank lines and comments, and finding where keys and plain scalars end, as the `yaml`
// package's lexer finds them. Anything outside the forms the fast reader handles gives up.

import { readQuoted, resolvePlain } from "./yaml-scalars.ts";

/** Characters that cannot start a plain scalar here (indicators, or rarely used forms). */
const NOT_PLAIN_START = new Set([..."?:,[]{}#&*!|>'\"%@`"]);
const FLOW_INDICATORS = new Set([..."[]{},"]);
/** The `yaml` package refuses longer implicit keys; such a file is left to it. */
export const MAX_KEY_LENGTH = 1000;
/** Strings up to this length are shared (see `shared`), in at most this many slots. */
const SHARED_LENGTH = 24;
const SHARED_SLOTS = 4096;

export class GiveUp extends Error {}

export const giveUp = (): never => {
  throw new GiveUp();
};

export class LineScanner {
  /** The current line, its start, its end (its newline or the end of the text) and indentation. */
  protected line = 0;
  protected start = 0;
  protected end = 0;
  protected indent = 0;
  /** Set by `plainEnd` and `keyAt`. */
  protected stop = 0;
  protected colon = 0;
  private readonly sharedStrings = new Map<number, string>();

  constructor(
    protected readonly text: string,
    protected readonly lineStarts: Int32Array,
  ) {}

  /** Moves to the first line from `line` on holding more than spaces and a comment; false at the end. */
  protected nextContent(line: number): boolean {
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

  /** The key of a block mapping entry starting at `at` (its ":" then in `this.colon`). */
  protected keyAt(at: number): string | undefined {
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
  protected plainEnd(at: number, inFlow: boolean): number {
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

  /** After a value: spaces and a comment (after a space) may end the line, nothing else. */
  protected endOfLine(at: number): void {
    const next = this.skipSpaces(at);
    if (next < this.end && (this.text[next] !== "#" || next === at)) giveUp();
  }

  /**
   * The text from `start` to `end`, as the same string as the last time this text was met when
   * it is short: keys and short values repeat (100,000 copies of "source" would cost megabytes,
   * and making each only to drop it keeps the garbage collector busy). A cache by length and
   * first and last characters: a different text in the same slot replaces it.
   */
  protected shared(start: number, end: number): string {
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

  protected skipSpaces(at: number): number {
    while (at < this.end && this.text.charCodeAt(at) === 0x20) at++;
    return at;
  }

  protected isBlank(at: number): boolean {
    return at >= this.end || this.text.charCodeAt(at) === 0x20;
  }

  protected isDash(at: number): boolean {
    return this.text[at] === "-" && this.isBlank(at + 1);
  }
}
