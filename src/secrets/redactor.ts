// The one redactor of a docsync run: the API token and every sensitive value of the
// configuration, replaced in any text before it leaves docsync (standard output and error,
// files written, the Action's workflow commands and files). It learns secrets as they become
// known (the token at once, sensitive values once the configuration is loaded) and finds them
// in every form they may take (see forms.ts), and finds pieces of them too: any 16 base64
// characters in a row of a secret, as in an error message that quotes a certificate cut off.

import { FRAGMENT_LENGTH, fragments, literalForms, MIN_SECRET_LENGTH, secretPattern } from "./forms.ts";
import { escapeRegExp } from "./pattern.ts";

/** What a secret is replaced with. */
export const REDACTED = "(sensitive)";

// The lookbehind starts a match only where a run starts: several times faster on long texts.
const HALF = FRAGMENT_LENGTH / 2;
/** How many characters of a value's strings are tested in one redaction. */
const BATCH_LENGTH = 1 << 20;
const LONG_RUN = new RegExp(`(?<![A-Za-z0-9+/=])[A-Za-z0-9+/=]{${FRAGMENT_LENGTH},}`, "g");

export class Redactor {
  private readonly secrets = new Set<string>();
  private literal: RegExp | undefined;
  private readonly windows = new Set<string>();
  /** The halves of the windows: a run that holds none of them at every 8th place holds no window. */
  private readonly halves = new Set<string>();
  /** No text shorter than this holds a secret in any form, nor a piece of one: such a string is
   * not looked at (most strings of a plan are ids, names and actions). */
  private shortest = Number.POSITIVE_INFINITY;

  constructor(secrets: Iterable<string | undefined> = []) {
    this.add(secrets);
  }

  /** Adds secrets; empty, missing and very short ones are ignored. */
  add(secrets: Iterable<string | undefined>): void {
    let added = false;
    for (const secret of secrets) {
      if (secret === undefined || secret.trim().length < MIN_SECRET_LENGTH || this.secrets.has(secret))
        continue;
      this.secrets.add(secret);
      // Each character of a secret but blanks (which a form may drop) stands for one or more.
      this.shortest = Math.min(this.shortest, secret.replace(/\s+/g, "").length);
      for (const form of literalForms(secret)) this.shortest = Math.min(this.shortest, form.length);
      for (const window of fragments(secret)) {
        this.shortest = Math.min(this.shortest, FRAGMENT_LENGTH);
        this.windows.add(window);
        for (let at = 0; at <= HALF; at++) this.halves.add(window.slice(at, at + HALF));
      }
      added = true;
    }
    if (!added) return;
    // Longest first, so that a whole value is replaced before a line of it or a shorter secret
    // inside it; then the literal forms (PEM lines, base64), longest first too.
    const whole = [...this.secrets].sort((a, b) => b.length - a.length).map(secretPattern);
    const literals = [...new Set([...this.secrets].flatMap(literalForms))].sort(
      (a, b) => b.length - a.length,
    );
    this.literal = new RegExp([...whole, ...literals.map(escapeRegExp)].join("|"), "g");
  }

  /** The text with every secret, and every piece of one, replaced by `(sensitive)`. */
  redact(text: string): string {
    if (this.literal === undefined || text === "") return text;
    const whole = text.replace(this.literal, REDACTED);
    if (this.windows.size === 0) return whole;
    return whole.replace(LONG_RUN, (run) => this.redactPieces(run));
  }

  /** A copy of a JSON value with every string redacted, the keys of its objects too; the value
   * itself when none holds a secret. */
  redactValue<T>(value: T): T {
    if (this.literal === undefined) return value;
    for (const secret of this.secrets)
      if (secret.includes("\u0000")) return this.redactDeep(value, (text) => this.redact(text)) as T;
    const redacted = this.redactedStrings(value);
    if (redacted.size === 0) return value;
    return this.redactDeep(value, (text) => redacted.get(text) ?? text) as T;
  }

  /**
   * The strings of a JSON value (keys and values) that hold a secret or a piece of one, each
   * with its redaction, in one walk. Only strings long enough to hold one are looked at, and
   * those together, a megabyte at a time, in one redaction of them joined by NUL, which no form
   * or piece of a secret without NUL matches across: a plan of 100,000 changes holds millions of
   * strings, and one redaction each took minutes. The walk allocates nothing per object (no
   * `Object.entries`).
   */
  private redactedStrings(value: unknown): Map<string, string> {
    const redacted = new Map<string, string>();
    const shortest = this.shortest;
    let batch: string[] = [];
    let length = 0;
    const test = (): void => {
      const joined = batch.join("\u0000");
      const result = this.redact(joined);
      if (result !== joined) {
        const pieces = result.split("\u0000");
        for (let at = 0; at < batch.length; at++) {
          const text = batch[at]!;
          // Each piece is its string's redaction: no form of a secret holds or removes a NUL.
          const piece = pieces.length === batch.length ? pieces[at]! : this.redact(text);
          if (piece !== text) redacted.set(text, piece);
        }
      }
      batch = [];
      length = 0;
    };
    const pending: unknown[] = [value];
    const add = (text: string): void => {
      if (text.length < shortest) return;
      batch.push(text);
      length += text.length + 1;
      if (length >= BATCH_LENGTH) test();
    };
    while (pending.length > 0) {
      const next = pending.pop();
      if (typeof next === "string") add(next);
      else if (Array.isArray(next)) {
        for (const item of next) pending.push(item);
      } else if (next !== null && typeof next === "object") {
        for (const key in next) {
          add(key);
          pending.push((next as Record<string, unknown>)[key]);
        }
      }
    }
    if (batch.length > 0) test();
    return redacted;
  }

  /** A copy of a JSON value with each string (key or value) as `redact` gives it. */
  private redactDeep(value: unknown, redact: (text: string) => string): unknown {
    if (typeof value === "string") return redact(value);
    if (Array.isArray(value)) return value.map((item) => this.redactDeep(item, redact));
    if (value !== null && typeof value === "object") {
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [redact(key), this.redactDeep(item, redact)]),
      );
    }
    return value;
  }

  /** A run of base64 characters with the stretches that come from a secret replaced. */
  private redactPieces(run: string): string {
    if (!this.mayHoldPiece(run)) return run;
    const stretches: [from: number, to: number][] = [];
    for (let start = 0; start + FRAGMENT_LENGTH <= run.length; start++) {
      if (!this.windows.has(run.slice(start, start + FRAGMENT_LENGTH))) continue;
      const last = stretches.at(-1);
      if (last !== undefined && start <= last[1]) last[1] = start + FRAGMENT_LENGTH;
      else stretches.push([start, start + FRAGMENT_LENGTH]);
    }
    if (stretches.length === 0) return run;
    let result = "";
    let kept = 0;
    for (const [from, to] of stretches) {
      result += run.slice(kept, from) + REDACTED;
      kept = to;
    }
    return result + run.slice(kept);
  }

  /**
   * A cheap test first: any window of 16 characters in the run covers one of the places 0, 8,
   * 16, … with the 8 characters that follow it, and those are a half of a secret's window.
   */
  private mayHoldPiece(run: string): boolean {
    for (let at = 0; at + HALF <= run.length; at += HALF) {
      if (this.halves.has(run.slice(at, at + HALF))) return true;
    }
    return false;
  }
}
