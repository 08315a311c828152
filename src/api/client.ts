// The API client: authenticates, bounds concurrency, retries what is safe to retry, recovers
// creates whose answer was lost, and turns every failure into an ApiError that names the call.

import { setTimeout as sleep } from "node:timers/promises";
import pLimit from "p-limit";
import { DocsyncError } from "../errors.ts";
import { Redactor } from "../secrets/redactor.ts";
import { USER_AGENT } from "../version.ts";
import { isRouteAbsent } from "./absent-route.ts";
import type { ApiClient, ApiClientOptions, ApiEvent, ApiRequest, Query } from "./client-types.ts";
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
import { MAX_PAGE_SIZE, walkPages } from "./pagination.ts";
import { DEFAULT_PARALLELISM } from "./parallelism.ts";
import { findCreated } from "./recovery.ts";
import {
  askedToWait,
  DEFAULT_RETRY,
  isAmbiguousStatus,
  isRetryableStatus,
  type RetrySettings,
  serverWaitMs,
  waitBeforeRetry,
} from "./retry.ts";
import { takenByAnother } from "./taken.ts";
import { DEFAULT_TIMEOUT_MS } from "./timeout.ts";
import { createTransport, type ResponseHeaders } from "./transport.ts";
import { buildTarget, resolveApiRoot } from "./url.ts";

// Callers may take the client's types from here as well as from client-types.ts.
export type { ApiClient, ApiClientOptions, ApiEvent, ApiRequest, Query } from "./client-types.ts";

export { DEFAULT_TIMEOUT_MS } from "./timeout.ts";

interface Answer {
  status: number;
  body: unknown;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const token = options.token;
  if (typeof token !== "string" || token.trim() === "") {
    throw new DocsyncError("api.no-token", "No API token was given; set one to talk to the service.");
  }
  if (/[\r\n]/.test(token)) throw new DocsyncError("api.bad-token", "The API token contains a line break.");
  // The run's one rule of redaction, in every form, applied to the token where it first could leak.
  const tokenRedactor = new Redactor([token]);
  const root = resolveApiRoot(options.baseUrl);
  // Checked where the user gives it (--parallelism): the client takes it as given.
  const parallelism = options.parallelism ?? DEFAULT_PARALLELISM;
  const settings: RetrySettings = { ...DEFAULT_RETRY };
  for (const [key, value] of Object.entries(options.retry ?? {})) {
    if (value !== undefined) settings[key as keyof RetrySettings] = value;
  }
  settings.maxAttempts = positiveInteger(settings.maxAttempts, "retry.maxAttempts");
  const pageSize = Math.min(positiveInteger(options.pageSize ?? MAX_PAGE_SIZE, "pageSize"), MAX_PAGE_SIZE);
  const random = options.random ?? Math.random;
  const transport = createTransport({
    origin: root.origin,
    connections: parallelism,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    ...(options.proxy ? { proxy: options.proxy } : {}),
    headers: {
      authorization: `Bearer ${token}`,
      "user-agent": options.userAgent ?? USER_AGENT,
    },
  });
  // Bounds exchanges, not whole requests: a request waiting to retry holds no slot, so a create
  // can re-read its list during recovery even when every slot is busy.
  const limit = pLimit(parallelism);
  // Keeps requests within the rate limit's window, so that they are not turned away at all.
  const pacer = new Pacer({ maxWaitMs: settings.maxRetryAfterMs });
  // When the service turns a request away and says to stay away (Retry-After), every request waits.
  let resumeAt = 0;
  const holdAll = (waitMs: number) => {
    resumeAt = Math.max(resumeAt, Date.now() + Math.min(waitMs, settings.maxRetryAfterMs));
  };
  const emit = (event: ApiEvent): void => {
    try {
      options.onEvent?.(event);
    } catch {
      // A failing logger must not turn a successful write into an error.
    }
  };

  /** Holds every request while the service asks for a pause after turning one away. */
  function observeLimits(status: number, headers: ResponseHeaders): void {
    const wait = status === 429 ? serverWaitMs(headers, Date.now()) : undefined;
    if (wait !== undefined) holdAll(wait);
  }

  /** Every request, its errors marked with the API root they went to. */
  const execute = (request: ApiRequest): Promise<Answer> =>
    send(request).catch((error: unknown) => {
      if (error instanceof ApiError) error.apiRoot ??= `${root.origin}${root.prefix}`;
      throw error;
    });

  async function send(request: ApiRequest): Promise<Answer> {
    const { method } = request;
    const { path, target } = buildTarget(root.prefix, request.path, request.query);
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    // Only the caller knows whether the request creates something (a plan's call says so).
    const create = request.create === true;
    let ambiguousEarlier = false;
    for (let attempt = 1; ; attempt++) {
      const exchange = await limit(async () => {
        // Checked once a slot is free, so requests queued behind a throttled one also wait.
        for (let pause = resumeAt - Date.now(); pause > 0; pause = resumeAt - Date.now()) await sleep(pause);
        await pacer.acquire(request.signal);
        const result = await transport.exchange(method, target, body, request.signal);
        // Read before the slot is released, so the next queued request already sees the hold.
        if (result.kind === "response") observeLimits(result.status, result.headers);
        pacer.observe(result.kind === "response" ? result.headers : undefined);
        return result;
      });
      const { durationMs } = exchange;
      let failure: Failure;
      let headers: ResponseHeaders | undefined;
      if (exchange.kind === "response") {
        const { status } = exchange;
        headers = exchange.headers;
        emit({ type: "request", method, path, attempt, status, durationMs });
        if (status >= 200 && status < 300) {
          return { status, body: parseBody(method, path, status, exchange.body) };
        }
        // An earlier attempt did delete it; only its answer was lost.
        if (method === "DELETE" && status === 404 && ambiguousEarlier) return { status, body: undefined };
        failure = statusFailure(status, exchange.body);
      } else {
        const { reason } = exchange.failure;
        emit({ type: "request", method, path, attempt, status: undefined, durationMs, error: reason });
        failure = { ...exchange.failure, status: undefined, apiMessage: undefined };
      }
      ambiguousEarlier ||= failure.ambiguous;
      if (request.signal?.aborted) throw abandonedError(method, path, failure, attempt, ambiguousEarlier);

      // Another run made the item a moment ago: taken as this create's result when it is the same.
      if (create && failure.status === 409 && request.recover?.adopt !== undefined) {
        const adopted = await takenByAnother(request, path, failure, attempt, listAll, emit);
        if (adopted !== undefined) return { status: 200, body: adopted };
      }
      let checkedList: string | undefined;
      if (create && failure.ambiguous) {
        if (request.recover === undefined) throw outcomeUnknownError(method, path, failure, attempt, path);
        const recovered = await recover(request, path, failure, attempt);
        if (recovered !== undefined) return recovered;
        checkedList = request.recover.list;
      }
      if (!failure.retryable || attempt >= settings.maxAttempts) {
        throw failedError(method, path, failure, attempt, checkedList);
      }
      const wait = waitBeforeRetry(attempt, headers, settings, random, Date.now());
      const reason =
        wait.basis === "retry-after"
          ? askedToWait(failure.status ?? failure.reason, headers)
          : failure.reason;
      emit({ type: "retry", method, path, attempt, status: failure.status, waitMs: wait.waitMs, reason });
      if (wait.waitMs > 0) await sleep(wait.waitMs, undefined, { signal: request.signal }).catch(() => {});
      if (request.signal?.aborted) throw abandonedError(method, path, failure, attempt, ambiguousEarlier);
    }
  }

  /** Routes found absent (by AlternateRequest.route): their requests go in their other form. */
  const absentRoutes = new Set<string>();

  const executeOptional = optionalRoutes(execute, emit);

  /** The request, or its alternate form when the service turns out not to have its route. */
  async function executeOrAlternate(request: ApiRequest): Promise<Answer> {
    const { alternate, optional, ...primary } = request;
    if (optional) return executeOptional(primary, optional);
    if (!alternate) return execute(primary);
    const instead: ApiRequest = {
      ...primary,
      method: alternate.method,
      path: alternate.path,
      body: alternate.body,
    };
    if (absentRoutes.has(alternate.route)) return execute(instead);
    try {
      return await execute(primary);
    } catch (error) {
      if (!(error instanceof ApiError) || !isRouteAbsent(error)) throw error;
      if (!absentRoutes.has(alternate.route)) {
        absentRoutes.add(alternate.route);
        emit({
          type: "alternate",
          method: primary.method,
          path: error.path,
          attempt: error.attempts,
          route: alternate.route,
          status: error.status as number,
          instead: `${alternate.method} ${alternate.path}`,
        });
      }
      return execute(instead);
    }
  }

  function statusFailure(status: number, body: string): Failure {
    const message = extractApiMessage(body);
    return {
      status,
      reason: describeStatus(status),
      // Some servers echo the credentials they refused; never let the token into an error.
      apiMessage: message === undefined ? undefined : tokenRedactor.redact(message),
      retryable: isRetryableStatus(status),
      ambiguous: isAmbiguousStatus(status),
      cause: undefined,
    };
  }

  /** Looks for the item an ambiguous create may have made; undefined when it was not made. */
  async function recover(request: ApiRequest, path: string, failure: Failure, attempt: number) {
    const { method } = request;
    const spec = request.recover!;
    let items: unknown[];
    try {
      items = await listAll(spec.list);
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
    emit({ type: "recovered", method, path, attempt, list: spec.list, id, reason: failure.reason });
    return { status: 200, body: result.item };
  }

  function listAll(path: string, query?: Query): Promise<unknown[]> {
    const size = query?.limit ?? pageSize;
    return walkPages(path.split("?")[0]!, (cursor) =>
      execute({ method: "GET", path, query: { ...query, limit: size, page: cursor } }),
    );
  }

  return {
    get: async <T>(path: string, query?: Query) => (await execute({ method: "GET", path, query })).body as T,
    list: <T>(path: string, query?: Query) => listAll(path, query) as Promise<T[]>,
    send: async <T>(request: ApiRequest) => (await executeOrAlternate(request)).body as T | undefined,
    prepare: (requests) => transport.warm(Math.min(requests, parallelism)),
    close: () => transport.close(),
  };
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

function positiveInteger(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new DocsyncError("api.invalid-option", `The API client option ${name} must be a positive integer.`);
  }
  return value;
}
