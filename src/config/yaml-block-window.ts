// Where a key path's node is in a large file, narrowed by indentation to the lines that hold it.
// In a block collection each entry starts at the collection's column, and what is indented more
// belongs to the entry above: so the entries of a mapping or a list are found from where their
// lines start, without reading the file as YAML, and only the entry that holds the node is read
// (by yaml-positions.ts). The `yaml` package's reading of a whole file holds about 150 times the
// file: an error in the last of 100,000 redirects would cost a gigabyte to place.
//
// A flow collection met on the way is narrowed by its brackets (yaml-flow-window.ts). Lines whose
// place indentation alone does not settle give up, and the caller reads the file: a tab before a
// line's content, a flow collection closed at or left of its column, a document marker or a
// directive. Every offset is the one the `yaml` package's reading of the whole file gives
// (test/config/yaml-block-window.test.ts).

import type { KeyPath } from "../model/desired.ts";
import { FlowIndex } from "./yaml-flow-window.ts";
import {
  type Collection,
  collectionOf,
  entryNamed,
  keysUnread,
  type Narrowed,
  type Target,
} from "./yaml-narrowed.ts";
import { CR, DASH, HASH, keyWrittenAt, LF, SPACE, TAB } from "./yaml-plain-lexis.ts";

/** A block collection: its first entry's key or `-`, the column of its entries, where its lines end. */
interface Block {
  at: number;
  col: number;
  end: number;
  kind: "map" | "seq";
}

/** An entry of a block collection: the start of its first line, its key or `-`, where its lines
 * end, and for a mapping its key as js-yaml names it (undefined when not read here) and its `:`. */
interface Entry {
  line: number;
  at: number;
  end: number;
  key?: string;
  colon?: number;
}

/** A line that is blank or a comment. */
const NOTHING = -1;
/** A line whose place cannot be told from its indentation. */
const UNKNOWN = -2;

export class BlockIndex {
  /** The entries of each block collection looked into, by where it starts; null: given up. */
  private readonly entries = new Map<number, Collection<Entry> | null>();

  /** The flow collections looked into. */
  private readonly flows: FlowIndex;
  /** The file's top-level collection, found when first asked for (null: none). */
  private top?: Block | InFlow | null;

  constructor(private readonly text: string) {
    this.flows = new FlowIndex(text);
  }

  /** Where the node at `path` is (or its key, with target "key"); undefined when the lines do not
   * tell, or the node is in the file's top-level collection, whose reading is the whole file's. */
  narrow(path: KeyPath, target: Target): Narrowed | undefined {
    this.top ??= this.root() ?? null;
    const root = this.top ?? undefined;
    if (root !== undefined && "flow" in root) return this.flows.narrow(root.flow, path, 0, target);
    let block = root;
    for (let depth = 0; block !== undefined; depth++) {
      if (depth === path.length) return { offset: block.at };
      const entries = this.entriesOf(block);
      if (entries === null) return undefined;
      const segment = path[depth] as string | number;
      const entry = entryNamed(entries, segment);
      if (entry === undefined) {
        // A path past what the file holds stops at the deepest node that exists, unless the
        // segment may be a key not read here (quoted oddly, or complex): then the block is read.
        if (!keysUnread(entries)) return { offset: block.at };
        return depth === 0 ? undefined : this.window(block.at, block.end, path.slice(depth));
      }
      const last = depth === path.length - 1;
      if (last && target === "key" && block.kind === "map") return { offset: entry.at };
      const value = this.valueOf(entry, block);
      // An empty value is where its key's line ends, before a comment; past it, nothing is.
      if (typeof value === "number") return { offset: value };
      const inFlow = value !== undefined && "flow" in value;
      if (inFlow) {
        const found = this.flows.narrow(value.flow, path, depth + 1, target);
        if (found !== undefined) return found;
      }
      if (value === undefined || inFlow) {
        const inWindow = block.kind === "seq" ? 0 : segment;
        return this.window(entry.at, entry.end, [inWindow, ...path.slice(depth + 1)]);
      }
      block = value;
    }
    return undefined;
  }

  /** The text of the lines from the one holding `at` to `end`, its lead before `at` blanked. */
  private window(at: number, end: number, path: KeyPath): Narrowed {
    const start = lineStart(this.text, at);
    return { start, text: " ".repeat(at - start) + this.text.slice(at, end), path };
  }

  /** The flow collection opened at `at` when it is a node, not a key (`[a]: 1`). */
  private flowAt(at: number): InFlow | undefined {
    const opens = this.text[at] === "[" || this.text[at] === "{";
    return opens && this.flows.isNode(at) ? { flow: at } : undefined;
  }

  /** The file's top-level collection, or undefined when it is not one. */
  private root(): Block | InFlow | undefined {
    const { text } = this;
    if (text.startsWith("\uFEFF")) return undefined;
    for (let line = 0; line < text.length; line = nextLine(text, line)) {
      const at = contentOf(text, line);
      if (at === NOTHING) continue;
      if (at === UNKNOWN || (at === line && isMarker(text, at))) return undefined;
      return this.flowAt(at) ?? this.blockAt(at, line, text.length);
    }
    return undefined;
  }

  /** The block collection starting at `at` (its first key or `-`), or undefined when it is not. */
  private blockAt(at: number, line: number, end: number): Block | undefined {
    const col = at - line;
    if (isDash(this.text, at)) return { at, col, end, kind: "seq" };
    return keyWrittenAt(this.text, at).colon === undefined ? undefined : { at, col, end, kind: "map" };
  }

  /** The entries of `block`, found once; null when a line's place cannot be told. */
  private entriesOf(block: Block) {
    let found = this.entries.get(block.at);
    if (found === undefined) {
      const list = this.scan(block);
      found = list === null ? null : collectionOf(block.kind, list);
      this.entries.set(block.at, found);
    }
    return found;
  }

  private scan(block: Block): Entry[] | null {
    const { text } = this;
    const list: Entry[] = [];
    const open = (line: number, at: number) => {
      const previous = list.at(-1);
      if (previous !== undefined) previous.end = line;
      list.push({ line, at, end: block.end, ...(block.kind === "map" ? keyWrittenAt(this.text, at) : {}) });
    };
    open(lineStart(text, block.at), block.at);
    for (let line = nextLine(text, block.at); line < block.end; line = nextLine(text, line)) {
      const at = contentOf(text, line);
      if (at === NOTHING) continue;
      if (at === UNKNOWN) return null;
      const col = at - line;
      if (col > block.col) continue;
      // A flow collection closed at or left of the column it opened in, or a document marker.
      if ("]},".includes(text[at] as string) || (col === 0 && isMarker(text, at))) return null;
      if (col < block.col) {
        (list.at(-1) as Entry).end = line;
        break;
      }
      // A mapping's key may be followed, at its column, by its list's items.
      if (isDash(text, at) === (block.kind === "seq")) open(line, at);
    }
    return list;
  }

  /** The block or flow collection that is `entry`'s value; where its value is when it has none;
   * or undefined when it is something else (a scalar, a value with an anchor or a tag): the
   * entry is then read. */
  private valueOf(entry: Entry, block: Block): Block | InFlow | number | undefined {
    const { text } = this;
    const after = block.kind === "seq" ? entry.at + 1 : (entry.colon as number) + 1;
    const at = skipSpaces(text, after);
    const code = text.charCodeAt(at);
    // A tab before the value (`-\tk: v`): its column is not told, the entry is read.
    if (code === TAB) return undefined;
    if (!(code === LF || code === CR || code === HASH || at >= text.length)) {
      // On the entry's line only a list item holds a block collection (`- key: value`, `- - x`).
      const inBlock = block.kind === "seq" ? this.blockAt(at, entry.line, entry.end) : undefined;
      return this.flowAt(at) ?? inBlock;
    }
    for (let line = nextLine(text, at); line < entry.end; line = nextLine(text, line)) {
      const first = contentOf(text, line);
      if (first === NOTHING) continue;
      if (first === UNKNOWN) return undefined;
      const col = first - line;
      const inside = col > block.col || (col === block.col && block.kind === "map" && isDash(text, first));
      return inside ? (this.flowAt(first) ?? this.blockAt(first, line, entry.end)) : undefined;
    }
    return at;
  }
}

/** A flow collection, by where its bracket is. */
interface InFlow {
  flow: number;
}

const lineStart = (text: string, at: number) => text.lastIndexOf("\n", at - 1) + 1;
const nextLine = (text: string, at: number) => text.indexOf("\n", at) + 1 || text.length;
function skipSpaces(text: string, at: number): number {
  let next = at;
  while (text.charCodeAt(next) === SPACE) next++;
  return next;
}

/** The first character of the line starting at `line` after its indentation; NOTHING for a
 * blank line or a comment, UNKNOWN for content after a tab. */
function contentOf(text: string, line: number): number {
  const at = skipSpaces(text, line);
  let next = at;
  while (text.charCodeAt(next) === TAB || text.charCodeAt(next) === SPACE) next++;
  const code = text.charCodeAt(next);
  if (code === LF || code === CR || code === HASH || next >= text.length) return NOTHING;
  return next === at ? at : UNKNOWN;
}

/** Whether a space, a tab, a line break or the end follows `at`. */
const spaceAfter = (text: string, at: number) => {
  const code = text.charCodeAt(at + 1);
  return code === SPACE || code === TAB || code === LF || code === CR || at + 1 >= text.length;
};
/** A list item's `-`: a tab after it separates as a space does (`-\tx` is an item). */
const isDash = (text: string, at: number) => text.charCodeAt(at) === DASH && spaceAfter(text, at);
/** A directive, or a document's start or end marker. */
const isMarker = (text: string, at: number) =>
  text[at] === "%" ||
  ((text.startsWith("---", at) || text.startsWith("...", at)) && spaceAfter(text, at + 2));
