// A file with an error in each of a million nodes is reported by its first errors and a count of
// the rest: placing an error (its line and column) reads the file's positions, and a million
// placed errors would cost far more than the file itself.

import type { Diagnostic } from "./diagnostics.ts";

/** The errors of one kind placed for one file; past them, the rest are counted on the last. */
export const ERRORS_PLACED_PER_FILE = 50;

/** The first problems placed, the last of them saying how many more were found and not listed
 * (`found` of them in all, when only the first were kept). */
export function placeFirst<T>(
  problems: readonly T[],
  place: (problem: T) => Diagnostic,
  found = problems.length,
): Diagnostic[] {
  const placed = problems.slice(0, ERRORS_PLACED_PER_FILE).map(place);
  countRest(placed, found - placed.length);
  return placed;
}

/** The last of `placed` says how many more (`rest`) were found and not listed. */
function countRest(placed: Diagnostic[], rest: number): void {
  const last = placed.at(-1);
  if (rest > 0 && last !== undefined) {
    last.message += ` (and ${rest.toLocaleString("en-US")} more error${rest === 1 ? "" : "s"} in this file, not listed)`;
  }
}

/** Problems reported one at a time, each placed only when it is among the first of its file: the
 * checks of the merged configuration find them item by item, and a list of 300,000 items each a
 * duplicate, placed all, read the whole file's positions at 180 times its size. */
export class PlacedPerFile<File> {
  private readonly byFile = new Map<File, { placed: Diagnostic[]; rest: number }>();

  add(file: File, place: () => Diagnostic): void {
    let entry = this.byFile.get(file);
    if (entry === undefined) {
      entry = { placed: [], rest: 0 };
      this.byFile.set(file, entry);
    }
    if (entry.placed.length < ERRORS_PLACED_PER_FILE) entry.placed.push(place());
    else entry.rest++;
  }

  /** The placed problems, the last of each file saying how many more it holds. */
  diagnostics(): Diagnostic[] {
    const out: Diagnostic[] = [];
    for (const { placed, rest } of this.byFile.values()) {
      countRest(placed, rest);
      for (const diagnostic of placed) out.push(diagnostic);
    }
    return out;
  }
}
