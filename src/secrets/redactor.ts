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
      for (const window of fragments(secret)) {
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
    if (this.literal === undefined || !this.holdsSecret(value)) return value;
    return this.redactDeep(value) as T;
  }

  /** Whether any string of a JSON value (key or value) holds a secret or a piece of one. Its
   * strings are tested together, a megabyte at a time, in one redaction of them joined by NUL,
   * which no form or piece of a secret without NUL matches across: a plan of 100,000 changes
   * holds millions of strings, and one redaction each took minutes. The walk allocates nothing
   * per object (no `Object.entries`), and stops at the first batch that holds a secret. */
  private holdsSecret(value: unknown): boolean {
    for (const secret of this.secrets) if (secret.includes("\u0000")) return true;
    let batch: string[] = [];
    let length = 0;
    const holds = (): boolean => {
      const joined = batch.join("\u0000");
      batch = [];
      length = 0;
      return this.redact(joined) !== joined;
    };
    const pending: unknown[] = [value];
    while (pending.length > 0) {
      const next = pending.pop();
      if (typeof next === "string") {
        batch.push(next);
        length += next.length + 1;
        if (length >= BATCH_LENGTH && holds()) return true;
      } else if (Array.isArray(next)) {
        for (const item of next) pending.push(item);
      } else if (next !== null && typeof next === "object") {
        for (const key in next) pending.push(key, (next as Record<string, unknown>)[key]);
      }
    }
    return holds();
  }

  private redactDeep(value: unknown): unknown {
    if (typeof value === "string") return this.redact(value);
    if (Array.isArray(value)) return value.map((item) => this.redactDeep(item));
    if (value !== null && typeof value === "object") {
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [this.redact(key), this.redactDeep(item)]),
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
