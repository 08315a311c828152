// Reads a configuration file with js-yaml: its value, nothing else. Where its nodes are is
// computed only when a message asks (yaml-document.ts); a file js-yaml refuses is explained by
// yaml-errors.ts.

import { load, YAMLException } from "js-yaml";
import { aliasExpansion, expansionLimit } from "./alias-expansion.ts";
import { type Diagnostic, formatPath } from "./diagnostics.ts";
import { Positions } from "./yaml-document.ts";
import { explainYamlError } from "./yaml-errors.ts";
import type { YamlFile } from "./yaml-positions.ts";
import { CONFIG_SCHEMA, PlainInterpolation } from "./yaml-schema.ts";

export interface ParsedYaml {
  file: YamlFile;
  diagnostics: Diagnostic[];
  /** undefined for a file with no value (only comments, or nothing). */
  value: unknown;
}

export function parseYamlFile(name: string, path: string, text: string): ParsedYaml {
  const file = { name, path, positions: new Positions(text) };
  let value: unknown;
  try {
    // Deeper nesting is refused: no configuration needs it, and each level is a call in the reader.
    // (Options of js-yaml 4.3 that its type declarations do not list yet.)
    const limits = { maxDepth: 500, maxTotalMergeKeys: expansionLimit(text) };
    value = load(text, { schema: CONFIG_SCHEMA, ...limits });
  } catch (error) {
    if (!(error instanceof YAMLException)) throw error;
    return { file, diagnostics: explainYamlError(file, error), value: undefined };
  }
  const problem = aliasExpansion(file, value, text) ?? misreadEmptyItem(file, text, value);
  if (problem !== undefined) return { file, diagnostics: [problem], value: undefined };
  // js-yaml reads a file of comments as null, as it reads `~`.
  if (value === null && !file.positions.hasValue()) value = undefined;
  // A file that is one scalar is refused as not a mapping, whatever it holds.
  return { file, diagnostics: [], value: value instanceof PlainInterpolation ? value.text : value };
}

/** A line ending in an empty list item ("-" alone), then, past blank lines and comments, a "-"
 * less indented: the groups are what comes before each. */
const EMPTY_ITEM_THEN_OUTER = /^([ -]*)-[ \t]*(?:#.*)?\r?\n(?:[ \t]*(?:#.*)?\r?\n)*( *)-(?:[ \t]|\r?$)/gm;

/** js-yaml 4 reads the items of an outer list that follow an empty item into the empty item's
 * list (`- - a`, then `  -`, then `- b`). Such a file, where the `yaml` package reads lists of
 * other lengths, is refused at the empty item. */
function misreadEmptyItem(file: YamlFile, text: string, value: unknown): Diagnostic | undefined {
  for (const found of text.matchAll(EMPTY_ITEM_THEN_OUTER)) {
    const [, before = "", outer = ""] = found;
    if (outer.length >= before.length) continue;
    const { positions } = file;
    const { doc } = positions.document();
    if (doc.errors.length > 0 || sameLists(value, doc.toJS({ maxAliasCount: -1 }))) return undefined;
    const at = found.index + before.length;
    const { line, col } = positions.linePos(at);
    const message = `an empty list item ("-" alone) cannot come just before an item of an outer list, which would be read into its list: write "- null"`;
    return { file: file.name, line, column: col, path: formatPath(positions.pathAt(at)), message };
  }
  return undefined;
}

/** Whether each list of `ours` has as many items as the list at its place in `theirs`. */
function sameLists(ours: unknown, theirs: unknown): boolean {
  const at = (key: string) => (theirs as Record<string, unknown> | null)?.[key];
  if (Array.isArray(ours))
    return (
      Array.isArray(theirs) &&
      ours.length === theirs.length &&
      ours.every((item, i) => sameLists(item, at(String(i))))
    );
  return (
    ours === null ||
    typeof ours !== "object" ||
    Object.entries(ours).every(([key, item]) => sameLists(item, at(key)))
  );
}
