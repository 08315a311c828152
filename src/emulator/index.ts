// The emulator's public face: start a stateful, in-memory Docs Platform API on 127.0.0.1 and
// control it (faults, rate limit, clock, request log) from the process that started it.

import { DocsyncError } from "../errors.ts";
import type { Route } from "./core/context.ts";
import { EmulatorState } from "./core/state.ts";
import { type FailRule, FaultInjector, type FaultOptions } from "./faults.ts";
import { applyFixture } from "./fixture/apply.ts";
import { type Fixture, loadFixture } from "./fixture.ts";
import { RateLimiter, type RateLimitSettings } from "./rate-limit.ts";
import { RequestLog, type RequestLogEntry, type RequestStats } from "./request-log.ts";
import { Router } from "./router.ts";
import { routes } from "./routes.ts";
import { createEmulatorServer, listen } from "./server.ts";

export type { Handler, Reply, RequestContext, Route } from "./core/context.ts";
export type { ExchangeBodies } from "./request-log.ts";
export type { FailRule, FaultOptions, Fixture, RateLimitSettings, RequestLogEntry, RequestStats };
export { EmulatorState };

export interface EmulatorOptions {
  /** 0 = any free port. Default 0. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** A YAML file or a fixture object; the built-in fixture when absent. */
  fixture?: string | Fixture;
  /** Seed of the fault generator when `faults.seed` is not given. Default 1. */
  seed?: number;
  faults?: FaultOptions;
  rateLimit?: RateLimitSettings;
  /** The admin token (of the first organization's first admin) instead of a random one. */
  token?: string;
  /**
   * Unknown body fields are a 400 naming the field. Default false: they are ignored and listed
   * in the request's log entry, as the service's open request schemas allow.
   */
  strict?: boolean;
  /**
   * Routes beyond the emulator's own (a program's own resource, for a kind it registers): a
   * route that another one already answers is an error.
   */
  routes?: readonly Route[];
  /** Called after each request is answered, with its log entry. */
  onRequest?: (entry: RequestLogEntry) => void;
  /**
   * Log entries keep the JSON bodies of each request and answer (`bodies`). Default false. They
   * hold what was sent, sensitive values included: for in-process checks, never printed.
   */
  recordBodies?: boolean;
}

export interface RunningEmulator {
  /** Base URL without /v1, e.g. `http://127.0.0.1:34567`. */
  url: string;
  /** The token of the first organization's first admin. */
  token: string;
  /** The fixture's first organization. */
  organizationId: string;
  /** API token by user id, for every user of the fixture. */
  tokens: Record<string, string>;
  state: EmulatorState;
  /** Every request answered so far (live: emptied in place by resetLog). */
  requests: RequestLogEntry[];
  stats(): RequestStats;
  resetLog(): void;
  /** Replaces the fault options and restarts the fault generator from its seed. */
  setFaults(faults: FaultOptions): void;
  /** Makes the next matching request(s) fail, before any random fault. */
  failNext(rule: FailRule): void;
  /**
   * Behaves as if the client were killed after `writes` more writes (see FaultOptions
   * cutAfterWrites); undefined, or setFaults, lifts the cut.
   */
  cutAfterWrites(writes: number | undefined): void;
  setRateLimit(rateLimit?: RateLimitSettings): void;
  /**
   * Switches routes off, named as `METHOD /path/:param` (as the fixture's `absent`): they answer
   * as routes the emulator does not have. A name that is no route throws a RangeError.
   */
  removeRoutes(names: readonly string[]): void;
  /** Switches every route back on, those of the fixture's `absent` included. */
  restoreRoutes(): void;
  /** Moves the emulator's clock forward (deleted spaces expire, rate-limit windows end). */
  advanceClock(ms: number): void;
  close(): Promise<void>;
}

const DEFAULT_SEED = 1;

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  if (options.token !== undefined && !/^[\x21-\x7e]{1,256}$/.test(options.token)) {
    throw new DocsyncError("emulator.token", "token: must be 1 to 256 printable characters without spaces");
  }
  const fixture = await loadFixture(options.fixture);
  const state = new EmulatorState();
  const applied = applyFixture(state, fixture, options.token);
  const log = new RequestLog();
  const faults = new FaultInjector(options.seed ?? DEFAULT_SEED);
  faults.set(options.faults ?? {});
  const limiter = new RateLimiter(options.rateLimit, () => state.now().getTime());
  const router = new Router([...routes, ...(options.routes ?? [])]);
  router.remove(fixture.absent ?? []);
  const server = createEmulatorServer({
    state,
    router,
    faults,
    limiter,
    strict: options.strict ?? false,
    log,
    recordBodies: options.recordBodies ?? false,
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
  });
  const url = await listen(server, options.port ?? 0, options.host ?? "127.0.0.1");
  state.baseUrl = url;

  return {
    url,
    token: applied.tokens[applied.adminUserId] as string,
    organizationId: applied.organizationId,
    tokens: applied.tokens,
    state,
    requests: log.entries,
    stats: () => log.stats(),
    resetLog: () => log.reset(),
    setFaults: (f) => faults.set(f),
    failNext: (rule) => faults.failNext(rule),
    cutAfterWrites: (writes) => faults.cutAfterWrites(writes),
    setRateLimit: (rateLimit) => limiter.set(rateLimit),
    removeRoutes: (names) => router.remove(names),
    restoreRoutes: () => router.restore(),
    advanceClock: (ms) => {
      state.clockOffsetMs += ms;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
