// Finding out whether a create whose answer was lost actually happened. After an ambiguous failure
// (5xx, reset, timeout) the client re-reads the collection and looks for the item it meant to
// create; exactly one match is taken as the create's result, no match means it never happened.
// A create refused with 409 because another run had just made the item (its unique key taken) is
// re-read the same way: the item is taken as the create's result when it is what this create
// would have made.

/** How to recognise the result of a create in its collection. */
export interface RecoverSpec {
  /** Path of the listing that would contain the created item, e.g. `/orgs/o/sites/s/redirects`. */
  list: string;
  /**
   * Dotted field paths of a listed item and the values they must hold, compared deeply, e.g.
   * `{ "title": "API", "siteSpaces.0.space.id": "spc_1" }`. Numeric segments index arrays.
   */
  match: Record<string, unknown>;
  /** Ids of items that existed before the create, which therefore cannot be its result. */
  exclude?: string[];
  /**
   * For a create of an item whose key the API keeps unique: after a 409, the values (dotted
   * paths, as `match`) the item with that key must hold to be taken as this create's result.
   * Absent: a 409 is a failure.
   */
  adopt?: Record<string, unknown>;
}

export type RecoveryResult =
  | { kind: "found"; item: Record<string, unknown> }
  | { kind: "none" }
  | { kind: "several"; ids: string[] };

export function findCreated(items: readonly unknown[], spec: RecoverSpec): RecoveryResult {
  const excluded = new Set(spec.exclude ?? []);
  const matches = items.filter(
    (item): item is Record<string, unknown> =>
      typeof item === "object" &&
      item !== null &&
      !excluded.has(String((item as { id?: unknown }).id)) &&
      matchesAll(item, spec.match),
  );
  if (matches.length === 0) return { kind: "none" };
  if (matches.length === 1) return { kind: "found", item: matches[0]! };
  return { kind: "several", ids: matches.map((item) => String(item.id)) };
}

export function matchesAll(item: unknown, match: Record<string, unknown>): boolean {
  return Object.entries(match).every(([path, expected]) => deepEqual(valueAt(item, path), expected));
}

export function valueAt(value: unknown, dottedPath: string): unknown {
  let current = value;
  for (const segment of dottedPath.split(".")) {
    if (typeof current !== "object" || current === null) return undefined;
    current = Array.isArray(current)
      ? /^\d+$/.test(segment)
        ? current[Number(segment)]
        : undefined
      : (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** Structural equality of JSON values; a missing field equals `undefined` only. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((element, index) => deepEqual(element, b[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return (
    keys.length === Object.keys(right).length &&
    keys.every((key) => Object.hasOwn(right, key) && deepEqual(left[key], right[key]))
  );
}
