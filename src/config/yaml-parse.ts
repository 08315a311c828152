// Parses a configuration file: with the fast reader (yaml-fast.ts) when the file keeps to the
// forms it reads, which gives the value and compact positions; otherwise with the `yaml`
// package, keeping its document tree for the positions, and turning every YAML problem into a
// diagnostic: syntax errors and warnings, duplicate keys and aliases to anchors that do not exist.

import {
  type Document,
  isAlias,
  isMap,
  isScalar,
  LineCounter,
  type Pair,
  parseDocument,
  type YAMLMap,
} from "yaml";
import type { Diagnostic } from "./diagnostics.ts";
import { SENSITIVE_KEYS } from "./sensitive-fields.ts";
import { DocumentPositions } from "./yaml-doc-positions.ts";
import { parseFast, type StringSite } from "./yaml-fast.ts";
import { diagnosticAtOffset, type YamlFile } from "./yaml-positions.ts";
import { type NodeVisit, pathOf, walkNodes } from "./yaml-walk.ts";

/** A file's content as read: the fast reader's value, or the `yaml` package's document. */
export type YamlContent =
  | {
      kind: "value";
      value: unknown;
      /** The strings interpolation looks at: those holding a "$" or under a sensitive key. */
      strings: StringSite[];
    }
  | { kind: "document"; doc: Document.Parsed };

export interface ParsedYaml {
  file: YamlFile;
  diagnostics: Diagnostic[];
  content: YamlContent;
}

export function parseYamlFile(name: string, path: string, text: string): ParsedYaml {
  const fast = parseFast(text, SENSITIVE_KEYS);
  if (fast !== undefined) {
    return {
      file: { name, path, positions: fast.positions },
      diagnostics: [],
      content: { kind: "value", value: fast.value, strings: fast.strings },
    };
  }
  const lines = new LineCounter();
  // merge: YAML 1.1 `<<` merge keys are common in hand-written configuration.
  // uniqueKeys: the package compares each key with every key before it, which takes minutes on
  // a mapping of 100,000 keys; duplicateKeys below does the same check in one pass.
  const doc = parseDocument(text, {
    lineCounter: lines,
    prettyErrors: false,
    uniqueKeys: false,
    merge: true,
  });
  const positions = new DocumentPositions(doc, lines);
  const file: YamlFile = { name, path, positions };
  const diagnostics = [...doc.errors, ...doc.warnings].map((error) => {
    const offset = error.pos[0];
    let message = `invalid YAML: ${error.message}`;
    if (error.code === "MULTIPLE_DOCS") {
      message =
        "a configuration file holds one YAML document; move the one after '---' into a file of its own";
    } else if (/call stack/i.test(error.message)) {
      // The parser recurses once per level of nesting and reports running out of stack as an error.
      message = "invalid YAML: nested too deeply";
    }
    return diagnosticAtOffset(file, offset, positions.pathAtOffset(offset), message);
  });
  // An alias to an anchor that does not exist only fails when the value is built; catch it here
  // so it gets a position like every other error. Without a "*" the file holds no alias.
  const aliases = text.includes("*");
  walkNodes(doc.contents, (at) => {
    const { node } = at;
    if (isMap(node)) {
      duplicateKeys(file, node, at, diagnostics);
      if (aliases) for (const pair of node.items) unknownAlias(file, doc, pair.key, at, diagnostics);
    } else if (aliases) {
      unknownAlias(file, doc, node, at, diagnostics);
    }
  });
  return { file, diagnostics, content: { kind: "document", doc } };
}

/** Whether the file holds no value at all (only comments, or nothing). */
export function isEmptyContent(content: YamlContent): boolean {
  return content.kind === "document" && content.doc.contents === null;
}

/** The file's value; throws for a document whose aliases expand too far (an alias bomb). */
export function contentValue(content: YamlContent): unknown {
  return content.kind === "value" ? content.value : content.doc.toJS({ maxAliasCount: 1000 });
}

/** Mappings up to this size are checked by comparing keys pairwise, larger ones with a Map. */
const COMPARE_AT_MOST = 8;

/** A key that repeats one before it in the same mapping, as the `yaml` package compares them:
 * scalar keys with the same value. Reported at the repeat, naming the line of the first. */
function duplicateKeys(file: YamlFile, map: YAMLMap, at: NodeVisit, out: Diagnostic[]): void {
  const report = (first: Pair, again: Pair) => {
    const offset = rangeStart(again.key) ?? 0;
    const firstAt = rangeStart(first.key);
    const where = firstAt === undefined ? "" : ` (first at line ${file.positions.linePos(firstAt).line})`;
    const key = String((again.key as { value: unknown }).value);
    out.push(diagnosticAtOffset(file, offset, pathOf(at), `duplicate key "${key}"${where}`));
  };
  const { items } = map;
  if (items.length <= COMPARE_AT_MOST) {
    for (let j = 1; j < items.length; j++) {
      const again = items[j] as Pair;
      if (!isScalar(again.key)) continue;
      for (let i = 0; i < j; i++) {
        const first = items[i] as Pair;
        if (isScalar(first.key) && first.key.value === again.key.value) {
          report(first, again);
          break;
        }
      }
    }
    return;
  }
  const firsts = new Map<unknown, Pair>();
  for (const pair of items) {
    if (!isScalar(pair.key) || Number.isNaN(pair.key.value)) continue;
    const first = firsts.get(pair.key.value);
    if (first === undefined) firsts.set(pair.key.value, pair);
    else report(first, pair);
  }
}

function unknownAlias(
  file: YamlFile,
  doc: Document.Parsed,
  node: unknown,
  at: NodeVisit,
  out: Diagnostic[],
): void {
  if (!isAlias(node) || node.resolve(doc) !== undefined || node.range == null) return;
  out.push(diagnosticAtOffset(file, node.range[0], pathOf(at), `unknown anchor "*${node.source}"`));
}

function rangeStart(node: unknown): number | undefined {
  return (node as { range?: [number, number, number] } | null)?.range?.[0];
}
