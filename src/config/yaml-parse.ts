// Reads a configuration file with js-yaml: its value, and where each node is (yaml-index.ts),
// from the same reading. A file js-yaml refuses is explained by yaml-errors.ts.

import { load, YAMLException } from "js-yaml";
import type { Diagnostic } from "./diagnostics.ts";
import { explainYamlError } from "./yaml-errors.ts";
import { PositionIndex } from "./yaml-index.ts";
import type { YamlFile } from "./yaml-positions.ts";
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
    return { file, diagnostics: [], value: positions.hasValue() ? value : undefined };
  } catch (error) {
    if (!(error instanceof YAMLException)) throw error;
    return { file, diagnostics: await explainYamlError(name, text, error), value: undefined };
  }
}
