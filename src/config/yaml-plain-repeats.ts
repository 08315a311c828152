// Repeated keys met by the plain reader (yaml-plain-reader.ts), each with its key path and where
// its first occurrence was written: js-yaml refuses such a file, and handing it over would read a
// file of megabytes twice, then once more with the `yaml` package to place the repeats (about 150
// times the file). The reader places them itself as it goes, and reads on to the end: a file it
// reads whole holds no other error, so the repeats are all that js-yaml's refusal would report.

import { ERRORS_PLACED_PER_FILE } from "./error-cap.ts";

/** A key written again in its mapping: where, its key path, and where the first was written. */
export interface RepeatedKey {
  at: number;
  path: (string | number)[];
  first: number;
}

/** The key path being read, and the keys of the mappings being read with where each starts. */
export class KeyTrail {
  /** The keys and list indexes from the document down to the node being read. */
  readonly path: (string | number)[] = [];
  private readonly keys: string[] = [];
  private readonly starts: number[] = [];
  private top = 0;
  /** The first repeats, placed; past them, only counted (error-cap.ts). */
  readonly repeated: RepeatedKey[] = [];
  repeats = 0;

  /** Where the keys of a mapping that starts now begin. */
  get mark(): number {
    return this.top;
  }

  /** The key `key` written at `at` in the mapping whose keys began at `mark`: a repeat is kept
   * (js-yaml names keys as their text: a mapping's keys are told apart by `isNew`). */
  key(key: string, at: number, mark: number, isNew: boolean): void {
    if (!isNew && this.repeats++ < ERRORS_PLACED_PER_FILE) {
      const first = this.starts[this.keys.indexOf(key, mark)] ?? at;
      this.repeated.push({ at, path: [...this.path, key], first });
    }
    this.keys[this.top] = key;
    this.starts[this.top++] = at;
  }

  /** The mapping whose keys began at `mark` is read. */
  close(mark: number): void {
    this.top = mark;
  }
}
