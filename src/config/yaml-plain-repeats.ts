// Repeated keys met by the plain reader (yaml-plain-reader.ts), each with its key path and where
// its first occurrence was written: js-yaml refuses such a file, and handing it over would read a
// file of megabytes twice, then once more with the `yaml` package to place the repeats (about 150
// times the file). The reader places them itself as it goes, and reads on to the end: a file it
// reads whole holds no other error, so the repeats are all that js-yaml's refusal would report.

import { ERRORS_PLACED_PER_FILE } from "./error-cap.ts";
import { CR, keyEnd, keyOf } from "./yaml-plain-lexis.ts";

/** A key written again in its mapping: where, its key path, and where the first was written. */
export interface RepeatedKey {
  at: number;
  path: (string | number)[];
  first: number;
}

/** The key path being read, and where each key of the mappings being read starts. */
export class KeyTrail {
  /** The keys and list indexes from the document down to the node being read. */
  readonly path: (string | number)[] = [];
  /** Where the keys start, not the keys: a list of the keys of a mapping of 600,000 keys would
   * cost 2 MB more, and its outgrown copies ten more, held until a full collection. */
  private starts = new Int32Array(1024);
  private top = 0;
  /** The first repeats, placed; past them, only counted (error-cap.ts). */
  readonly repeated: RepeatedKey[] = [];
  repeats = 0;

  constructor(private readonly text: string) {}

  /** The line that the last key looked at was on: where it starts, and ends (before its break). */
  private line = { start: 0, end: -1 };

  /** The key written at `at`, as the reader named it when it read it. */
  private keyAt(at: number): string {
    const { text, line } = this;
    if (at < line.start || at > line.end) {
      const lineBreak = text.indexOf("\n", at);
      line.start = text.lastIndexOf("\n", at) + 1;
      line.end = lineBreak === -1 ? text.length : lineBreak - (text.charCodeAt(lineBreak - 1) === CR ? 1 : 0);
    }
    return keyOf(text, at, keyEnd(text, at, line.end));
  }

  /** Where the keys of a mapping that starts now begin. */
  get mark(): number {
    return this.top;
  }

  /** The key `key` written at `at` in the mapping whose keys began at `mark`: a repeat is kept
   * (js-yaml names keys as their text: a mapping's keys are told apart by `isNew`). */
  key(key: string, at: number, mark: number, isNew: boolean): void {
    if (!isNew && this.repeats++ < ERRORS_PLACED_PER_FILE) {
      let first = mark;
      while (first < this.top && this.keyAt(this.starts[first] as number) !== key) first++;
      this.repeated.push({ at, path: [...this.path, key], first: this.starts[first] ?? at });
    }
    if (this.top === this.starts.length) {
      const grown = new Int32Array(this.top * 2);
      grown.set(this.starts);
      this.starts = grown;
    }
    this.starts[this.top++] = at;
  }

  /** The mapping whose keys began at `mark` is read. */
  close(mark: number): void {
    this.top = mark;
  }
}
