// When to send a request again and how long to wait first. Pure functions: the client feeds them
// statuses, headers, the clock and a random source, which keeps them easy to test.

import type { ResponseHeaders } from "./transport.ts";

export interface RetrySettings {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Upper bound of any single wait, including one the service asks for. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetrySettings = {
  maxAttempts: 5,
  baseDelayMs: 200,
  maxDelayMs: 10_000,
  maxRetryAfterMs: 120_000,
};

/** Statuses worth another try: throttling and transient server or gateway trouble. */
const RETRYABLE_STATUSES = new Set([429, 500, 502, 503, 504]);

export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.has(status);
}

/**
 * A 5xx may come after the service applied the write (it failed while answering), so for a
 * non-idempotent request it leaves the outcome unknown. A 429 means the request was turned away
 * before it was processed.
 */
export function isAmbiguousStatus(status: number): boolean {
  return status >= 500;
}

/** Exponential backoff with full jitter: a random wait in [0, min(max, base·2^(attempt-1))). */
export function backoffMs(attempt: number, settings: RetrySettings, random: () => number): number {
  const ceiling = Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random() * ceiling);
}

/** `Retry-After` as milliseconds from now: either delay-seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // An HTTP date always names a weekday and month; this keeps `-5` from parsing as a year.
  const date = /[a-z]/i.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * `X-RateLimit-Reset` as milliseconds from now. Services disagree on its unit, so it is read by
 * magnitude: at least 1e12 is epoch milliseconds, at least 1e9 is epoch seconds (1e9 s is
 * September 2001; no window lasts 31 years), anything smaller is seconds from now.
 */
export function parseRateLimitReset(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return undefined;
  const n = Number(text);
  if (n >= 1e12) return Math.max(0, Math.round(n - now));
  if (n >= 1e9) return Math.max(0, Math.round(n * 1000 - now));
  return Math.round(n * 1000);
}

export function header(headers: ResponseHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * How long the service asked us to stay away, if it did: `Retry-After` wins; otherwise, when the
 * rate-limit window is spent (`X-RateLimit-Remaining: 0`), until `X-RateLimit-Reset`.
 */
export function serverWaitMs(headers: ResponseHeaders, now: number): number | undefined {
  return parseRetryAfter(header(headers, "retry-after"), now) ?? spentWindowMs(headers, now);
}

/** Time until the rate-limit window resets, when it is spent (`X-RateLimit-Remaining: 0`). */
function spentWindowMs(headers: ResponseHeaders, now: number): number | undefined {
  if (header(headers, "x-ratelimit-remaining")?.trim() !== "0") return undefined;
  return parseRateLimitReset(header(headers, "x-ratelimit-reset"), now);
}

export interface Wait {
  waitMs: number;
  /** Why this long, for the retry event. */
  basis: "retry-after" | "backoff";
}

/** The wait before attempt `attempt + 1`, honouring the service's hint, capped either way. */
export function waitBeforeRetry(
  attempt: number,
  headers: ResponseHeaders | undefined,
  settings: RetrySettings,
  random: () => number,
  now: number,
): Wait {
  const hinted = headers === undefined ? undefined : serverWaitMs(headers, now);
  if (hinted !== undefined)
    return { waitMs: Math.min(hinted, settings.maxRetryAfterMs), basis: "retry-after" };
  return {
    waitMs: Math.min(backoffMs(attempt, settings, random), settings.maxRetryAfterMs),
    basis: "backoff",
  };
}

/** `the API asked (429 Retry-After)`: a wait the service asked for, named by the header that asked. */
export function askedToWait(status: number | string, headers: ResponseHeaders | undefined): string {
  const named = headers !== undefined && header(headers, "retry-after") !== undefined;
  return `the API asked (${status} ${named ? "Retry-After" : "X-RateLimit-Reset"})`;
}
