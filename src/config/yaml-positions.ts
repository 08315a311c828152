// Parses a configuration file with the `yaml` package keeping node ranges, and maps key paths
// back to 1-based line/column positions, so that every later check can point at the exact
// place in the file.

import { type Document, isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument } from "yaml";
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

/** Parses one file. YAML errors and warnings (unknown tags, duplicate keys, ...) are all diagnostics. */
export function parseYamlFile(
  name: string,
  path: string,
  text: string,
): { file: YamlFile; diagnostics: Diagnostic[] } {
  const lines = new LineCounter();
  // merge: YAML 1.1 `<<` merge keys are common in hand-written configuration.
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true, merge: true });
  const file: YamlFile = { name, path, doc, lines };
  const diagnostics = [...doc.errors, ...doc.warnings].map((error) => {
    const offset = error.pos[0];
    let keyPath = pathAtOffset(file, offset);
    let message = `invalid YAML: ${error.message}`;
    if (error.code === "DUPLICATE_KEY") {
      message = duplicateKeyMessage(file, keyPath);
      keyPath = keyPath.slice(0, -1);
    } else if (error.code === "MULTIPLE_DOCS") {
      message =
        "a configuration file holds one YAML document; move the one after '---' into a file of its own";
    } else if (/call stack/i.test(error.message)) {
      // The parser recurses once per level of nesting and reports running out of stack as an error.
      message = "invalid YAML: nested too deeply";
    }
    return diagnosticAtOffset(file, offset, keyPath, message);
  });
  // An alias to an anchor that does not exist only fails when the value is built; catch it here
  // so it gets a position like every other error. Without a "*" the file holds no alias, and
  // the walk over every node is not needed.
  if (!text.includes("*")) return { file, diagnostics };
  forEachNode(doc.contents, (node) => {
    if (isAlias(node) && node.resolve(doc) === undefined && node.range) {
      const keyPath = pathAtOffset(file, node.range[0]);
      diagnostics.push(diagnosticAtOffset(file, node.range[0], keyPath, `unknown anchor "*${node.source}"`));
    }
  });
  return { file, diagnostics };
}

/** Calls `visit` with every node, keys included; a loop, not recursion, whatever the depth. */
function forEachNode(root: unknown, visit: (node: unknown) => void): void {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === undefined || node === null) continue;
    visit(node);
    if (isMap(node)) {
      for (const pair of node.items) stack.push(pair.key, pair.value);
    } else if (isSeq(node)) {
      for (const item of node.items) stack.push(item);
    }
  }
}

function duplicateKeyMessage(file: YamlFile, keyPath: KeyPath): string {
  const key = String(keyPath.at(-1));
  const parent = nodeAt(file, keyPath.slice(0, -1));
  const first = isMap(parent) ? parent.items.find((pair) => keyText(pair.key) === key) : undefined;
  const firstLine =
    isScalar(first?.key) && first.key.range ? file.lines.linePos(first.key.range[0]).line : undefined;
  return `duplicate key "${key}"${firstLine === undefined ? "" : ` (first at line ${firstLine})`}`;
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
      const pair = node.items.find((p) => keyText(p.key) === String(segment));
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

function diagnosticAtOffset(file: YamlFile, offset: number, path: KeyPath, message: string): Diagnostic {
  const { line, col } = file.lines.linePos(offset);
  return { file: file.name, line, column: col, path: formatPath(path), message };
}

/** The key path of the innermost node containing `offset`, for positions the parser reports. */
function pathAtOffset(file: YamlFile, offset: number): KeyPath {
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

function nodeAt(file: YamlFile, path: KeyPath): unknown {
  let node: unknown = file.doc.contents;
  for (const segment of path) {
    if (isMap(node)) node = node.items.find((p) => keyText(p.key) === String(segment))?.value;
    else if (isSeq(node)) node = node.items[Number(segment)];
    else return undefined;
  }
  return node;
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
