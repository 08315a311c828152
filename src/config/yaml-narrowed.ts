// What narrowing a file to the text that holds a node gives (yaml-block-window.ts by indentation,
// yaml-flow-window.ts by brackets): the node's offset, or the text to read for it.

import type { KeyPath } from "../model/desired.ts";

/** A value's place, or its key's. */
export type Target = "value" | "key";

/** Where the node is, from the text alone; or the text to read for `path`, which is the file's
 * from `start` (a first line's lead blanked, so every offset is the file's less `start`). */
export type Narrowed = { offset: number } | { start: number; text: string; path: KeyPath };

/** Entries by their key, the first of each, up to the first entry whose key was not read: that
 * key may be named as one after it (`!!str 1: x` and `1: y`, `"\u0031": x` and `1: y` are both
 * "1", and the first is the one placed). */
export function byFirstKey<T extends { key?: string }>(entries: readonly T[]): Map<string, T> {
  const byKey = new Map<string, T>();
  for (const entry of entries) {
    if (entry.key === undefined) break;
    if (!byKey.has(entry.key)) byKey.set(entry.key, entry);
  }
  return byKey;
}

/** The entry of a collection a path's segment names: a list's item by its index, a mapping's by
 * its key; undefined when there is none. */
export function entryNamed<T>(
  collection: { kind: "seq" | "map"; list: readonly T[]; byKey: ReadonlyMap<string, T> },
  segment: string | number,
): T | undefined {
  if (collection.kind === "map") return collection.byKey.get(String(segment));
  return typeof segment === "number" ? collection.list[segment] : undefined;
}
