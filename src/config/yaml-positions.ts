// Maps key paths of a parsed configuration file back to 1-based line/column positions, so that
// every check can point at the exact place in the file.

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
import type { Diagnostic } from "./diagnostics.ts";
import type { SourceLocation } from "./types.ts";

/** A path into the parsed value: mapping keys and list indexes. */
export type KeyPath = (string | number)[];

export interface YamlFile {
  /** The name shown in messages: as the user gave it, or relative to the working folder. */
  name: string;
  /** Absolute path, for reading `${file:...}` relative to it. */
  path: string;
  doc: Document.Parsed;
  lines: LineCounter;
}

/** Where the value at `path` starts (or its key, with target "key"). A path that goes past
 * what the file holds stops at the deepest node that exists. */
export function locate(file: YamlFile, path: KeyPath, target: "value" | "key" = "value"): SourceLocation {
  let node: unknown = file.doc.contents;
  let offset = rangeStart(node) ?? 0;
  for (const [index, segment] of path.entries()) {
    if (isAlias(node)) node = node.resolve(file.doc);
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
    if (target === "key" && index === path.length - 1 && keyOffset !== undefined) {
      offset = keyOffset;
      break;
    }
    // An empty value (`title:`) has no node: point at its key.
    offset = rangeStart(node) ?? keyOffset ?? offset;
  }
  const { line, col } = file.lines.linePos(offset);
  return { file: file.name, line, column: col };
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

export function diagnosticAt(
  file: YamlFile,
  path: KeyPath,
  message: string,
  target: "value" | "key" = "value",
): Diagnostic {
  const { line, column } = locate(file, path, target);
  return { file: file.name, line, column, path: formatPath(path), message };
}

/** "line 12" within the same file, "other.yaml:12:3" across files: where a first occurrence is. */
export function where(item: { file: YamlFile; path: KeyPath }, from: YamlFile): string {
  const at = locate(item.file, item.path);
  return item.file === from ? `line ${at.line}` : `${at.file}:${at.line}:${at.column}`;
}

export function diagnosticAtOffset(
  file: YamlFile,
  offset: number,
  path: KeyPath,
  message: string,
): Diagnostic {
  const { line, col } = file.lines.linePos(offset);
  return { file: file.name, line, column: col, path: formatPath(path), message };
}

/** The key path of the innermost node containing `offset`, for positions the parser reports. */
export function pathAtOffset(file: YamlFile, offset: number): KeyPath {
  const path: KeyPath = [];
  let node: unknown = file.doc.contents;
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

/** Segments shown at each end of a path too long to show whole. */
const PATH_SHOWN = 16;

/** `sites[0].sections[1].path`; keys that are not plain names are quoted: `spaces["my space"]`. */
function formatPath(path: KeyPath): string {
  // A path thousands of levels deep (nesting that is itself the error) is shown by its ends.
  if (path.length > PATH_SHOWN * 2) {
    return `${formatPath(path.slice(0, PATH_SHOWN))}…${formatPath(path.slice(-PATH_SHOWN)).replace(/^\./, "")}`;
  }
  let text = "";
  for (const segment of path) {
    if (typeof segment === "number") text += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(segment)) text += text === "" ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
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
