// The seed of the harness's random orders and delays, and whether a test file started a harness
// (so that only its failures name the seed: see per-file-setup.ts).

/** The seed of the random orders and delays: DOCSYNC_TEST_SEED, else a new one each run. */
export const TEST_SEED = testSeed();

function testSeed(): number {
  const given = process.env.DOCSYNC_TEST_SEED;
  if (given === undefined || given === "") return Math.floor(Math.random() * 2 ** 32);
  if (!/^\d{1,10}$/.test(given) || Number(given) >= 2 ** 32)
    throw new Error(`DOCSYNC_TEST_SEED must be a whole number below 2^32 (got ${JSON.stringify(given)})`);
  return Number(given);
}

/** A seed of its own for each of several runs of one test (a property's runs), from the test seed. */
export const seedFor = (run: number): number => (Math.imul(TEST_SEED ^ run, 0x9e3779b1) ^ run) >>> 0;

let started = false;

/** Called when a harness starts: the running test file's failures name the seed. */
export function harnessStarted(): void {
  started = true;
}

/** Whether the running test file started a harness. */
export function fileStartedHarness(): boolean {
  return started;
}

/**
 * Called as each test file starts: test files share a worker's modules (vitest's `isolate` is
 * off), so what the last file did is forgotten here.
 */
export function newTestFile(): void {
  started = false;
}
