// Where the values of a configuration file were written (1-based lines and columns), looked up by
// key path in the `yaml` package's reading of the file, made when a position is first asked for:
// js-yaml gives the values, and the two read files alike (test/config/yaml-positions.test.ts).
// Where each configured item was written is kept as its path until it is read.

import type { Alias, Document, LineCounter, Pair, YAMLMap } from "yaml";
import type { KeyPath, SourceLocation } from "../model/desired.ts";
import { type Diagnostic, formatPath } from "./diagnostics.ts";
import { yamlPackage } from "./yaml-package.ts";

export type { KeyPath };
/** A value's place, or its key's. */
export type Target = "value" | "key";

let documentsRead = 0;
/** How many files' positions were computed in this process: none while files load without error. */
export const positionsComputed = (): number => documentsRead;

const range = (node: unknown) => (node as { range?: [number, number, number] } | null)?.range;

/** A key as js-yaml names it: by its text (`~` is "null", a plain `<<` is "<<"). */
function keyText(key: unknown): string | undefined {
  const value = yamlPackage().isScalar(key) ? key.value : {};
  if (typeof value === "symbol") return value.description;
  return value === null || typeof value !== "object" ? String(value) : undefined;
}

export class Positions {
  private read?: { doc: Document.Parsed; lines: LineCounter };
  /** A mapping's pairs by key (the first of each), made when it is first looked into. */
  private readonly pairs = new WeakMap<YAMLMap, Map<string | undefined, Pair>>();

  constructor(readonly text: string) {}

  /** The `yaml` package's document of the file: repeated keys are errors, merge keys are known. */
  document(): { doc: Document.Parsed; lines: LineCounter } {
    if (this.read === undefined) {
      const { LineCounter, parseDocument } = yamlPackage();
      const lines = new LineCounter();
      // Repeated keys are found by duplicateKeys(): the package's own check is quadratic in a
      // mapping's keys, and a mapping of 100,000 keys would take hours.
      const options = { lineCounter: lines, prettyErrors: false, merge: true, uniqueKeys: false } as const;
      const doc = parseDocument(this.text, options);
      this.read = { doc, lines };
      documentsRead++;
    }
    return this.read;
  }

  /** Every alias of the file, in the order written, and the document they resolve in. */
  aliases(): { doc: Document.Parsed; aliases: Alias[] } {
    const { doc } = this.document();
    const aliases: Alias[] = [];
    yamlPackage().visit(doc, { Alias: (_, node) => void aliases.push(node) });
    return { doc, aliases };
  }

  /** Each key written again in its mapping (js-yaml's sense: the same text; a plain `<<`, a
   * merge, may repeat), at the repeat, with its key path and the offset of the first. */
  duplicateKeys(): { at: number; path: KeyPath; first: number }[] {
    const { isMap, isScalar, isSeq } = yamlPackage();
    const found: { at: number; path: KeyPath; first: number }[] = [];
    const pending: [unknown, KeyPath][] = [[this.document().doc.contents, []]];
    // Without recursion, as the file may nest deeper than the stack goes.
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      const [node, path] = next;
      if (isSeq(node))
        for (const [index, item] of node.items.entries()) pending.push([item, [...path, index]]);
      if (!isMap(node)) continue;
      const seen = new Map<string, number>();
      for (const pair of node.items) {
        const key = keyText(pair.key);
        const at = range(pair.key)?.[0] ?? 0;
        const merge = isScalar(pair.key) && typeof pair.key.value === "symbol";
        if (key !== undefined) pending.push([pair.value, [...path, key]]);
        if (key === undefined || merge) continue;
        const first = seen.get(key);
        if (first === undefined) seen.set(key, at);
        else found.push({ at, path: [...path, key], first });
      }
    }
    return found.sort((a, b) => a.at - b.at);
  }

  /** Whether the file holds a value: more than comments, spaces and a document marker. */
  hasValue(): boolean {
    const { contents } = this.document().doc;
    return contents !== null && (contents as { source?: string }).source !== "";
  }

  /** The offset where the value at `path` starts, or its key with target "key". A path that goes
   * past what the file holds stops at the deepest node that exists; an empty value is at its key. */
  offsetOf(path: KeyPath, target: Target = "value"): number {
    const { isAlias, isMap, isSeq } = yamlPackage();
    const { doc } = this.document();
    let node: unknown = doc.contents;
    let offset = range(node)?.[0] ?? 0;
    for (const [index, segment] of path.entries()) {
      if (isAlias(node)) node = node.resolve(doc);
      let keyAt: number | undefined;
      if (isMap(node)) {
        let pairs = this.pairs.get(node);
        if (pairs === undefined) {
          pairs = new Map(node.items.toReversed().map((pair) => [keyText(pair.key), pair as Pair]));
          this.pairs.set(node, pairs);
        }
        const pair = pairs.get(String(segment));
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
    const holds = (node: unknown) =>
      (range(node)?.[0] ?? offset + 1) <= offset && offset < (range(node)?.[2] ?? 0);
    const path: KeyPath = [];
    for (let node: unknown = this.document().doc.contents; ; ) {
      const pair = isMap(node) ? node.items.find((p) => holds(p.key) || holds(p.value)) : undefined;
      const index = isSeq(node) ? node.items.findIndex(holds) : -1;
      const key = keyText(pair?.key);
      if (key !== undefined) path.push(key);
      else if (index !== -1) path.push(index);
      else return path;
      if (pair !== undefined && holds(pair.key)) return path;
      node = pair !== undefined ? pair.value : (node as { items: unknown[] }).items[index];
    }
  }

  /** 1-based line and column of an offset. */
  linePos(offset: number): { line: number; col: number } {
    return this.document().lines.linePos(offset);
  }
}

export interface YamlFile {
  /** The name shown in messages: as the user gave it, or relative to the working folder. */
  name: string;
  /** Absolute path, for reading `${file:...}` relative to it. */
  path: string;
  positions: Positions;
}

/** A value of a file and where it is in the file. */
type Written = { file: YamlFile; path: KeyPath };

/** A location, with what its line and column are looked up from until either is first read. */
type Place = SourceLocation & { from?: [Written, Target] };
function placed(place: Place, key: string | symbol): Place {
  if (place.from !== undefined && (key === "line" || key === "column")) {
    const [{ file, path }, target] = place.from;
    const { line, col } = file.positions.linePos(file.positions.offsetOf(path, target));
    Object.assign(place, { line, column: col, from: undefined });
  }
  return place;
}
/** To every reader a plain object of the fields file, line and column (equal to one), whose line
 * and column are looked up when first read. A Proxy: an object with getters of its own costs ten
 * times as much to make, and each of 100,000 redirects has a location. */
const LAZILY: ProxyHandler<Place> = {
  get: (place, key) => Reflect.get(placed(place, key), key),
  ownKeys: () => ["file", "line", "column"],
  getOwnPropertyDescriptor: (place, key) =>
    key === "from" ? undefined : Reflect.getOwnPropertyDescriptor(placed(place, key), key),
};

/** Where `item` was written: where its value starts (or its key, with target "key"). A path that
 * goes past what the file holds stops at the deepest node that exists. */
export function locate(item: Written, target: Target = "value"): SourceLocation {
  return new Proxy<Place>({ file: item.file.name, line: 0, column: 0, from: [item, target] }, LAZILY);
}

export function diagnosticAt(file: YamlFile, path: KeyPath, message: string, target: Target = "value") {
  return diagnosticAtOffset(file, file.positions.offsetOf(path, target), message, path);
}

/** A diagnostic at an offset of the file, under the key path of the node there (or `path`). */
export function diagnosticAtOffset(file: YamlFile, offset: number, message: string, path?: KeyPath) {
  const { line, col } = file.positions.linePos(offset);
  const at = formatPath(path ?? file.positions.pathAt(offset));
  return { file: file.name, line, column: col, path: at, message } satisfies Diagnostic;
}

/** "line 12" within the same file, "other.yaml:12:3" across files: where a first occurrence is. */
export function where(item: { file: YamlFile; path: KeyPath }, from: YamlFile): string {
  const at = locate(item);
  return item.file === from ? `line ${at.line}` : `${at.file}:${at.line}:${at.column}`;
}
