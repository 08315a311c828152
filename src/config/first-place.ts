// Where a first occurrence is, told from the later one whose diagnostic is being written: the
// diagnostic names its own file and line already, so the first place says only what differs.

import { type KeyPath, locate, type Positions, type YamlFile } from "./yaml-positions.ts";

/** "line 12" within the same file, "other.yaml:12:3" across files: where a first occurrence is;
 * "column 7" when it is on the line of `later`, the path whose diagnostic names that line already. */
export function where(item: { file: YamlFile; path: KeyPath }, from: YamlFile, later?: KeyPath): string {
  const at = locate(item);
  if (item.file !== from) return `${at.file}:${at.line}:${at.column}`;
  if (later !== undefined && locate({ file: from, path: later }).line === at.line)
    return `column ${at.column}`;
  return `line ${at.line}`;
}

/** Where an earlier place of a file is, told from a later one (`at`) whose diagnostic names its
 * line already: "line 3", or "column 12" when it is on that same line. */
export function earlierPlace(positions: Positions, earlier: number, at: number): string {
  const first = positions.linePos(earlier);
  return first.line === positions.linePos(at).line ? `column ${first.col}` : `line ${first.line}`;
}
