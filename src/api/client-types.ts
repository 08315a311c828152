// The public shape of the API client: what callers pass in and what they get back.

import type { HttpMethod } from "./errors.ts";
import type { RecoverSpec } from "./recovery.ts";
import type { ProxySettings } from "./transport.ts";

export type QueryValue = string | number | boolean | undefined;
/** Query parameters; `undefined` values are left out. */
export type Query = Record<string, QueryValue>;

/** Another form of a request that makes the same change, for a service without its route. */
export interface AlternateRequest {
  /**
   * The route of the request it stands in for, `METHOD /path/:param`. Once that route answers as
   * absent (405, or a 404 that says no such route), the client sends this form instead, at
   * once for the rest of its life.
   */
  route: string;
  method: HttpMethod;
  path: string;
  body?: unknown;
}

export interface ApiRequest {
  method: HttpMethod;
  /** Path under `{base}/v1`, e.g. `/orgs/org_1/sites`. */
  path: string;
  query?: Query;
  /** Sent as JSON. */
  body?: unknown;
  /** For creates: how to find out, after an ambiguous failure, whether the item was created. */
  recover?: RecoverSpec;
  /**
   * Whether sending the request twice could make two items: then it is never sent again after
   * an ambiguous failure without `recover` finding out first. Not guessed from the method or
   * path (a POST may well be idempotent, a PUT may create): absent means it is not a create.
   */
  create?: boolean;
  alternate?: AlternateRequest;
  /**
   * An operation the service may not have (`route`, as for `alternate`). Once it answers as an
   * absent route, the client says so once (an `alternate` event naming `instead`, what the caller
   * does in its place) and fails each later request of the route at once, with the same error.
   */
  optional?: { route: string; instead: string };
  /**
   * Gives up on the request: the exchange in progress is cut off and no attempt follows. The
   * request then fails with an error saying that its outcome is unknown.
   */
  signal?: AbortSignal;
}

export interface RetryOptions {
  /** Total sends of one request, the first included. Defaults of these: DEFAULT_RETRY (retry.ts). */
  maxAttempts?: number;
  /** Backoff base: attempt n waits a random time below base·2^(n-1). */
  baseDelayMs?: number;
  /** Backoff ceiling. */
  maxDelayMs?: number;
  /** Longest wait the service may ask for (Retry-After, rate-limit reset). */
  maxRetryAfterMs?: number;
}

export interface ApiClientOptions {
  /** The service's base URL; `/v1` is appended unless already there. https except on loopback. */
  baseUrl: string;
  token: string;
  /** Connections and requests in flight at once (parallelism.ts). Default DEFAULT_PARALLELISM. */
  parallelism?: number;
  retry?: RetryOptions;
  /** Deadline of one exchange (one attempt), headers and body. Default DEFAULT_TIMEOUT_MS (client.ts). */
  timeoutMs?: number;
  /** Page size `list` asks for (`limit`); the API's maximum, MAX_PAGE_SIZE, by default. */
  pageSize?: number;
  userAgent?: string;
  /** The proxy to reach the service through (see proxySettings); none by default. */
  proxy?: ProxySettings;
  /** Receives what the client does, for logging. Never carries the token or request bodies. */
  onEvent?: (event: ApiEvent) => void;
  /** Source of jitter, in [0, 1). Default Math.random. */
  random?: () => number;
}

interface EventBase {
  method: HttpMethod;
  /** Path under `/v1`, without query. */
  path: string;
  /** 1 for the first send of a request. */
  attempt: number;
}

export type ApiEvent =
  | (EventBase & {
      type: "request";
      /** Undefined when no response arrived. */
      status: number | undefined;
      durationMs: number;
      /** The network failure, when there was one: `connection reset`, `timed out after 30s`. */
      error?: string;
    })
  | (EventBase & {
      type: "retry";
      status: number | undefined;
      /** Time before the next attempt. */
      waitMs: number;
      /** What failed and why this wait: `503 Service Unavailable`, `429 Too Many Requests; Retry-After`. */
      reason: string;
    })
  | (EventBase & {
      type: "alternate";
      /** The route found absent (reported once per client). */
      route: string;
      /** The answer that showed it: 404 or 405. */
      status: number;
      /** What is sent instead, e.g. `PATCH /orgs/o/sites/s/sections/x`. */
      instead: string;
    })
  | (EventBase & {
      type: "recovered";
      /** The listing that showed the item created by the failed attempt. */
      list: string;
      id: string | undefined;
      /** The failure after which the create turned out to have been applied. */
      reason: string;
    })
  | (EventBase & {
      type: "adopted";
      /** The listing that showed the item another run made, as this create would have. */
      list: string;
      id: string | undefined;
      /** The answer that refused the create: `409 Conflict`. */
      reason: string;
    });

export interface ApiClient {
  get<T>(path: string, query?: Query): Promise<T>;
  /** Every item of a paged listing, one request per page. */
  list<T>(path: string, query?: Query): Promise<T[]>;
  /** Any operation; resolves to the parsed body, or undefined for an empty answer (204). */
  send<T>(request: ApiRequest): Promise<T | undefined>;
  /**
   * Says that about `requests` requests will soon go out at once (the next level of a read):
   * connections for them (up to the parallelism) are opened now, while the caller still waits.
   */
  prepare(requests: number): void;
  /** Releases the connections; the client is unusable afterwards. */
  close(): Promise<void>;
}

/** The reading half of the client: what reading the live state needs, and all that drift gets. */
export type LiveReader = Pick<ApiClient, "get" | "list"> & Partial<Pick<ApiClient, "prepare">>;
