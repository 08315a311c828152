// One HTTP exchange over a keep-alive connection pool, and nothing else: no retries, no parsing.
// Network failures come back as values, classified by whether the request may have reached the
// service, because that decides whether a non-idempotent write can be sent again.

import { type Dispatcher, EnvHttpProxyAgent, Pool } from "undici";
import { createWarmConnector, HOST_MISMATCH } from "./warm-connections.ts";

export interface TransportOptions {
  origin: string;
  connections: number;
  timeoutMs: number;
  /** Sent with every request (authorization, user agent). */
  headers: Record<string, string>;
  /** The proxy settings of the environment (HTTPS_PROXY, HTTP_PROXY, NO_PROXY); none by default. */
  proxy?: ProxySettings;
}

/** As curl and undici read them: a proxy URL per scheme, and hosts reached directly. */
export interface ProxySettings {
  httpProxy: string;
  httpsProxy: string;
  noProxy: string;
}

/** The proxy settings in an environment, lowercase names first (as curl and undici read them). */
export function proxySettings(env: NodeJS.ProcessEnv): ProxySettings {
  return {
    httpProxy: env.http_proxy ?? env.HTTP_PROXY ?? "",
    httpsProxy: env.https_proxy ?? env.HTTPS_PROXY ?? "",
    noProxy: env.no_proxy ?? env.NO_PROXY ?? "",
  };
}

/** A proxy URL without what must not be printed (user and password): scheme, host and port. */
function proxyHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "a proxy";
  }
}

export type ResponseHeaders = Record<string, string | string[] | undefined>;

export interface NetworkFailure {
  /** Short and user-facing: `connection reset`, `timed out after 30s`, `connection refused`. */
  reason: string;
  /** The request may have been received and processed before the failure. */
  ambiguous: boolean;
  /** Sending it again can help (a refused connection may come back; an unknown host will not). */
  retryable: boolean;
  /** A plain copy of the underlying error (code and message only), for debugging. */
  cause: Error;
  /** The error code of a failure of its own kind; `api.network` when absent. */
  code?: NetworkErrorCode;
}

/** What a failure to get an answer is, when it is more than `api.network`. */
export type NetworkErrorCode = "api.timeout" | "api.tls";

export type Exchange =
  | { kind: "response"; status: number; headers: ResponseHeaders; body: string; durationMs: number }
  | { kind: "failure"; failure: NetworkFailure; durationMs: number };

export interface Transport {
  /** `signal` cuts the exchange off: it then fails with the reason `abandoned`. */
  exchange(method: string, pathAndQuery: string, body?: string, signal?: AbortSignal): Promise<Exchange>;
  /**
   * Opens connections ahead, until `total` are open or opening: for requests about to be sent
   * at once. Does nothing through a proxy.
   */
  warm(total: number): void;
  close(): Promise<void>;
}

export function createTransport(options: TransportOptions): Transport {
  const settings = {
    connections: options.connections,
    keepAliveTimeout: 30_000,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    connect: { timeout: Math.min(options.timeoutMs, 10_000) },
  };
  const proxy = options.proxy;
  const proxied = proxy !== undefined && (proxy.httpProxy !== "" || proxy.httpsProxy !== "");
  const connector = proxied
    ? undefined
    : createWarmConnector(options.origin, { timeoutMs: settings.connect.timeout });
  // With a proxy configured, undici's agent picks it (or none, for NO_PROXY hosts) per origin;
  // the values are passed in, so that undici does not read process.env on its own.
  const pool: Dispatcher = connector
    ? new Pool(options.origin, { ...settings, connect: connector.connect })
    : new EnvHttpProxyAgent({ ...settings, ...proxy });
  const host = new URL(options.origin).host;
  const viaProxy = proxyFor(options.origin, proxy);
  // Network failures name where docsync tried to go, and through which proxy.
  const where = viaProxy === undefined ? `at ${host}` : `at ${host} through the proxy ${proxyHost(viaProxy)}`;
  // The same for every request, so built once.
  const readHeaders: Record<string, string> = { ...options.headers, accept: "application/json" };
  const bodyHeaders: Record<string, string> = { ...readHeaders, "content-type": "application/json" };

  async function exchange(
    method: string,
    pathAndQuery: string,
    body?: string,
    signal?: AbortSignal,
  ): Promise<Exchange> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    // One deadline for the whole exchange, headers and body alike.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs);
    const abandon = () => controller.abort();
    if (signal?.aborted) controller.abort();
    else signal?.addEventListener("abort", abandon, { once: true });
    try {
      const response = await pool.request({
        origin: options.origin,
        method: method as "GET",
        path: pathAndQuery,
        headers: body === undefined ? readHeaders : bodyHeaders,
        body,
        signal: controller.signal,
      });
      const text = await response.body.text();
      return {
        kind: "response",
        status: response.statusCode,
        headers: response.headers,
        body: text,
        durationMs: elapsed(),
      };
    } catch (error) {
      const failure = timedOut
        ? timeoutFailure(options.timeoutMs, error)
        : signal?.aborted
          ? abandonedFailure(error)
          : classifyNetworkError(error);
      failure.reason = `${failure.reason} ${where}`;
      return { kind: "failure", failure, durationMs: elapsed() };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", abandon);
    }
  }

  /** The exchanges under way: each settles, by its answer, its failure or its deadline. */
  const inFlight = new Set<Promise<Exchange>>();

  return {
    exchange(method, pathAndQuery, body, signal) {
      const under = exchange(method, pathAndQuery, body, signal);
      inFlight.add(under);
      void under.finally(() => inFlight.delete(under));
      return under;
    },
    warm: (total) => connector?.warm(Math.min(total, options.connections)),
    async close() {
      // Once every exchange has settled, nothing the pool may still hold is awaited by anyone: it
      // is destroyed rather than closed, since a close waits for requests undici may keep counted
      // after failing them (warm-connections.ts), and would then never end.
      await Promise.allSettled([...inFlight]);
      await pool.destroy();
      connector?.close();
    },
  };
}

/** The proxy a request to `origin` goes through: NO_PROXY read as undici's agent reads it. */
export function proxyFor(origin: string, proxy: ProxySettings | undefined): string | undefined {
  if (!proxy) return undefined;
  const url = new URL(origin);
  const chosen = url.protocol === "https:" ? proxy.httpsProxy || proxy.httpProxy : proxy.httpProxy;
  if (chosen === "" || proxy.noProxy.trim() === "*") return undefined;
  const hostname = url.host.replace(/:\d*$/, "").toLowerCase();
  const port = Number(url.port) || (url.protocol === "https:" ? 443 : 80);
  for (const entry of proxy.noProxy.split(/[,\s]/)) {
    if (entry === "") continue;
    const parsed = /^(.+):(\d+)$/.exec(entry);
    const name = (parsed ? parsed[1]! : entry).replace(/^\*?\./, "").toLowerCase();
    if (parsed && Number(parsed[2]) !== port) continue;
    if (hostname === name || hostname.endsWith(`.${name}`)) return undefined;
  }
  return chosen;
}

function timeoutFailure(timeoutMs: number, error: unknown): NetworkFailure {
  return {
    reason: `timed out after ${formatDuration(timeoutMs)}`,
    ambiguous: true,
    retryable: true,
    cause: plain(error),
    code: "api.timeout",
  };
}

/** The caller gave up on the exchange; it may have reached the service. */
function abandonedFailure(error: unknown): NetworkFailure {
  return { reason: "abandoned", ambiguous: true, retryable: false, cause: plain(error) };
}

type FailureClass = Omit<NetworkFailure, "cause">;

/** Node and undici error codes with a known meaning. */
const KNOWN_FAILURES: [codes: string[], FailureClass][] = [
  [["ECONNREFUSED"], { reason: "connection refused", ambiguous: false, retryable: true }],
  // The connection was never established, so nothing was sent.
  [
    ["UND_ERR_CONNECT_TIMEOUT", "ETIMEDOUT"],
    { reason: "connection timed out", ambiguous: false, retryable: true, code: "api.timeout" },
  ],
  [["EAI_AGAIN"], { reason: "host name lookup failed (temporary)", ambiguous: false, retryable: true }],
  [["ENOTFOUND"], { reason: "host not found", ambiguous: false, retryable: false }],
  [
    ["ECONNRESET", "EPIPE", "UND_ERR_SOCKET"],
    { reason: "connection reset", ambiguous: true, retryable: true },
  ],
  [
    ["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT"],
    { reason: "timed out waiting for the response", ambiguous: true, retryable: true, code: "api.timeout" },
  ],
  [
    ["UND_ERR_CLOSED", "UND_ERR_DESTROYED"],
    { reason: "the client was closed", ambiguous: true, retryable: false },
  ],
];
const FAILURE_BY_CODE = new Map(
  KNOWN_FAILURES.flatMap(([codes, failure]) => codes.map((code) => [code, failure] as const)),
);

/** Exported for tests: maps Node and undici error codes to a reason and a safety class. */
export function classifyNetworkError(error: unknown): NetworkFailure {
  const code = errorCode(error);
  const cause = plain(error, code);
  const known = code === undefined ? undefined : FAILURE_BY_CODE.get(code);
  if (known !== undefined) return { ...known, cause };
  if (code === HOST_MISMATCH || code === "ERR_TLS_CERT_ALTNAME_INVALID") {
    // Renamed by the connector (warm-connections.ts); told by the code users can look up.
    return {
      reason: "TLS error: the server's certificate is for another host name (ERR_TLS_CERT_ALTNAME_INVALID)",
      ambiguous: false,
      retryable: false,
      cause,
      code: "api.tls",
    };
  }
  if (code !== undefined && /^(CERT_|ERR_TLS_|ERR_SSL_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_)/.test(code)) {
    return { reason: `TLS error (${code})`, ambiguous: false, retryable: false, cause, code: "api.tls" };
  }
  const message = error instanceof Error ? error.message : String(error);
  // Unknown failures are treated as possibly having reached the service: the safe assumption.
  return {
    reason: code === undefined ? message : `${message} (${code})`,
    ambiguous: true,
    retryable: true,
    cause,
  };
}

function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current !== undefined && depth < 4; depth++) {
    if (typeof current !== "object" || current === null) return undefined;
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && code !== "UND_ERR" && code !== "ERR_ABORTED") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A detached copy, so no socket, request or header object rides along on thrown errors. */
function plain(error: unknown, code = errorCode(error)): Error {
  const message = error instanceof Error ? error.message : String(error);
  return new Error(code === undefined ? message : `${code}: ${message}`);
}

export function formatDuration(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}
