// What narrowing a file to the text that holds a node gives (yaml-block-window.ts by indentation,
// yaml-flow-window.ts by brackets): the node's offset, or the text to read for it.

import type { KeyPath } from "../model/desired.ts";

/** A value's place, or its key's. */
export type Target = "value" | "key";

/** Where the node is, from the text alone; or the text to read for `path`, which is the file's
 * from `start` (a first line's lead blanked, so every offset is the file's less `start`). */
export type Narrowed = { offset: number } | { start: number; text: string; path: KeyPath };

/** A collection's entries in the order written, and by key (a mapping's). */
export interface Collection<T> {
  kind: "seq" | "map";
  list: T[];
  byKey: Map<string, T>;
}

/** A collection of `list`. Its entries by key are the first of each, up to the first entry whose
 * key was not read: that key may be named as one after it (`!!str 1: x` and `1: y`,
 * `"\u0031": x` and `1: y` are both "1", and the first is the one placed). */
export function collectionOf<T extends { key?: string }>(kind: "seq" | "map", list: T[]): Collection<T> {
  const byKey = new Map<string, T>();
  for (const entry of list) {
    if (entry.key === undefined) break;
    if (!byKey.has(entry.key)) byKey.set(entry.key, entry);
  }
  return { kind, list, byKey };
}

/** The entry of a collection a path's segment names: a list's item by its index, a mapping's by
 * its key; undefined when there is none. */
export function entryNamed<T>(collection: Collection<T>, segment: string | number): T | undefined {
  if (collection.kind === "map") return collection.byKey.get(String(segment));
  return typeof segment === "number" ? collection.list[segment] : undefined;
}

/** Whether a mapping holds keys not read here: a segment not found among its keys may be one. */
export const keysUnread = (collection: Collection<unknown>): boolean =>
  collection.kind === "map" && collection.byKey.size < collection.list.length;
