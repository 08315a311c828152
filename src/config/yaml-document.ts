// Where the nodes of a configuration file are: the `yaml` package's reading of the file, whose
// nodes hold their ranges, made the first time a position is asked for. js-yaml gives the values;
// the two read files alike (test/config/yaml-positions.test.ts). A file that loads without error
// asks for no position.

import type { Document, LineCounter, Pair, YAMLMap } from "yaml";
import type { KeyPath } from "../model/desired.ts";
import { yamlPackage } from "./yaml-package.ts";

let documentsRead = 0;
/** How many files' positions were computed in this process: none while files load without error. */
export const positionsComputed = (): number => documentsRead;

const range = (node: unknown): number[] | undefined => (node as { range?: number[] } | null)?.range;

/** A key as js-yaml names it: a scalar by its text (`~` is "null"). */
const keyText = (key: unknown): string | undefined => {
  const value = yamlPackage().isScalar(key) ? (key.value as unknown) : {};
  return value === null || typeof value !== "object" ? String(value) : undefined;
};

export class Positions {
  private read?: { doc: Document.Parsed; lines: LineCounter };
  /** A mapping's pairs by key, the first of each, made when the mapping is first looked into. */
  private readonly pairs = new WeakMap<YAMLMap, Map<string | undefined, Pair>>();

  constructor(private readonly text: string) {}

  /** The `yaml` package's document of the file: repeated keys are errors, merge keys are known. */
  document(): { doc: Document.Parsed; lines: LineCounter } {
    if (this.read === undefined) {
      const { LineCounter, parseDocument } = yamlPackage();
      const lines = new LineCounter();
      this.read = {
        doc: parseDocument(this.text, { lineCounter: lines, prettyErrors: false, merge: true }),
        lines,
      };
      documentsRead++;
    }
    return this.read;
  }

  /** Whether the file holds a value: more than comments, spaces and a document marker. */
  hasValue(): boolean {
    const { contents } = this.document().doc;
    return contents !== null && (contents as { source?: string }).source !== "";
  }

  /** The offset where the value at `path` starts, or its key with target "key". A path that goes
   * past what the file holds stops at the deepest node that exists; an empty value is at its key. */
  offsetOf(path: KeyPath, target: "value" | "key" = "value"): number {
    const { isAlias, isMap, isSeq } = yamlPackage();
    const { doc } = this.document();
    let node: unknown = doc.contents;
    let offset = range(node)?.[0] ?? 0;
    for (const [index, segment] of path.entries()) {
      if (isAlias(node)) node = node.resolve(doc);
      let keyAt: number | undefined;
      if (isMap(node)) {
        const pair = this.pairsOf(node).get(String(segment));
        if (pair === undefined) break;
        keyAt = range(pair.key)?.[0];
        node = pair.value;
      } else if (isSeq(node) && typeof segment === "number") {
        node = node.items[segment];
      } else {
        break;
      }
      if (target === "key" && index === path.length - 1 && keyAt !== undefined) return keyAt;
      offset = range(node)?.[0] ?? keyAt ?? offset;
    }
    return offset;
  }

  /** The key path of the innermost node holding `offset`: a key's path ends with that key. */
  pathAt(offset: number): KeyPath {
    const { isMap, isSeq } = yamlPackage();
    const holds = (node: unknown) => {
      const [from = Number.POSITIVE_INFINITY, , to = 0] = range(node) ?? [];
      return from <= offset && offset < to;
    };
    const path: KeyPath = [];
    for (let node: unknown = this.document().doc.contents; ; ) {
      if (isMap(node)) {
        const pair = node.items.find((p) => holds(p.key) || holds(p.value));
        const key = keyText(pair?.key);
        if (pair === undefined || key === undefined) return path;
        path.push(key);
        if (holds(pair.key)) return path;
        node = pair.value;
      } else if (isSeq(node) && node.items.some(holds)) {
        path.push(node.items.findIndex(holds));
        node = node.items[path.at(-1) as number];
      } else {
        return path;
      }
    }
  }

  private pairsOf(map: YAMLMap): Map<string | undefined, Pair> {
    let byKey = this.pairs.get(map);
    if (byKey === undefined) {
      byKey = new Map(map.items.toReversed().map((pair) => [keyText(pair.key), pair as Pair]));
      this.pairs.set(map, byKey);
    }
    return byKey;
  }

  /** 1-based line and column of an offset. */
  linePos(offset: number): { line: number; col: number } {
    return this.document().lines.linePos(offset);
  }
}
