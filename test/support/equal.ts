// An assertion for loops that make hundreds of thousands of them: each `expect()` costs far more
// than the comparison (vitest notes every call), which made most of a property test's time.

import { isDeepStrictEqual } from "node:util";
import { expect } from "vitest";

/** Fails as `expect(actual).toEqual(expected)` does; values strictly equal pass without `expect`. */
export function expectEqual<T>(actual: T, expected: T): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual).toEqual(expected);
}
