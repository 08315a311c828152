// The positions of a file read by the fast parser (yaml-fast.ts), kept compactly: one entry per
// node in document order (where its value starts, where its key starts and which key it is,
// where its subtree ends) in typed arrays, and the start of every line. A document tree of
// objects costs hundreds of bytes per node; this costs seventeen, and answers `locate` for each
// of 100,000 items quickly.

import type { KeyPath, Positions } from "./yaml-positions.ts";

export const SCALAR = 0;
export const MAP = 1;
export const SEQ = 2;

/** Containers with more children than this get an index the first time one is looked up. */
const SCAN_AT_MOST = 16;

export class PositionIndex implements Positions {
  private size = 0;
  private starts: Int32Array;
  private keyStarts: Int32Array;
  /** The id just past the node's subtree: its next sibling, when it has one. */
  private ends: Int32Array;
  private kinds: Uint8Array;
  /** Each node's key in its mapping, as a number in `keyTable` (-1 for list items and the root). */
  private keyIds: Int32Array;
  private readonly keyTable: string[] = [];
  private readonly keyNumbers = new Map<string, number>();
  private readonly indexes = new Map<number, Map<string, number> | Int32Array>();

  constructor(
    private readonly lineStarts: Int32Array,
    expectedNodes: number,
  ) {
    const capacity = Math.max(16, Math.ceil(expectedNodes));
    this.starts = new Int32Array(capacity);
    this.keyStarts = new Int32Array(capacity);
    this.ends = new Int32Array(capacity);
    this.kinds = new Uint8Array(capacity);
    this.keyIds = new Int32Array(capacity);
  }

  /** Records a node starting at `offset`; its id. Close it with `close` once its children are in. */
  open(kind: number, offset: number, key: string | undefined, keyOffset: number): number {
    if (this.size === this.starts.length) this.grow();
    const id = this.size++;
    this.starts[id] = offset;
    this.keyStarts[id] = keyOffset;
    this.kinds[id] = kind;
    this.ends[id] = id + 1;
    this.keyIds[id] = key === undefined ? -1 : this.keyNumber(key);
    return id;
  }

  private keyNumber(key: string): number {
    let number = this.keyNumbers.get(key);
    if (number === undefined) {
      number = this.keyTable.push(key) - 1;
      this.keyNumbers.set(key, number);
    }
    return number;
  }

  private keyOf(id: number): string | undefined {
    return this.keyTable[this.keyIds[id] as number];
  }

  close(id: number): void {
    this.ends[id] = this.size;
  }

  /** Moves a node's start, for a value whose start is only known once its key is read. */
  setStart(id: number, offset: number): void {
    this.starts[id] = offset;
  }

  private grow(): void {
    this.resize(Math.ceil(this.starts.length * 1.5));
  }

  /** Gives back the room left over once every node is in. */
  trim(): void {
    if (this.size < this.starts.length) this.resize(this.size);
    // Only looked up from the table from now on.
    this.keyNumbers.clear();
  }

  private resize(capacity: number): void {
    const copy = <T extends Int32Array | Uint8Array>(old: T, into: T): T => {
      into.set(old.subarray(0, Math.min(old.length, capacity)));
      return into;
    };
    this.starts = copy(this.starts, new Int32Array(capacity));
    this.keyStarts = copy(this.keyStarts, new Int32Array(capacity));
    this.ends = copy(this.ends, new Int32Array(capacity));
    this.kinds = copy(this.kinds, new Uint8Array(capacity));
    this.keyIds = copy(this.keyIds, new Int32Array(capacity));
  }

  offsetOf(path: KeyPath, target: "value" | "key"): number {
    let id = 0;
    let offset = this.size === 0 ? 0 : (this.starts[0] as number);
    for (const [index, segment] of path.entries()) {
      const kind = this.kinds[id];
      let child: number | undefined;
      if (kind === MAP) child = this.childWithKey(id, String(segment));
      else if (kind === SEQ && typeof segment === "number") child = this.item(id, segment);
      if (child === undefined) break;
      id = child;
      if (target === "key" && index === path.length - 1 && kind === MAP) {
        return this.keyStarts[id] as number;
      }
      offset = this.starts[id] as number;
    }
    return offset;
  }

  private childWithKey(map: number, key: string): number | undefined {
    const indexed = this.indexFor(map);
    if (indexed instanceof Map) return indexed.get(key);
    for (let child = map + 1; child < (this.ends[map] as number); child = this.ends[child] as number) {
      if (this.keyOf(child) === key) return child;
    }
    return undefined;
  }

  private item(seq: number, position: number): number | undefined {
    const indexed = this.indexFor(seq);
    if (indexed instanceof Int32Array) return indexed[position];
    let n = 0;
    for (let child = seq + 1; child < (this.ends[seq] as number); child = this.ends[child] as number) {
      if (n++ === position) return child;
    }
    return undefined;
  }

  /** The children of a large container by key or position; undefined for a small one. */
  private indexFor(id: number): Map<string, number> | Int32Array | undefined {
    const known = this.indexes.get(id);
    if (known !== undefined) return known;
    const children: number[] = [];
    for (let child = id + 1; child < (this.ends[id] as number); child = this.ends[child] as number) {
      children.push(child);
      if (children.length > SCAN_AT_MOST) break;
    }
    if (children.length <= SCAN_AT_MOST) return undefined;
    children.length = 0;
    for (let child = id + 1; child < (this.ends[id] as number); child = this.ends[child] as number) {
      children.push(child);
    }
    let index: Map<string, number> | Int32Array;
    if (this.kinds[id] === MAP) {
      index = new Map();
      for (const child of children) index.set(this.keyOf(child) as string, child);
    } else {
      index = Int32Array.from(children);
    }
    this.indexes.set(id, index);
    return index;
  }

  linePos(offset: number): { line: number; col: number } {
    // The last line starting at or before offset.
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.lineStarts[middle] as number) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, col: offset - (this.lineStarts[low] as number) + 1 };
  }
}

/** The offset where each line starts. */
export function lineStartsOf(text: string): Int32Array {
  let count = 1;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) count++;
  const starts = new Int32Array(count);
  let line = 1;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) starts[line++] = at + 1;
  return starts;
}
