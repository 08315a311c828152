// A running emulator, a place for configuration files, and docsync pointed at both.
//
// Apply takes its ready calls in a random order, and the emulator waits a random while before
// carrying each request out and again before answering it, all drawn from one seed: orders the
// plan's dependencies allow but the plan's own order never shows are tried too, so a missing
// dependency fails a test instead of passing by luck. The seed is printed when a test fails;
// DOCSYNC_TEST_SEED sets it, to replay (seed.ts).

import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApiClient } from "../../src/api/client.ts";
import type { ApiClient } from "../../src/api/client-types.ts";
import { APPLY_ORDER_SEED_VARIABLE } from "../../src/apply/order.ts";
import { type Fixture, loadFixtureFile } from "../../src/emulator/fixture.ts";
import {
  type RequestLogEntry,
  type Route,
  type RunningEmulator,
  startEmulator,
} from "../../src/emulator/index.ts";
import type { KindSet } from "../../src/kinds/kind-set.ts";
import { type Answer, docsync, type RunResult } from "./cli.ts";
import { harnessStarted, TEST_SEED } from "./seed.ts";

export { seedFor, TEST_SEED } from "./seed.ts";

/** The most an emulator of a harness waits before carrying a request out, and again before answering it (ms). */
export const JITTER_MS = 3;

export interface Harness {
  emulator: RunningEmulator;
  env: NodeJS.ProcessEnv;
  /** A client for setting up live state and reading it back, as another user of the API would. */
  api: ApiClient;
  org: string;
  /** Writes a configuration file and returns its path. */
  config(yaml: string, name?: string): Promise<string>;
  /** Runs docsync; `kinds`, for this run only, in place of the harness's. */
  run(
    args: string[],
    options?: { answers?: Answer[]; env?: NodeJS.ProcessEnv; kinds?: KindSet },
  ): Promise<RunResult>;
  /**
   * Resolves once the emulator's log holds an entry that `matches` (one logged already, since the
   * last reset, included), or once `ended` settles first: a wait on the emulator's own news of each
   * request, not a poll of its log.
   */
  logged(matches: (entry: RequestLogEntry) => boolean, ended: Promise<unknown>): Promise<void>;
  /** Write calls the emulator answered since the last reset. */
  writes(): number;
  /**
   * Runs `work` with the emulator answering at once, then delays it again from the seed: for a
   * test's own set-up through `api`, one call after another, whose order no delay can change.
   */
  withoutDelays<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** A fixture file, or a fixture (a variation of the built-in one). */
  fixture?: string | Fixture;
  /** The seed of apply's order of ready calls and of the emulator's delays; default TEST_SEED. */
  seed?: number;
  /** Routes the emulator answers beyond its own (a resource of a kind a test registers). */
  routes?: readonly Route[];
  /** The kinds every run works with (a set with a kind a test adds); default: the built-in ones. */
  kinds?: KindSet;
}

/**
 * Fixture files read so far, by path and text: many tests start an emulator from one fixture file,
 * and reading its YAML cost more than starting the emulator. A fixture is never changed by an
 * emulator built from it (the built-in one is shared alike).
 */
const fixtureFiles = new Map<string, Promise<Fixture>>();

/** The fixture of `file`, or the file itself where it cannot be read (for the emulator to say so). */
async function fixtureOf(file: string): Promise<Fixture | string> {
  const text = await readFile(file, "utf8").catch(() => undefined);
  if (text === undefined) return file;
  const key = `${file}\0${text}`;
  let fixture = fixtureFiles.get(key);
  if (fixture === undefined) {
    fixture = loadFixtureFile(file);
    fixtureFiles.set(key, fixture);
    // A file that fails is read again, to fail again with its own message.
    fixture.catch(() => fixtureFiles.delete(key));
  }
  return fixture;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  harnessStarted();
  const seed = options.seed ?? TEST_SEED;
  const { kinds } = options;
  const delays = { jitterMs: JITTER_MS, replyJitterMs: JITTER_MS };
  const waiting = new Set<{ matches: (entry: RequestLogEntry) => boolean; resolve: () => void }>();
  const emulator = await startEmulator({
    onRequest: (entry) => {
      for (const wait of waiting) if (wait.matches(entry)) wait.resolve();
    },
    port: 0,
    strict: true,
    seed,
    faults: delays,
    ...(options.fixture
      ? {
          fixture: typeof options.fixture === "string" ? await fixtureOf(options.fixture) : options.fixture,
        }
      : {}),
    ...(options.routes ? { routes: options.routes } : {}),
  });
  const dir = await mkdtemp(join(tmpdir(), "docsync-test-"));
  const env = {
    DOCSYNC_API_URL: emulator.url,
    DOCSYNC_TOKEN: emulator.token,
    DOCSYNC_ORG: emulator.organizationId,
    [APPLY_ORDER_SEED_VARIABLE]: String(seed),
  };
  const api = createApiClient({ baseUrl: emulator.url, token: emulator.token });
  let files = 0;
  return {
    emulator,
    env,
    api,
    org: emulator.organizationId,
    async config(yaml, name) {
      const path = join(dir, name ?? `config-${++files}.yaml`);
      await writeFile(path, yaml);
      return path;
    },
    run: (args, options = {}) =>
      docsync(args, {
        env: { ...env, ...options.env },
        ...(options.answers ? { answers: options.answers } : {}),
        ...((options.kinds ?? kinds) ? { kinds: options.kinds ?? kinds } : {}),
      }),
    logged(matches, ended) {
      if (emulator.requests.some(matches)) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const wait = {
          matches,
          resolve: () => {
            waiting.delete(wait);
            resolve();
          },
        };
        waiting.add(wait);
        void ended.then(wait.resolve, wait.resolve);
      });
    },
    writes: () => emulator.stats().writes,
    async withoutDelays(work) {
      emulator.setFaults({});
      try {
        return await work();
      } finally {
        emulator.setFaults(delays);
      }
    },
    async close() {
      await api.close();
      await emulator.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Applies a configuration, asserting success, and returns the output. */
export async function applied(harness: Harness, path: string): Promise<RunResult> {
  const result = await harness.run(["apply", "-c", path, "--yes"]);
  if (result.code !== 0)
    throw new Error(`apply failed (${result.code}):\n${result.stdout}\n${result.stderr}`);
  return result;
}
