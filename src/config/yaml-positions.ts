// Where the values of a configuration file were written (1-based lines and columns), looked up by
// key path in the `yaml` package's reading of the file, made when a position is first asked for:
// js-yaml gives the values, and the two read files alike (test/config/yaml-positions.test.ts).
// Where each configured item was written is kept as its path until it is read.
//
// The package's reading of a whole file costs about 150 times the file in memory, and a minute
// for 10 MB of short nodes; the errors placed are few (error-cap.ts) and most often near the
// start. So a path is looked up first in the reading of the file's first 4 kB; past it, in the
// reading of the few lines that hold it, found by indentation (yaml-block-window.ts), or of the
// entry of a flow collection that holds it, found by brackets (yaml-flow-window.ts); and where
// they do not tell, in the reading of the file's first part, which grows (four times at each
// step) until it holds the path's nodes whole, or is the whole file. Nodes that end before the
// cut are read as in the whole file: YAML is read from the start.

import type { Alias, Document, LineCounter, Pair, YAMLMap } from "yaml";
import type { KeyPath, SourceLocation } from "../model/desired.ts";
import { type Diagnostic, formatPath } from "./diagnostics.ts";
import { aliasTarget } from "./yaml-alias-targets.ts";
import { BlockIndex } from "./yaml-block-window.ts";
import type { Target } from "./yaml-narrowed.ts";
import { yamlPackage } from "./yaml-package.ts";
import { closedBefore, emptyUntilCut, mayBeKeyPastCut, range } from "./yaml-part-reading.ts";

export type { KeyPath, Target };

let documentsRead = 0;
/** A window's reading has the path go through an alias whose anchor is before the window. */
const UNRESOLVED = -1;

/** The first part of a file read to look a path up: 4 kB, then four times as much each step. The
 * package's reading of 64 kB of a one-line mapping held 20 MB more, for errors that are most
 * often in the first lines. */
export const FIRST_PART = { chars: 4_096 };
/** How many files' positions were computed in this process: none while files load without error. */
export const positionsComputed = (): number => documentsRead;

/** A key as js-yaml names it: by its text (`~` is "null", a plain `<<` is "<<"). */
export function keyText(key: unknown): string | undefined {
  const value = yamlPackage().isScalar(key) ? key.value : {};
  if (typeof value === "symbol") return value.description;
  return value === null || typeof value !== "object" ? String(value) : undefined;
}

export class Positions {
  private read?: { doc: Document.Parsed; lines: LineCounter };
  /** The reading of the file's first `cut` characters, the last one made to look a path up. */
  private part?: { doc: Document.Parsed; cut: number };
  /** Offsets where the file's lines start, made when a line is first asked for. */
  private lineStarts?: Uint32Array;
  /** A mapping's pairs by key (the first of each), made when it is first looked into. */
  private readonly pairs = new WeakMap<YAMLMap, Map<string | undefined, Pair>>();
  /** The file's block collections' entries, found by indentation when first looked into. */
  private blocks?: BlockIndex;

  /** `window`: the text is lines of a file, which may hold aliases of anchors before them. */
  constructor(
    readonly text: string,
    private readonly window = false,
  ) {}

  /** The `yaml` package's document of the file: repeated keys are errors, merge keys are known. */
  document(): { doc: Document.Parsed; lines: LineCounter } {
    if (this.read === undefined) {
      const lines = new (yamlPackage().LineCounter)();
      this.read = { doc: readDocument(this.text, lines), lines };
      this.part = { doc: this.read.doc, cut: this.text.length };
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

  /** Whether the file holds a value: more than comments, spaces and a document marker. */
  hasValue(): boolean {
    const { contents } = this.document().doc;
    return contents !== null && (contents as { source?: string }).source !== "";
  }

  /** The offset where the value at `path` starts, or its key with target "key". A path that goes
   * past what the file holds stops at the deepest node that exists; an empty value is at its key. */
  offsetOf(path: KeyPath, target: Target = "value"): number {
    const first = this.lookUp(this.firstPart(), path, target);
    return first ?? this.offsetInBlocks(path, target) ?? this.grown(path, target);
  }

  /** The offset of `path` read in the lines that hold it, or undefined when they do not tell. */
  private offsetInBlocks(path: KeyPath, target: Target): number | undefined {
    if (this.part?.cut === this.text.length) return undefined;
    this.blocks ??= new BlockIndex(this.text);
    const narrowed = this.blocks.narrow(path, target);
    if (narrowed === undefined || "offset" in narrowed) return narrowed?.offset;
    const found = new Positions(narrowed.text, true).grown(narrowed.path, target);
    return found === UNRESOLVED ? undefined : narrowed.start + found;
  }

  /** The offset of `path` in readings of ever larger first parts of the file (UNRESOLVED in a
   * window whose reading has the path go through an alias of an anchor before it). */
  private grown(path: KeyPath, target: Target): number {
    for (;;) {
      const part = this.firstPart();
      const found = this.lookUp(part, path, target);
      if (found !== undefined) return found;
      this.part = undefined;
      this.nextCut = Math.min(this.text.length, part.cut * 4);
    }
  }

  /** The cut the next first part is read to. */
  private nextCut = 0;

  /** The reading of the file's first part, made to `nextCut` when there is none yet. */
  private firstPart(): { doc: Document.Parsed; cut: number } {
    if (this.part !== undefined) return this.part;
    const asked = Math.max(this.nextCut, FIRST_PART.chars);
    // Not in a line's first four characters: a document marker cut short (`--`) is read as text.
    const wanted = Math.max(asked, this.text.lastIndexOf("\n", asked - 1) + 5);
    // Cut after a line break when one is near: the last line is then whole.
    const lineEnd = this.text.indexOf("\n", wanted);
    const cut = lineEnd === -1 || lineEnd > wanted * 2 ? Math.min(wanted, this.text.length) : lineEnd + 1;
    if (cut >= this.text.length) return { doc: this.document().doc, cut: this.text.length };
    this.part = { doc: readDocument(this.text.slice(0, cut)), cut };
    documentsRead++;
    return this.part;
  }

  /** The offset of `path` in the reading of the file's first `cut` characters, or undefined when
   * that reading cannot tell: a node on the way is not whole before the cut, or is not found. */
  private lookUp(part: { doc: Document.Parsed; cut: number }, path: KeyPath, target: Target) {
    const { isAlias, isMap, isSeq } = yamlPackage();
    const { doc, cut } = part;
    const whole = cut >= this.text.length;
    // A node that ends at the cut may go on past it (a key "k1" of "k12"); one before it is whole.
    const ended = (node: unknown) => whole || (range(node)?.[2] ?? cut) < cut;
    // A collection holds no more than the first part shows when it is closed, or when a line
    // indented less than it follows.
    const closed = (node: unknown) => whole || closedBefore(this.text, node, cut);
    let node: unknown = doc.contents;
    let offset = range(node)?.[0] ?? 0;
    // A part of comments holds no value: the file's may start after the cut.
    if (!whole && (node === null || emptyUntilCut(this.text, node, offset, cut))) return undefined;
    for (const [index, segment] of path.entries()) {
      if (!whole && mayBeKeyPastCut(this.text, node, cut)) return undefined;
      if (isAlias(node)) node = aliasTarget(doc, node) ?? (this.window ? UNRESOLVED : undefined);
      if (node === UNRESOLVED) return UNRESOLVED;
      let keyAt: number | undefined;
      if (isMap(node)) {
        const pair = this.pairsOf(node).get(String(segment));
        if (pair === undefined || !ended(pair.key))
          return pair === undefined && closed(node) ? offset : undefined;
        keyAt = range(pair.key)?.[0];
        node = pair.value;
      } else if (isSeq(node) && typeof segment === "number") {
        const seq = node;
        node = seq.items[segment];
        if (node === undefined) return closed(seq) ? offset : undefined;
      } else {
        return ended(node) ? offset : undefined;
      }
      if (target === "key" && index === path.length - 1 && keyAt !== undefined) return keyAt;
      const start = range(node)?.[0];
      // The last node's start is all that is read of it; one on the way is looked into.
      if (!whole && (start === undefined ? !ended(undefined) : start >= cut)) return undefined;
      if (!whole && start !== undefined && emptyUntilCut(this.text, node, start, cut)) return undefined;
      offset = start ?? keyAt ?? offset;
    }
    return offset;
  }

  private pairsOf(node: YAMLMap): Map<string | undefined, Pair> {
    let pairs = this.pairs.get(node);
    if (pairs === undefined) {
      pairs = new Map(node.items.toReversed().map((pair) => [keyText(pair.key), pair as Pair]));
      this.pairs.set(node, pairs);
    }
    return pairs;
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

  /** 1-based line and column of an offset (a line starts after each line feed, as the `yaml`
   * package counts them), without reading the file as YAML. */
  linePos(offset: number): { line: number; col: number } {
    this.lineStarts ??= lineStartsOf(this.text);
    const starts = this.lineStarts;
    let low = 0;
    let high = starts.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((starts[mid] as number) <= offset) low = mid + 1;
      else high = mid;
    }
    return { line: low, col: offset - (starts[low - 1] ?? 0) + 1 };
  }
}

/** The `yaml` package's document of `text`. Repeated keys are found by duplicateKeys(): the package's
 * own check is quadratic in a mapping's keys, and a mapping of 100,000 keys would take hours. */
function readDocument(text: string, lineCounter?: LineCounter): Document.Parsed {
  const options = { lineCounter, prettyErrors: false, merge: true, uniqueKeys: false } as const;
  return yamlPackage().parseDocument(text, options);
}

function lineStartsOf(text: string): Uint32Array {
  let count = 1;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) count++;
  const starts = new Uint32Array(count);
  let line = 1;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) starts[line++] = at + 1;
  return starts;
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
type Place = SourceLocation & { from?: Written };
function placed(place: Place, key: string | symbol, target: Target): Place {
  if (place.from !== undefined && (key === "line" || key === "column")) {
    const { file, path } = place.from;
    const { line, col } = file.positions.linePos(file.positions.offsetOf(path, target));
    Object.assign(place, { line, column: col, from: undefined });
  }
  return place;
}
/** To every reader a plain object of the fields file, line and column (equal to one), whose line
 * and column are looked up when first read. A Proxy (its handler tells the target): an object with
 * getters of its own costs ten times as much to make, and each of 100,000 redirects has a location. */
const lazily = (target: Target): ProxyHandler<Place> => ({
  get: (place, key) => Reflect.get(placed(place, key, target), key),
  ownKeys: () => ["file", "line", "column"],
  getOwnPropertyDescriptor: (place, key) =>
    key === "from" ? undefined : Reflect.getOwnPropertyDescriptor(placed(place, key, target), key),
});
const LAZILY = { value: lazily("value"), key: lazily("key") } satisfies Record<Target, unknown>;

/** Where `item` was written: where its value starts (or its key, with target "key"). A path that
 * goes past what the file holds stops at the deepest node that exists. */
export function locate(item: Written, target: Target = "value"): SourceLocation {
  return new Proxy<Place>({ file: item.file.name, line: 0, column: 0, from: item }, LAZILY[target]);
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
