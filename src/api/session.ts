// One API client's requests, each in named steps: wait its turn (a slot, a hold, the pace),
// send, judge the answer, salvage a create whose outcome is unclear, and retry what is safe to
// retry. createApiClient (client.ts) checks the options and hands it its setup.

import { setTimeout as sleep } from "node:timers/promises";
import pLimit, { type LimitFunction } from "p-limit";
import type { Redactor } from "../secrets/redactor.ts";
import { alternateRoutes } from "./alternate-route.ts";
import type { ApiClientOptions, ApiEvent, ApiRequest, Query } from "./client-types.ts";
import {
  ApiError,
  abandonedError,
  describeStatus,
  extractApiMessage,
  type Failure,
  failedError,
  type HttpMethod,
  outcomeUnknownError,
} from "./errors.ts";
import { optionalRoutes } from "./optional-route.ts";
import { Pacer } from "./pacing.ts";
import { walkPages } from "./pagination.ts";
import { findCreated } from "./recovery.ts";
import {
  askedToWait,
  isAmbiguousStatus,
  isRetryableStatus,
  type RetrySettings,
  serverWaitMs,
  waitBeforeRetry,
} from "./retry.ts";
import { takenByAnother } from "./taken.ts";
import type { Exchange, ResponseHeaders, Transport } from "./transport.ts";
import { buildTarget, type resolveApiRoot } from "./url.ts";

export interface Answer {
  status: number;
  body: unknown;
}

/** What one attempt came to: the answer, or a failure and the headers that came with it. */
type Attempt = { answer: Answer } | { failure: Failure; headers: ResponseHeaders | undefined };

/** The client's settings, checked, and the connection pool they make. */
export interface ClientSetup {
  root: ReturnType<typeof resolveApiRoot>;
  parallelism: number;
  settings: RetrySettings;
  pageSize: number;
  random: () => number;
  tokenRedactor: Redactor;
  transport: Transport;
  onEvent: ApiClientOptions["onEvent"];
}

/**
 * One client's requests, each in named steps: wait its turn (a slot, a hold, the pace), send,
 * judge the answer, salvage a create whose outcome is unclear, and retry what is safe to retry.
 */
export class ApiSession {
  // Bounds exchanges, not whole requests: a request waiting to retry holds no slot, so a create
  // can re-read its list during recovery even when every slot is busy.
  private readonly limit: LimitFunction;
  // Keeps requests within the rate limit's window, so that they are not turned away at all.
  private readonly pacer: Pacer;
  // When the service turns a request away and says to stay away (Retry-After), every request waits.
  private resumeAt = 0;
  private readonly executeOptional: ReturnType<typeof optionalRoutes<Answer>>;
  private readonly executeAlternate: ReturnType<typeof alternateRoutes<Answer>>;

  constructor(readonly setup: ClientSetup) {
    this.limit = pLimit(setup.parallelism);
    this.pacer = new Pacer({ maxWaitMs: setup.settings.maxRetryAfterMs });
    this.executeOptional = optionalRoutes(this.execute, this.emit);
    this.executeAlternate = alternateRoutes(this.execute, this.emit);
  }

  readonly emit = (event: ApiEvent): void => {
    try {
      this.setup.onEvent?.(event);
    } catch {
      // A failing logger must not turn a successful write into an error.
    }
  };

  /** Every request, its errors marked with the API root they went to. */
  readonly execute = (request: ApiRequest): Promise<Answer> =>
    this.send(request).catch((error: unknown) => {
      if (error instanceof ApiError) error.apiRoot ??= `${this.setup.root.origin}${this.setup.root.prefix}`;
      throw error;
    });

  /** The request, or its alternate form when the service turns out not to have its route. */
  executeOrAlternate(request: ApiRequest): Promise<Answer> {
    const { alternate, optional, ...primary } = request;
    if (optional) return this.executeOptional(primary, optional);
    if (!alternate) return this.execute(primary);
    return this.executeAlternate(primary, alternate);
  }

  readonly listAll = (path: string, query?: Query): Promise<unknown[]> => {
    const size = query?.limit ?? this.setup.pageSize;
    return walkPages(path.split("?")[0]!, (cursor) =>
      this.execute({ method: "GET", path, query: { ...query, limit: size, page: cursor } }),
    );
  };

  /** Sends the request until it is answered, cannot be sent again, or is given up on. */
  private async send(request: ApiRequest): Promise<Answer> {
    const { method, signal } = request;
    const { path, target } = buildTarget(this.setup.root.prefix, request.path, request.query);
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    let ambiguousEarlier = false;
    for (let attempt = 1; ; attempt++) {
      const exchange = await this.exchangeInTurn(method, target, body, signal);
      const outcome = this.judge(exchange, method, path, attempt, ambiguousEarlier);
      if ("answer" in outcome) return outcome.answer;
      const { failure, headers } = outcome;
      ambiguousEarlier ||= failure.ambiguous;
      if (signal?.aborted) throw abandonedError(method, path, failure, attempt, ambiguousEarlier);
      const salvaged = await this.salvage(request, path, failure, attempt);
      if (salvaged.answer) return salvaged.answer;
      if (!failure.retryable || attempt >= this.setup.settings.maxAttempts) {
        throw failedError(method, path, failure, attempt, salvaged.checkedList);
      }
      await this.pauseBeforeRetry(method, path, failure, headers, attempt, signal);
      if (signal?.aborted) throw abandonedError(method, path, failure, attempt, ambiguousEarlier);
    }
  }

  /** One exchange, once a slot is free, no hold is on and the pace allows it. */
  private exchangeInTurn(method: HttpMethod, target: string, body: string | undefined, signal?: AbortSignal) {
    return this.limit(async () => {
      // Checked once a slot is free, so requests queued behind a throttled one also wait.
      for (let pause = this.resumeAt - Date.now(); pause > 0; pause = this.resumeAt - Date.now())
        await sleep(pause);
      await this.pacer.acquire(signal);
      const result = await this.setup.transport.exchange(method, target, body, signal);
      // Read before the slot is released, so the next queued request already sees the hold.
      if (result.kind === "response") this.observeLimits(result.status, result.headers);
      this.pacer.observe(result.kind === "response" ? result.headers : undefined);
      return result;
    });
  }

  /** Holds every request while the service asks for a pause after turning one away. */
  private observeLimits(status: number, headers: ResponseHeaders): void {
    const wait = status === 429 ? serverWaitMs(headers, Date.now()) : undefined;
    if (wait !== undefined) {
      const waitMs = Math.min(wait, this.setup.settings.maxRetryAfterMs);
      this.resumeAt = Math.max(this.resumeAt, Date.now() + waitMs);
    }
  }

  /** Reports the attempt and tells an answer from a failure. */
  private judge(
    exchange: Exchange,
    method: HttpMethod,
    path: string,
    attempt: number,
    ambiguousEarlier: boolean,
  ): Attempt {
    const { durationMs } = exchange;
    if (exchange.kind === "failure") {
      const { reason } = exchange.failure;
      this.emit({ type: "request", method, path, attempt, status: undefined, durationMs, error: reason });
      return {
        failure: { ...exchange.failure, status: undefined, apiMessage: undefined },
        headers: undefined,
      };
    }
    const { status, headers } = exchange;
    this.emit({ type: "request", method, path, attempt, status, durationMs });
    if (status >= 200 && status < 300) {
      return { answer: { status, body: parseBody(method, path, status, exchange.body) } };
    }
    // An earlier attempt did delete it; only its answer was lost.
    if (method === "DELETE" && status === 404 && ambiguousEarlier)
      return { answer: { status, body: undefined } };
    return { failure: this.statusFailure(status, exchange.body), headers };
  }

  /**
   * A create that failed may still have its item: one another run made meanwhile (409), or its
   * own, when the failure leaves unclear whether it was made. Sending it again blindly could make
   * two. Gives the list it read when it found nothing.
   */
  private async salvage(
    request: ApiRequest,
    path: string,
    failure: Failure,
    attempt: number,
  ): Promise<{ answer?: Answer; checkedList?: string }> {
    // Only the caller knows whether the request creates something (a plan's call says so).
    if (request.create !== true) return {};
    // Another run made the item a moment ago: taken as this create's result when it is the same.
    if (failure.status === 409 && request.recover?.adopt !== undefined) {
      const adopted = await takenByAnother(request, path, failure, attempt, this.listAll, this.emit);
      if (adopted !== undefined) return { answer: { status: 200, body: adopted } };
    }
    if (!failure.ambiguous) return {};
    if (request.recover === undefined)
      throw outcomeUnknownError(request.method, path, failure, attempt, path);
    const recovered = await this.recover(request, path, failure, attempt);
    return recovered !== undefined ? { answer: recovered } : { checkedList: request.recover.list };
  }

  /** Waits as long as the service asked, or backs off, and says so. */
  private async pauseBeforeRetry(
    method: HttpMethod,
    path: string,
    failure: Failure,
    headers: ResponseHeaders | undefined,
    attempt: number,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    const wait = waitBeforeRetry(attempt, headers, this.setup.settings, this.setup.random, Date.now());
    const reason =
      wait.basis === "retry-after" ? askedToWait(failure.status ?? failure.reason, headers) : failure.reason;
    this.emit({ type: "retry", method, path, attempt, status: failure.status, waitMs: wait.waitMs, reason });
    if (wait.waitMs > 0) await sleep(wait.waitMs, undefined, { signal }).catch(() => {});
  }

  private statusFailure(status: number, body: string): Failure {
    const message = extractApiMessage(body);
    return {
      status,
      reason: describeStatus(status),
      // Some servers echo the credentials they refused; never let the token into an error.
      apiMessage: message === undefined ? undefined : this.setup.tokenRedactor.redact(message),
      retryable: isRetryableStatus(status),
      ambiguous: isAmbiguousStatus(status),
      cause: undefined,
    };
  }

  /** Looks for the item an ambiguous create may have made; undefined when it was not made. */
  private async recover(request: ApiRequest, path: string, failure: Failure, attempt: number) {
    const { method } = request;
    const spec = request.recover!;
    let items: unknown[];
    try {
      items = await this.listAll(spec.list);
    } catch (error) {
      const detail = (error instanceof Error ? error.message : String(error)).replace(/\.$/, "");
      throw outcomeUnknownError(
        method,
        path,
        failure,
        attempt,
        spec.list,
        `reading it failed too (${detail})`,
      );
    }
    const result = findCreated(items, spec);
    if (result.kind === "none") return undefined;
    if (result.kind === "several") {
      const why = `several items match (${result.ids.join(", ")}), so docsync cannot tell which one it created`;
      throw outcomeUnknownError(method, path, failure, attempt, spec.list, why);
    }
    const id = typeof result.item.id === "string" ? result.item.id : undefined;
    this.emit({ type: "recovered", method, path, attempt, list: spec.list, id, reason: failure.reason });
    return { status: 200, body: result.item };
  }
}

function parseBody(method: HttpMethod, path: string, status: number, text: string): unknown {
  if (status === 204 || text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(
      { method, path, status, unreadable: true },
      `${method} ${path} answered ${describeStatus(status)} with a body that is not JSON` +
        // A web page where the API should be: a sign-in page, a site at the API URL's place.
        (text.trimStart().startsWith("<") ? " but a web page: check the API URL." : "."),
    );
  }
}
