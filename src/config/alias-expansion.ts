// An alias is its anchor's value again, shared: every walk of a file's value (interpolation, the
// schema, the checks) goes through it once per use, so a few lines of aliases of aliases can
// stand for billions of nodes. Past ten nodes a character of the file, the file is refused.

import type { Diagnostic } from "./diagnostics.ts";
import { diagnosticAt, type YamlFile } from "./yaml-positions.ts";

/** The most nodes a file of `text` may stand for, aliases expanded; and the most keys its merge
 * keys (<<) may copy. */
export const expansionLimit = (text: string): number => Math.max(100_000, 10 * text.length);

/** A problem when `value`, read from `text`, holds too many nodes with its aliases expanded. */
export function aliasExpansion(file: YamlFile, value: unknown, text: string): Diagnostic | undefined {
  const nodes = text.includes("*") ? expandedSize(value, new Map()) : 0;
  if (nodes <= expansionLimit(text)) return undefined;
  const message = `aliases repeat too much: the value would hold ${nodes.toLocaleString("en-US")} nodes; write the repeated parts out, or use fewer aliases`;
  return diagnosticAt(file, [], message);
}

/** How many nodes `value` holds with its aliases expanded: each shared object counts each time. */
function expandedSize(value: unknown, known: Map<object, number>): number {
  if (value === null || typeof value !== "object") return 1;
  let size = known.get(value);
  if (size === undefined) {
    size = 1;
    for (const item of Object.values(value)) size += expandedSize(item, known);
    known.set(value, size);
  }
  return size;
}
