import { describe, expect, it } from "vitest";
import {
  backoffMs,
  DEFAULT_RETRY,
  isAmbiguousStatus,
  isRetryableStatus,
  parseRateLimitReset,
  parseRetryAfter,
  serverWaitMs,
  waitBeforeRetry,
} from "../../src/api/retry.ts";

const NOW = Date.parse("2025-03-01T12:00:00Z");

describe("statuses", () => {
  it("retries throttling and transient server errors only", () => {
    expect([429, 500, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 409, 422, 501].some(isRetryableStatus)).toBe(false);
  });
  it("treats 5xx as possibly applied and 429 as not processed", () => {
    expect(isAmbiguousStatus(503)).toBe(true);
    expect(isAmbiguousStatus(500)).toBe(true);
    expect(isAmbiguousStatus(429)).toBe(false);
  });
});

describe("backoff", () => {
  it("grows exponentially under the ceiling, with full jitter", () => {
    const settings = { ...DEFAULT_RETRY, baseDelayMs: 100, maxDelayMs: 1000 };
    const top = () => 0.999999;
    expect(backoffMs(1, settings, top)).toBe(99);
    expect(backoffMs(2, settings, top)).toBe(199);
    expect(backoffMs(3, settings, top)).toBe(399);
    expect(backoffMs(10, settings, top)).toBe(999);
    expect(backoffMs(3, settings, () => 0)).toBe(0);
    expect(backoffMs(3, settings, () => 0.5)).toBe(200);
  });
});

describe("Retry-After", () => {
  it("reads delay-seconds", () => {
    expect(parseRetryAfter("0", NOW)).toBe(0);
    expect(parseRetryAfter("1", NOW)).toBe(1000);
    expect(parseRetryAfter(" 120 ", NOW)).toBe(120_000);
  });
  it("reads an HTTP date, and a past date as no wait", () => {
    expect(parseRetryAfter("Sat, 01 Mar 2025 12:00:30 GMT", NOW)).toBe(30_000);
    expect(parseRetryAfter("Sat, 01 Mar 2025 11:00:00 GMT", NOW)).toBe(0);
  });
  it("ignores what it cannot read", () => {
    expect(parseRetryAfter(undefined, NOW)).toBeUndefined();
    expect(parseRetryAfter("soon", NOW)).toBeUndefined();
    expect(parseRetryAfter("-5", NOW)).toBeUndefined();
  });
});

describe("X-RateLimit-Reset", () => {
  it("reads small numbers as seconds from now", () => {
    expect(parseRateLimitReset("42", NOW)).toBe(42_000);
    expect(parseRateLimitReset("0", NOW)).toBe(0);
  });
  it("reads large numbers as epoch seconds", () => {
    expect(parseRateLimitReset(String(NOW / 1000 + 7), NOW)).toBe(7000);
    expect(parseRateLimitReset(String(NOW / 1000 - 7), NOW)).toBe(0);
  });
  it("reads very large numbers as epoch milliseconds", () => {
    expect(parseRateLimitReset(String(NOW + 2500), NOW)).toBe(2500);
  });
});

describe("the wait before a retry", () => {
  const settings = { ...DEFAULT_RETRY, baseDelayMs: 100, maxRetryAfterMs: 60_000 };
  const half = () => 0.5;

  it("follows Retry-After first", () => {
    const headers = { "retry-after": "3", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "50" };
    expect(waitBeforeRetry(1, headers, settings, half, NOW)).toEqual({ waitMs: 3000, basis: "retry-after" });
  });
  it("waits for the reset when the window is spent", () => {
    const headers = { "x-ratelimit-remaining": "0", "x-ratelimit-reset": "5" };
    expect(serverWaitMs(headers, NOW)).toBe(5000);
    expect(waitBeforeRetry(1, headers, settings, half, NOW)).toEqual({ waitMs: 5000, basis: "retry-after" });
  });
  it("ignores the reset while requests remain", () => {
    const headers = { "x-ratelimit-remaining": "3", "x-ratelimit-reset": "5" };
    expect(waitBeforeRetry(2, headers, settings, half, NOW)).toEqual({ waitMs: 100, basis: "backoff" });
  });
  it("caps what the service asks for", () => {
    const headers = { "retry-after": "3600" };
    expect(waitBeforeRetry(1, headers, settings, half, NOW).waitMs).toBe(60_000);
  });
  it("backs off without a hint, and after network failures", () => {
    expect(waitBeforeRetry(3, undefined, settings, half, NOW)).toEqual({ waitMs: 200, basis: "backoff" });
  });
});
