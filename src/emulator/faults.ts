// Fault injection: latency (before a request is carried out, and between carrying it out and
// answering), errors before any change, throttling, connection resets and errors after a write
// was committed. Random faults come from a seeded generator and every matching
// request draws the same number of values, so the same seed, options and requests give the
// same faults. One-off rules (failNext) take precedence over random faults.

import { mulberry32 } from "../prng.ts";

export interface RequestMatch {
  method?: string;
  /** A path (with or without /v1), a route pattern such as `/orgs/:organizationId/teams`, or a RegExp. */
  path?: string | RegExp;
}

export interface FaultOptions {
  seed?: number;
  latencyMs?: number;
  jitterMs?: number;
  /**
   * A random 0 to replyJitterMs milliseconds between carrying a request out and answering it:
   * answers arrive in another order than the requests were carried out (and their rate-limit
   * headers were counted), as answers travelling back over a network may.
   */
  replyJitterMs?: number;
  /** 0..1: answered 500/502/503 (or one of errorStatuses) before any change. */
  errorRate?: number;
  errorStatuses?: number[];
  /** 0..1: answered 429 with Retry-After. */
  throttleRate?: number;
  retryAfterSeconds?: number;
  /** 0..1: the socket is destroyed without an answer. */
  resetRate?: number;
  /** 0..1, writes only: the change is made, then the answer is a 500. */
  afterCommitRate?: number;
  /** Limits every effect above (latency included) to the matching requests. */
  match?: RequestMatch;
  /**
   * As if the client were killed after this many writes: the write that makes the count is
   * carried out but not answered, and every request after it (reads too) has its connection
   * destroyed without being carried out. Counts writes carried out from when it is set; not
   * limited by `match`.
   */
  cutAfterWrites?: number;
}

export interface FailRule extends RequestMatch {
  kind: "status" | "reset" | "after-commit";
  /** For `status`: default 503. For `after-commit`: default 500. */
  status?: number;
  retryAfterSeconds?: number;
  /**
   * For `status`: the error message of the answer, instead of one ending in `(injected fault)`;
   * e.g. a validation error that quotes the value it refuses, as some services do.
   */
  message?: string;
  /** How many matching requests fail; default 1. */
  times?: number;
}

/** What is done to one request. */
export type Fault =
  | { kind: "reset" }
  | { kind: "status"; status: number; retryAfterSeconds?: number; message?: string }
  | { kind: "after-commit"; status: number };

export interface FaultRequest {
  method: string;
  /** The path as requested, e.g. `/v1/orgs/org_acme/teams`. */
  path: string;
  /** The route pattern that answers it, e.g. `/orgs/:organizationId/teams`. */
  route?: string;
}

const DEFAULT_ERROR_STATUSES = [500, 502, 503];

export function matches(match: RequestMatch | undefined, request: FaultRequest): boolean {
  if (!match) return true;
  if (match.method !== undefined && match.method.toUpperCase() !== request.method) return false;
  if (match.path === undefined) return true;
  const relative = request.path.replace(/^\/v1(?=\/)/, "");
  const forms = [request.path, relative, ...(request.route ? [request.route] : [])];
  const { path } = match;
  return typeof path === "string" ? forms.includes(path) : forms.some((form) => path.test(form));
}

export class FaultInjector {
  private options: FaultOptions = {};
  private random: () => number = Math.random;
  private jitterRandom: () => number = Math.random;
  private replyRandom: () => number = Math.random;
  private rules: (FailRule & { left: number })[] = [];
  /** Writes still to carry out before the cut; undefined: no cut planned. */
  private writesBeforeCut: number | undefined;
  private cut = false;

  constructor(private readonly defaultSeed: number) {
    this.set({});
  }

  /** Replaces the options and restarts the generators from the seed. */
  set(options: FaultOptions): void {
    this.options = options;
    const seed = options.seed ?? this.defaultSeed;
    this.random = mulberry32(seed);
    // Latency draws from its own stream, so turning jitter on does not change which requests fail.
    this.jitterRandom = mulberry32(seed ^ 0x9e3779b9);
    this.replyRandom = mulberry32(seed ^ 0x85ebca6b);
    this.cutAfterWrites(options.cutAfterWrites);
  }

  /** Plans a cut after `writes` more writes (0: from now on); undefined lifts any cut. */
  cutAfterWrites(writes: number | undefined): void {
    if (writes !== undefined && !(Number.isInteger(writes) && writes >= 0))
      throw new RangeError("cutAfterWrites: must be a whole number, 0 or more");
    this.writesBeforeCut = writes;
    this.cut = writes === 0;
  }

  /** Whether requests are cut off: destroyed without being carried out. */
  isCut(): boolean {
    return this.cut;
  }

  /** Counts a write that was carried out; true when it is the one after which the cut comes. */
  countWrite(): boolean {
    if (this.writesBeforeCut === undefined || this.cut) return false;
    this.writesBeforeCut -= 1;
    this.cut = this.writesBeforeCut <= 0;
    return this.cut;
  }

  failNext(rule: FailRule): void {
    this.rules.push({ ...rule, left: rule.times ?? 1 });
  }

  /** Milliseconds to wait before answering. */
  latencyMs(request: FaultRequest): number {
    const { latencyMs = 0, jitterMs = 0 } = this.options;
    if ((latencyMs <= 0 && jitterMs <= 0) || !matches(this.options.match, request)) return 0;
    return latencyMs + Math.floor(this.jitterRandom() * jitterMs);
  }

  /** Milliseconds to wait between carrying a request out and answering it. */
  replyDelayMs(request: FaultRequest): number {
    const { replyJitterMs = 0 } = this.options;
    if (replyJitterMs <= 0 || !matches(this.options.match, request)) return 0;
    return Math.floor(this.replyRandom() * replyJitterMs);
  }

  decide(request: FaultRequest): Fault | undefined {
    const random = matches(this.options.match, request) ? this.draw(request) : undefined;
    return this.takeRule(request) ?? random;
  }

  private takeRule(request: FaultRequest): Fault | undefined {
    const index = this.rules.findIndex((rule) => matches(rule, request));
    const rule = this.rules[index];
    if (!rule) return undefined;
    rule.left -= 1;
    if (rule.left <= 0) this.rules.splice(index, 1);
    if (rule.kind === "reset") return { kind: "reset" };
    if (rule.kind === "after-commit") return { kind: "after-commit", status: rule.status ?? 500 };
    const status = rule.status ?? 503;
    const retryAfterSeconds = rule.retryAfterSeconds ?? (status === 429 ? 1 : undefined);
    return {
      kind: "status",
      status,
      ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
      ...(rule.message !== undefined ? { message: rule.message } : {}),
    };
  }

  /** Always five draws per request, whatever the rates, to keep sequences aligned. */
  private draw(request: FaultRequest): Fault | undefined {
    const reset = this.random();
    const throttle = this.random();
    const error = this.random();
    const pick = this.random();
    const afterCommit = this.random();
    const o = this.options;
    if (reset < (o.resetRate ?? 0)) return { kind: "reset" };
    if (throttle < (o.throttleRate ?? 0)) {
      return { kind: "status", status: 429, retryAfterSeconds: o.retryAfterSeconds ?? 1 };
    }
    if (error < (o.errorRate ?? 0)) {
      const statuses = o.errorStatuses?.length ? o.errorStatuses : DEFAULT_ERROR_STATUSES;
      return { kind: "status", status: statuses[Math.floor(pick * statuses.length)] as number };
    }
    if (request.method !== "GET" && afterCommit < (o.afterCommitRate ?? 0))
      return { kind: "after-commit", status: 500 };
    return undefined;
  }
}
