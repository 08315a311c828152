// Maps key paths of a parsed configuration file back to 1-based line/column positions, so that
// every check can point at the exact place in the file (the positions are recorded while the
// file is read: yaml-index.ts).

import type { Diagnostic } from "./diagnostics.ts";
import type { SourceLocation } from "./types.ts";

/** A path into the parsed value: mapping keys and list indexes. */
export type KeyPath = (string | number)[];

/** Where the nodes of one file are. */
export interface Positions {
  /** The offset where the value at `path` starts, or its key with target "key". A path that goes
   * past what the file holds stops at the deepest node that exists. */
  offsetOf(path: KeyPath, target: "value" | "key"): number;
  /** 1-based line and column of an offset. */
  linePos(offset: number): { line: number; col: number };
  /** Whether the value at `path` (or its key, with target "key") is a plain (unquoted) string. */
  isPlain(path: KeyPath, target?: "value" | "key"): boolean;
}

export interface YamlFile {
  /** The name shown in messages: as the user gave it, or relative to the working folder. */
  name: string;
  /** Absolute path, for reading `${file:...}` relative to it. */
  path: string;
  positions: Positions;
}

/** Where the value at `path` starts (or its key, with target "key"). A path that goes past
 * what the file holds stops at the deepest node that exists. */
export function locate(file: YamlFile, path: KeyPath, target: "value" | "key" = "value"): SourceLocation {
  const { line, col } = file.positions.linePos(file.positions.offsetOf(path, target));
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

/** Segments shown at each end of a path too long to show whole. */
const PATH_SHOWN = 16;

/** `sites[0].sections[1].path`; keys that are not plain names are quoted: `spaces["my space"]`. */
export function formatPath(path: KeyPath): string {
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
