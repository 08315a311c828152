// Which field changes of a plan are sensitive, decided once, where the planner adds them: a field
// its kind declares sensitive (a SAML certificate), and any field whose configured value holds a
// sensitive value of the configuration (an interpolated `${SPEC_TOKEN}` in a URL). A sensitive
// change keeps its new value, which its calls send, but never its previous one: its `from` only
// says that there was one. The previous value was a secret too (the token before it changed), so
// its secret parts are handed to the run's redactor, which then finds them in any text, an error
// message of the service that quotes them included; so are those of any live string shaped like
// a configured one that holds secrets (an item's identity).

import type { FieldChange } from "../model/plan.ts";
import { escapeRegExp, secretsPattern } from "../secrets/pattern.ts";
import { REDACTED } from "../secrets/redactor.ts";

/** Visits every string in a JSON value (a whole live organization: no array is made on the way),
 * but for the values of the keys in `skip`. */
function eachString(value: unknown, visit: (text: string) => void, skip?: ReadonlySet<string>): void {
  if (typeof value === "string") visit(value);
  else if (typeof value === "object" && value !== null) {
    if (Array.isArray(value)) for (let at = 0; at < value.length; at++) eachString(value[at], visit, skip);
    else
      for (const key in value)
        if (!skip?.has(key)) eachString((value as Record<string, unknown>)[key], visit, skip);
  }
}

/** Where configured items were written: no configured value, and looked up only when read. */
const WHERE_WRITTEN: ReadonlySet<string> = new Set(["at", "spacesAt"]);

/** Every string in a JSON value. */
function stringsOf(value: unknown): string[] {
  const strings: string[] = [];
  eachString(value, (text) => strings.push(text));
  return strings;
}

export class SensitiveFields {
  /** The sensitive values, as one pattern; none: no field is sensitive by its value. */
  private readonly values: RegExp | undefined;
  /** The secret parts of the previous values left out of the plan so far. */
  readonly previous: string[] = [];

  constructor(sensitiveValues: readonly string[]) {
    this.values = secretsPattern(sensitiveValues);
  }

  /**
   * Every previous secret the plan leaves out: those of its sensitive field changes, and those
   * of live strings shaped like configured strings that hold secrets (an item whose identity
   * held the token before is deleted, and its address names it).
   */
  previousSecrets(configured: unknown, live: unknown): string[] {
    return [...this.previous, ...finder(configured, this.values)(live)];
  }

  /** A copy of the field changes, each sensitive one marked and without its previous value. */
  mark(fields: readonly FieldChange[]): FieldChange[] {
    // A copy of its own size: a list grown by push keeps room for more, and a plan may hold
    // 100,000 changes.
    const marked: FieldChange[] = new Array(fields.length);
    for (let at = 0; at < fields.length; at++) marked[at] = this.markOne(fields[at]!);
    return marked;
  }

  private markOne(field: FieldChange): FieldChange {
    const declared = field.sensitive === true;
    // Without sensitive values, only a field its kind declares sensitive is.
    if (!declared && (this.values === undefined || !("to" in field && this.holdsSecret(field.to))))
      return field;
    const marked: FieldChange = { ...field, sensitive: true };
    if ("from" in field) {
      // A declared field is a secret whole; another is one where its configured value is.
      if (declared) this.previous.push(...stringsOf(field.from));
      else this.secretPartsOf(field.from, field.to);
      marked.from = REDACTED;
    }
    return marked;
  }

  private holdsSecret(value: unknown): boolean {
    const values = this.values;
    return values !== undefined && stringsOf(value).some((text) => values.test(text));
  }

  /**
   * The parts of a previous value that stood where the configured value now has secrets: the
   * configured text around them, matched against the previous value, gives them (the old token
   * of `https://…?token=${SPEC_TOKEN}`). A previous value of another shape is a secret whole.
   */
  private secretPartsOf(from: unknown, to: unknown): void {
    if (typeof to === "string") {
      if (!this.holdsSecret(to)) return;
      const match = typeof from === "string" ? slotsOf(to, this.values!).pattern.exec(from) : null;
      this.previous.push(...(match ? match.slice(1) : stringsOf(from)));
      return;
    }
    if (to === null || typeof to !== "object") return;
    const previous = (from ?? {}) as Record<string, unknown>;
    if (typeof previous !== "object") {
      if (this.holdsSecret(to)) this.previous.push(...stringsOf(from));
      return;
    }
    for (const [key, item] of Object.entries(to)) this.secretPartsOf(previous[key], item);
  }
}

/**
 * A string that holds secrets as a pattern with a group where each secret is, the text around
 * them as it is; `around`: how many characters that text has; `prefix`: the text before the first.
 */
function slotsOf(configured: string, values: RegExp): { pattern: RegExp; around: number; prefix: string } {
  // Split with the group: the odd pieces are the secrets, the even ones the text around them.
  const pieces = configured.split(values);
  const around = pieces.filter((_, at) => at % 2 === 0).join("").length;
  const source = pieces.map((piece, at) => (at % 2 === 1 ? "([\\s\\S]*?)" : escapeRegExp(piece))).join("");
  return { pattern: new RegExp(`^${source}$`), around, prefix: pieces[0]! };
}

/** Less text around a secret than this says too little of where a previous one was. */
const MIN_TEXT_AROUND = 6;

/**
 * A finder of previous secrets in live values: where a configured string has its secrets
 * (`https://…?token=` around them), a live string of the same shape has the secrets it held
 * before, whatever holds it (a field, an item's identity). A string that is a secret whole, or
 * nearly, says nothing of where a previous one was, and is left out.
 */
function finder(configured: unknown, values: RegExp | undefined): (live: unknown) => string[] {
  if (values === undefined) return () => [];
  const holding = new Set<string>();
  eachString(
    configured,
    (text) => {
      if (values.test(text)) holding.add(text);
    },
    WHERE_WRITTEN,
  );
  const shapes = [...holding]
    .map((text) => slotsOf(text, values))
    .filter((slot) => slot.around >= MIN_TEXT_AROUND);
  if (shapes.length === 0) return () => [];
  return (live) => {
    const found: string[] = [];
    eachString(live, (text) => {
      for (const shape of shapes) {
        // The prefix first: most live strings fail on it, cheaper than the pattern.
        if (!text.startsWith(shape.prefix)) continue;
        const match = shape.pattern.exec(text);
        if (match) found.push(...match.slice(1));
      }
    });
    return found;
  };
}
