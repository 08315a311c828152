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
  const rest = found - placed.length;
  const last = placed.at(-1);
  if (rest > 0 && last !== undefined) {
    last.message += ` (and ${rest.toLocaleString("en-US")} more error${rest === 1 ? "" : "s"} in this file, not listed)`;
  }
  return placed;
}
