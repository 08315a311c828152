// Where each node of a file is, recorded from js-yaml's events as it reads the file: it calls a
// listener when it starts composing a node ("open", where the node may start: before spaces,
// comments, anchors and tags) and when it is done ("close", with the value). Each call gets an
// entry, in document order: where its content starts, the entry past its subtree, its kind, and
// its role in its container (a key, the value after a key, or an item). Where a mapping may
// start, js-yaml first reads a key; when no ":" follows, what it read is the node, and the call
// around it (one child, same value) is marked SAME. List items written as a bare "-" get no call:
// a list with fewer calls than items finds its items again from its dashes.

import { type Mark, YAMLException } from "js-yaml";
import type { KeyPath, Positions } from "./yaml-positions.ts";
import { afterQuestionMark, column, contentStart, dashes, emptyStart, skipSpaces } from "./yaml-text.ts";

const [SCALAR, MAP, SEQ, EMPTY, ALIAS] = [0, 1, 2, 3, 4];
const KIND = 7;
const [KEY, VALUE, SAME, PLAIN] = [8, 16, 32, 64];
const KINDS: Record<string, number> = { mapping: MAP, sequence: SEQ, scalar: SCALAR };

/** What the listener reads of js-yaml's state; `tag` is "?" on a plain scalar no type claimed. */
export interface ReaderState {
  position: number;
  kind: string | null;
  result: unknown;
  tag?: string | null;
}

export class PositionIndex implements Positions {
  private size = 0;
  private starts = new Int32Array(256);
  private ends = new Int32Array(256);
  private keys = new Int32Array(256);
  private flags = new Uint8Array(256);
  private readonly keyTable: string[] = [];
  private readonly keyNumbers = new Map<string, number>();
  /** The calls being composed, outermost first. */
  private readonly open: { id: number; children: number; last: unknown; awaiting: boolean }[] = [];
  private depth = 0;
  private readonly bare = new Set<number>();
  /** The items of lists and the keys of large mappings, as first looked up. */
  private readonly lookups = new Map<number, Int32Array | Map<string, number>>();
  private lines: number[] | undefined;

  constructor(private readonly text: string) {}

  /** js-yaml's `listener` option. */
  readonly listener = (event: string, state: ReaderState): void => {
    if (event === "open") this.opened(state.position);
    else this.closed(state);
  };

  private opened(position: number): void {
    if (this.size === this.starts.length) {
      const grown = <T extends Int32Array | Uint8Array>(old: T, into: T): T => {
        into.set(old);
        return into;
      };
      this.starts = grown(this.starts, new Int32Array(this.size * 2));
      this.ends = grown(this.ends, new Int32Array(this.size * 2));
      this.keys = grown(this.keys, new Int32Array(this.size * 2));
      this.flags = grown(this.flags, new Uint8Array(this.size * 2));
    }
    this.starts[this.size] = position;
    const frame = this.open[this.depth] ?? { id: 0, children: 0, last: undefined, awaiting: false };
    this.open[this.depth++] = frame;
    frame.id = this.size++;
    frame.children = 0;
    frame.awaiting = false;
  }

  private closed({ position, kind, result, tag }: ReaderState): void {
    const { id, children, last } = this.open[--this.depth] as (typeof this.open)[number];
    const { text } = this;
    let flags = SAME;
    if (children === 1 && Object.is(last, result)) {
      // A tag of its own (`! text`) makes the node what the tag says, however it is written.
      if (tag && tag !== "?") this.flags[id + 1] = (this.flags[id + 1] as number) & ~PLAIN;
    } else {
      const start = contentStart(text, this.starts[id] as number);
      flags = KINDS[kind ?? ""] ?? (text[start] === "*" ? ALIAS : EMPTY);
      this.starts[id] = flags === EMPTY ? emptyStart(text, this.starts[id] as number, position) : start;
      if (kind === "scalar" && tag === "?") flags |= PLAIN;
      if (kind === "sequence" && children < (result as unknown[]).length) this.bareItems(id, position);
    }
    this.ends[id] = this.size;
    const parent = this.open[this.depth - 1];
    if (parent !== undefined) {
      // A key: followed by ":", after "?", or alone in a flow mapping (`{a, b: 1}`).
      const colon =
        text[skipSpaces(text, position)] === ":" ||
        afterQuestionMark(text, this.starts[this.real(id)] as number);
      const inFlowMapping = text[contentStart(text, this.starts[parent.id] as number)] === "{";
      if (colon || (!parent.awaiting && flags !== EMPTY && inFlowMapping)) {
        flags |= KEY;
        this.keys[id] = result === null || typeof result !== "object" ? this.keyNumber(String(result)) : -1;
      } else if (parent.awaiting) {
        flags |= VALUE;
      }
      parent.children++;
      parent.last = result;
      parent.awaiting = colon;
    }
    this.flags[id] = flags;
  }

  /** Whether the file holds a value: more than comments and spaces. */
  hasValue(): boolean {
    return this.size > 0 && ((this.flags[this.real(0)] as number) & KIND) !== EMPTY;
  }

  offsetOf(path: KeyPath, target: "value" | "key"): number {
    return this.find(path, target).offset;
  }

  isPlain(path: KeyPath, target: "value" | "key" = "value"): boolean {
    const { node } = this.find(path, target, true);
    return node >= 0 && ((this.flags[node] as number) & PLAIN) !== 0;
  }

  /** The node at `path` and where it starts; with a path past what the file holds, the deepest
   * node on the way (node -1 unless `exact`: then -1 when the path is not all there). */
  private find(path: KeyPath, target: "value" | "key", exact = false): { offset: number; node: number } {
    if (!this.hasValue()) return { offset: 0, node: -1 };
    let slot = 0;
    let node = this.real(0);
    for (const [index, segment] of path.entries()) {
      const kind = (this.flags[node] as number) & KIND;
      // A pair written in a flow list (`[a: b]`) is a mapping of one key: its key stands for it.
      const pair = ((this.flags[slot] as number) & KEY) !== 0;
      let next: number | undefined;
      if (kind === MAP || pair) {
        const key = pair ? this.keyOf(slot, String(segment)) : this.keyIn(node, String(segment));
        if (key >= 0) {
          const keyAt = this.starts[this.real(key)] as number;
          const value = this.ends[key] as number;
          // A key with no value: as the `yaml` package does, point at the key, and go no deeper.
          if (target === "key" && index === path.length - 1) return { offset: keyAt, node: this.real(key) };
          if (((this.flags[value] as number) & VALUE) === 0) return { offset: keyAt, node: -1 };
          next = value;
        }
      } else if (kind === SEQ && typeof segment === "number") {
        next = this.items(node)[segment];
        // A bare "-": its place, and nothing below it.
        if (next !== undefined && next < 0) return { offset: -next - 1, node: -1 };
      }
      if (next === undefined) return { offset: this.starts[node] as number, node: exact ? -1 : node };
      slot = next;
      node = this.real(slot);
    }
    return { offset: this.starts[node] as number, node };
  }

  private keyOf(slot: number, key: string): number {
    return this.keyTable[this.keys[slot] as number] === key ? slot : -1;
  }

  linePos(offset: number): { line: number; col: number } {
    if (this.lines === undefined) {
      this.lines = [0];
      for (let at = this.text.indexOf("\n"); at !== -1; at = this.text.indexOf("\n", at + 1))
        this.lines.push(at + 1);
    }
    let [low, high] = [0, this.lines.length - 1];
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.lines[middle] as number) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, col: offset - (this.lines[low] as number) + 1 };
  }

  /** The node a call stands for: past the calls around a node read where a mapping could start. */
  private real(id: number): number {
    while (((this.flags[id] as number) & SAME) !== 0) id++;
    return id;
  }

  private children(id: number): number[] {
    const children: number[] = [];
    for (let child = id + 1; child < (this.ends[id] as number); child = this.ends[child] as number)
      children.push(child);
    return children;
  }

  private keyIn(map: number, key: string): number {
    let keys = this.lookups.get(map) as Map<string, number> | undefined;
    if (keys === undefined) {
      keys = new Map();
      for (const child of this.children(map)) {
        const name = this.keyTable[this.keys[child] as number];
        if (((this.flags[child] as number) & KEY) !== 0 && name !== undefined && !keys.has(name))
          keys.set(name, child);
      }
      // Small mappings are scanned again at each lookup rather than kept.
      if (keys.size > 16) this.lookups.set(map, keys);
    }
    return keys.get(key) ?? -1;
  }

  /** A list's items: their calls, or for a bare "-" minus one more than its place. */
  private items(list: number): Int32Array {
    const { text } = this;
    let items = this.lookups.get(list) as Int32Array | undefined;
    if (items === undefined) {
      const calls = this.children(list).filter((child) => ((this.flags[child] as number) & VALUE) === 0);
      if (this.bare.has(list)) {
        let call = 0;
        items = Int32Array.from(
          dashes(text, this.starts[list] as number).dashes,
          (dash) => {
            const after = skipSpaces(text, dash + 1);
            const below = contentStart(text, after, false);
            const empty =
              below === this.text.length ||
              (/[\r\n#]/.test(this.text[after] ?? "") && column(text, below) <= column(text, dash));
            return empty ? -after - 1 : (calls[call++] as number);
          },
          this,
        );
      } else {
        items = Int32Array.from(calls);
      }
      this.lookups.set(list, items);
    }
    return items;
  }

  /** Notes a block list with bare "-" items. js-yaml 4 reads the "-" lines after a bare item into
   * the list even when they are its parent's (`- - a`, then `  -`, then `- b`): refused. */
  private bareItems(list: number, end: number): void {
    this.bare.add(list);
    const first = this.starts[list] as number;
    const { stop } = dashes(this.text, first);
    if (stop < end && this.text[stop] === "-") {
      const reason = `a list that starts after "- " on its parent's line cannot hold a bare "-" item: write it on lines of its own`;
      throw new YAMLException(reason, { position: first } as Mark);
    }
  }

  private keyNumber(key: string): number {
    let number = this.keyNumbers.get(key);
    if (number === undefined) {
      number = this.keyTable.push(key) - 1;
      this.keyNumbers.set(key, number);
    }
    return number;
  }
}
