// Plain sentences for ajv's errors, one error at a time: what the value must be, in the words
// of a configuration file (a mapping, a list), never repeating the value itself, which may be
// a secret.

import type { ErrorObject } from "ajv";
import type { KeyPath } from "./yaml-positions.ts";

export type SchemaNode = Record<string, unknown>;

export interface Problem {
  path: KeyPath;
  message: string;
  /** Point at the key rather than the value (unknown keys, bad names). */
  target?: "key";
  /** For an unknown key: the known key it is probably a typo of. */
  guess?: string;
  /** For a missing key: its name. */
  missing?: string;
}

/** The problem one ajv error describes; `path` is where its value is. */
export function explain(e: ErrorObject, path: KeyPath): Problem {
  const custom = (e.parentSchema as SchemaNode | undefined)?.errorMessage;
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case "additionalProperties": {
      const key = String(p.additionalProperty);
      const known = Object.keys(((e.parentSchema as SchemaNode).properties as SchemaNode | undefined) ?? {});
      const guess = closest(key, known);
      const hint = guess === undefined ? "" : ` (did you mean "${guess}"?)`;
      return { path: [...path, key], message: `unknown key "${key}"${hint}`, target: "key", guess };
    }
    case "required": {
      const missing = String(p.missingProperty);
      return { path, message: `missing required key "${missing}"`, missing };
    }
    case "not": {
      const both = ((e.schema as SchemaNode).required as string[] | undefined) ?? [];
      if (both.length === 2) {
        return {
          path: [...path, both[1] ?? ""],
          message: `cannot be given together with "${both[0]}"`,
          target: "key",
        };
      }
      return { path, message: "is not allowed here" };
    }
    case "type":
      return { path, message: `must be ${describeTypes(p.type)} (got ${describeValue(e.data)})` };
    case "enum":
      return {
        path,
        message:
          typeof custom === "string"
            ? custom
            : `must be one of: ${(p.allowedValues as unknown[]).map(String).join(", ")}`,
      };
    case "const":
      return {
        path,
        message: typeof custom === "string" ? custom : `must be ${JSON.stringify(p.allowedValue)}`,
      };
    case "pattern":
      return { path, message: typeof custom === "string" ? custom : `must match ${String(p.pattern)}` };
    case "format":
      return {
        path,
        message:
          p.format === "uri"
            ? "must be an absolute URL such as https://example.com/path"
            : `must be a ${String(p.format)}`,
      };
    case "minLength":
      return {
        path,
        message:
          p.limit === 1
            ? "must not be empty"
            : `must be at least ${characters(p.limit)} (got ${length(e.data)})`,
      };
    case "maxLength":
      return { path, message: `must be at most ${characters(p.limit)} (got ${length(e.data)})` };
    case "minimum":
      return { path, message: `must be ${String(p.limit)} or more` };
    case "minItems":
      return { path, message: `must have at least ${items(p.limit)}` };
    case "maxItems":
      return { path, message: `must have at most ${items(p.limit)} (got ${(e.data as unknown[]).length})` };
    case "uniqueItems": {
      const [first, again] = [Number(p.j), Number(p.i)].sort((a, b) => a - b);
      return { path: [...path, again ?? 0], message: `repeats item ${first} of the list` };
    }
    default:
      return { path, message: e.message ?? `fails ${e.keyword}` };
  }
}

function describeTypes(type: unknown): string {
  const names: Record<string, string> = {
    string: "a string",
    number: "a number",
    integer: "an integer",
    boolean: "true or false",
    object: "a mapping",
    array: "a list",
    null: "null",
  };
  return String(type)
    .split(",")
    .map((t) => names[t] ?? t)
    .join(" or ");
}

function describeValue(data: unknown): string {
  if (data === null) return "null";
  if (Array.isArray(data)) return "a list";
  if (typeof data === "object") return "a mapping";
  if (typeof data === "boolean") return String(data);
  return `a ${typeof data}`;
}

const characters = (n: unknown) => `${String(n)} character${n === 1 ? "" : "s"} long`;
const items = (n: unknown) => `${String(n)} item${n === 1 ? "" : "s"}`;
/** Characters as the schema counts them (a pair of surrogates is one), without an array of them:
 * a value may be megabytes long. */
function length(data: unknown): number {
  const text = String(data);
  let count = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}

/** The known key nearest to a mistyped one, when it is close enough to be a typo. */
function closest(key: string, known: string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    // The distance is at least the difference in length: a long key cannot be a typo of a
    // short name, and its full table of distances would cost its length times the name's.
    if (Math.abs(name.length - key.length) > 2) continue;
    const distance = name.toLowerCase() === key.toLowerCase() ? 0 : editDistance(key, name);
    if (distance <= (name.length >= 8 ? 2 : 1) && (best === undefined || distance < best.distance)) {
      best = { name, distance };
    }
  }
  return best?.name;
}

/** Edit distance where swapping two neighbours counts as one edit (the commonest typo). Three
 * rows of the table at a time: it is asked for each unknown key, and a file may hold a million. */
function editDistance(a: string, b: string): number {
  let before = new Uint32Array(b.length + 1);
  let previous = Uint32Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Uint32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, (before[j - 2] as number) + 1);
      current[j] = best;
    }
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length] as number;
}
