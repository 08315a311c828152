// Positions in a file the `yaml` package has read into a document tree: the files the fast
// reader (yaml-fast.ts) leaves to it, which keep their tree for the positions and the checks.

import {
  type Document,
  isAlias,
  isMap,
  isScalar,
  isSeq,
  type LineCounter,
  type Pair,
  type YAMLMap,
} from "yaml";
import type { KeyPath, Positions } from "./yaml-positions.ts";

export class DocumentPositions implements Positions {
  constructor(
    readonly doc: Document.Parsed,
    readonly lines: LineCounter,
  ) {}

  /** Where the value at `path` starts (or its key, with target "key"). A path that goes past
   * what the file holds stops at the deepest node that exists. */
  offsetOf(path: KeyPath, target: "value" | "key"): number {
    let node: unknown = this.doc.contents;
    let offset = rangeStart(node) ?? 0;
    for (const [index, segment] of path.entries()) {
      if (isAlias(node)) node = node.resolve(this.doc);
      let keyOffset: number | undefined;
      if (isMap(node)) {
        const pair = pairWithKey(node, String(segment));
        if (pair === undefined) break;
        keyOffset = rangeStart(pair.key);
        node = pair.value;
      } else if (isSeq(node) && typeof segment === "number") {
        node = node.items[segment];
      } else {
        break;
      }
      if (target === "key" && index === path.length - 1 && keyOffset !== undefined) return keyOffset;
      // An empty value (`title:`) has no node: point at its key.
      offset = rangeStart(node) ?? keyOffset ?? offset;
    }
    return offset;
  }

  linePos(offset: number): { line: number; col: number } {
    return this.lines.linePos(offset);
  }

  /** The key path of the innermost node containing `offset`, for positions the parser reports. */
  pathAtOffset(offset: number): KeyPath {
    const path: KeyPath = [];
    let node: unknown = this.doc.contents;
    for (;;) {
      if (isMap(node)) {
        const pair = node.items.find((p) => contains(p.key, offset) || contains(p.value, offset));
        const key = pair === undefined ? undefined : keyText(pair.key);
        if (pair === undefined || key === undefined) return path;
        path.push(key);
        if (contains(pair.key, offset)) return path;
        node = pair.value;
      } else if (isSeq(node)) {
        const index = node.items.findIndex((item) => contains(item, offset));
        if (index === -1) return path;
        path.push(index);
        node = node.items[index];
      } else {
        return path;
      }
    }
  }
}

/** Mappings with more pairs than this get an index of their keys the first time one is looked up,
 * so that pointing at each of 100,000 entries does not scan the mapping each time. */
const SCAN_AT_MOST = 16;
const keyIndexes = new WeakMap<YAMLMap, Map<string, Pair>>();

function pairWithKey(map: YAMLMap, key: string): Pair | undefined {
  if (map.items.length <= SCAN_AT_MOST) return map.items.find((p) => keyText(p.key) === key);
  let index = keyIndexes.get(map);
  if (index === undefined) {
    index = new Map();
    for (const pair of map.items) {
      const text = keyText(pair.key);
      // The first pair with a key wins, as a scan would find it.
      if (text !== undefined && !index.has(text)) index.set(text, pair);
    }
    keyIndexes.set(map, index);
  }
  return index.get(key);
}

export function keyText(key: unknown): string | undefined {
  return isScalar(key) && key.value !== null && typeof key.value !== "object" ? String(key.value) : undefined;
}

function rangeStart(node: unknown): number | undefined {
  return (node as { range?: [number, number, number] } | null)?.range?.[0];
}

function contains(node: unknown, offset: number): boolean {
  const range = (node as { range?: [number, number, number] } | null)?.range;
  return range !== undefined && range[0] <= offset && offset < range[2];
}
