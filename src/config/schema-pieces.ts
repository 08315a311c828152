// A value with a list or mapping of many entries is validated a piece of that collection at a
// time: the validator reports every error (allErrors), and a list of 2,500,000 wrong items would
// be 5,000,000 error objects, gigabytes, before the first of them is placed. Each piece holds at
// most PIECE entries of the collection, with everything else of the value as it is; a piece's
// errors inside the collection are its own, its errors elsewhere are the first piece's.

import type { KeyPath } from "./yaml-positions.ts";

/** The most entries of one collection validated at once. Each piece validates the rest of the
 * value again: a valid file with a second large collection is checked that many times. */
export const PIECE = 10_000;
/** The same, for a value known to have errors: a piece's errors, and what translating them
 * makes, then die young. With pieces of 10,000, a mapping of 600,000 unknown keys peaked 150 MB
 * higher, a list of 2,500,000 aliases with errors 110 MB higher. */
export const ERRORS_PIECE = 1_000;
/** How deep a large collection is looked for: the lists and mappings of a configuration. */
const SEARCH_DEPTH = 4;

export interface Piece {
  /** The value, with the large collection cut to this piece's entries. */
  value: unknown;
  /** Where the collection is, and the index of this piece's first entry in it (0 for a mapping). */
  at: KeyPath;
  first: number;
  /** Whether this is the first piece: its errors outside the collection are kept. */
  leading: boolean;
}

/** Where a value is cut into pieces: its large collection, with a mapping's keys listed once.
 * Listing the keys of a mapping of 600,000 costs 5 MB each time, kept until the next full
 * collection of garbage: a check that makes pieces more than once lists them once. */
export interface Split {
  at: KeyPath;
  collection: unknown;
  /** A mapping's keys, in order; undefined for a list. */
  keys?: string[];
}

/** The first collection of more than `size` entries in `value` (breadth first), or undefined. */
export function splitOf(value: unknown, size: number): Split | undefined {
  let level: [unknown, KeyPath][] = [[value, []]];
  for (let depth = 0; depth <= SEARCH_DEPTH && level.length > 0; depth++) {
    const next: [unknown, KeyPath][] = [];
    for (const [node, path] of level) {
      if (node === null || typeof node !== "object") continue;
      // A long list is known by its length, before a path is made for each of its items.
      if (Array.isArray(node) && node.length > PIECE) return { at: path, collection: node };
      if (Array.isArray(node)) {
        if (node.length > size) return { at: path, collection: node };
        if (depth < SEARCH_DEPTH)
          for (const [index, item] of node.entries()) next.push([item, [...path, index]]);
        continue;
      }
      const keys = Object.keys(node);
      if (keys.length > size) return { at: path, collection: node, keys };
      if (depth < SEARCH_DEPTH)
        for (const key of keys) next.push([(node as Record<string, unknown>)[key], [...path, key]]);
    }
    level = next;
  }
  return undefined;
}

/** `root` with the node at `path` replaced by `replacement`, copying only the containers on the way. */
function replaced(root: unknown, path: KeyPath, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...KeyPath];
  const container = root as Record<string | number, unknown>;
  const copy = Array.isArray(root) ? [...root] : { ...container };
  (copy as Record<string | number, unknown>)[head] = replaced(container[head], rest, replacement);
  return copy;
}

/** The pieces `value` is validated in, of `size` entries of `split`'s collection: itself alone
 * when it has no larger collection. */
export function* pieces(value: unknown, size = PIECE, split = splitOf(value, size)): Generator<Piece> {
  if (split === undefined) {
    yield { value, at: [], first: 0, leading: true };
    return;
  }
  const { at, collection, keys } = split;
  if (keys === undefined) {
    const list = collection as unknown[];
    for (let first = 0; first < list.length; first += size) {
      const part = list.slice(first, first + size);
      yield { value: replaced(value, at, part), at, first, leading: first === 0 };
    }
    return;
  }
  const whole = collection as Record<string, unknown>;
  for (let first = 0; first < keys.length; first += size) {
    const part: Record<string, unknown> = {};
    for (let i = first; i < Math.min(keys.length, first + size); i++) {
      const key = keys[i] as string;
      part[key] = whole[key];
    }
    yield { value: replaced(value, at, part), at, first: 0, leading: first === 0 };
  }
}

/** Whether an error at `path` of a piece is kept: inside the collection, or of the first piece. */
export function keptFrom(piece: Piece, path: KeyPath): boolean {
  const inside = path.length > piece.at.length && piece.at.every((key, i) => path[i] === key);
  return inside || piece.leading;
}

/** An error's path in the whole value: list indexes inside the piece moved to the whole list's. */
export function inWhole(piece: Piece, path: KeyPath): KeyPath {
  if (piece.first === 0 || path.length <= piece.at.length) return path;
  const moved = [...path];
  moved[piece.at.length] = (moved[piece.at.length] as number) + piece.first;
  return moved;
}
