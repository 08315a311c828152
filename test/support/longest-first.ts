// The order in which test files start: the longest first, so that the run does not end with one
// worker alone on a long file while the other has nothing left. Vitest orders by the durations of
// its last run, which a fresh checkout (CI) does not have, and then by file size, which says
// little of a file's time (a short file that starts processes outlasts a long one of pure
// functions). So the files known to be long are named here with their seconds on an idle machine
// of two cores; every other file follows in Vitest's own order. With --sequence.shuffle the files
// are shuffled as Vitest shuffles them: the order must never decide a result.

import type { TestSpecification } from "vitest/node";
import { BaseSequencer } from "vitest/node";

/** Seconds each long file took, from the root; a file not named here counts as short. */
export const LONG_FILES: Readonly<Record<string, number>> = {
  "test/sync/interrupted.test.ts": 19,
  "test/package/release.test.ts": 17,
  "test/sync/absent-features-examples.test.ts": 11,
  "test/sync/half-made-adoption.test.ts": 10,
  "test/sync/signals.test.ts": 8,
  "test/sync/concurrent.test.ts": 8,
  "test/sync/concurrent-examples.test.ts": 6,
  "test/config/yaml-block-window.test.ts": 7,
  "test/config/yaml-positions.test.ts": 6,
  "test/config/lazy-positions.test.ts": 6,
  "test/cli/network-failures.test.ts": 5,
  "test/export/property.test.ts": 5,
  "test/api/rate-limit.test.ts": 5,
  "test/sync/property.test.ts": 5,
  "test/api/client.test.ts": 5,
  "test/library/example.test.ts": 5,
  "test/cli/json-failures.test.ts": 4,
  "test/export/export.test.ts": 4,
  "test/library/types.test.ts": 4,
  "test/cli/html-report.test.ts": 4,
  "test/action/action.test.ts": 4,
  "test/config/schema-pieces.test.ts": 3,
  "test/config/large-input.test.ts": 6,
  "test/config/yaml-plain-reader.test.ts": 5,
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { config } = this.ctx;
    if (config.sequence.shuffle) return shuffled(files, config.sequence.seed);
    const inVitestOrder = await super.sort(files);
    const seconds = (file: TestSpecification) =>
      LONG_FILES[file.moduleId.slice(config.root.length + 1).replaceAll("\\", "/")] ?? 0;
    // Array.prototype.sort is stable: the short files keep Vitest's order among themselves.
    return inVitestOrder.sort((a, b) => seconds(b) - seconds(a));
  }
}

/** The files in an order drawn from `seed`, as Vitest's RandomSequencer draws it. */
function shuffled(files: TestSpecification[], seed: number): TestSpecification[] {
  const order = [...files];
  let state = seed;
  const random = () => {
    // mulberry32: a small seeded generator, enough to vary the order from one seed to another.
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let index = order.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [order[index], order[other]] = [order[other]!, order[index]!];
  }
  return order;
}
