// Reads a configuration file with js-yaml: its value, and where each node is (yaml-index.ts),
// from the same reading. A file js-yaml refuses is explained by yaml-errors.ts.

import { load, YAMLException } from "js-yaml";
import type { Diagnostic } from "./diagnostics.ts";
import { explainYamlError } from "./yaml-errors.ts";
import { PositionIndex } from "./yaml-index.ts";
import { diagnosticAt, type YamlFile } from "./yaml-positions.ts";
import { CONFIG_SCHEMA } from "./yaml-schema.ts";

/** Deeper nesting is refused: no configuration needs it, and each level is a call in the reader. */
const MAX_DEPTH = 500;

export interface ParsedYaml {
  file: YamlFile;
  diagnostics: Diagnostic[];
  /** undefined for a file with no value (only comments, or nothing). */
  value: unknown;
}

export async function parseYamlFile(name: string, path: string, text: string): Promise<ParsedYaml> {
  const positions = new PositionIndex(text);
  const file = { name, path, positions };
  try {
    const options = { schema: CONFIG_SCHEMA, listener: positions.listener, maxDepth: MAX_DEPTH };
    const value = load(text, options);
    // An alias is its anchor's value again, shared: every walk of the value (the schema, the
    // checks) goes through it once per use, so a few lines of aliases of aliases can stand for
    // billions of nodes. Past ten nodes a character of the file, that is refused.
    const nodes = text.includes("*") ? expandedSize(value, new Map()) : 0;
    if (nodes > Math.max(100_000, 10 * text.length)) {
      const message = `aliases repeat too much: the value would hold ${nodes.toLocaleString("en-US")} nodes; write the repeated parts out, or use fewer aliases`;
      return { file, diagnostics: [diagnosticAt(file, [], message)], value: undefined };
    }
    return { file, diagnostics: [], value: positions.hasValue() ? value : undefined };
  } catch (error) {
    if (!(error instanceof YAMLException)) throw error;
    return { file, diagnostics: await explainYamlError(name, text, error), value: undefined };
  }
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
