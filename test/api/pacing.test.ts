// The pacer on its own, on a clock the test moves: which request may go when, from what the
// answers said of the rate limit.

import { describe, expect, it } from "vitest";
import { Pacer, readRateLimit } from "../../src/api/pacing.ts";

const NOW = Date.parse("2025-03-01T12:00:00Z");
const epochSeconds = (ms: number) => String((NOW + ms) / 1000);

function setUp(maxWaitMs = 120_000) {
  const clock = { t: NOW };
  const pacer = new Pacer({ maxWaitMs, now: () => clock.t });
  const at = (ms: number) => {
    clock.t = NOW + ms;
  };
  /** Sends `n` requests at once, regardless of the budget. */
  const send = (n = 1) => {
    for (let i = 0; i < n; i++) pacer.take();
  };
  /** One answer with the rate-limit headers (Reset in epoch seconds, as the emulator sends it). */
  const answer = (limit: number, remaining: number, resetMs: number) =>
    pacer.observe({
      "x-ratelimit-limit": String(limit),
      "x-ratelimit-remaining": String(remaining),
      "x-ratelimit-reset": epochSeconds(resetMs),
    });
  return { pacer, at, send, answer };
}

describe("reading the rate-limit headers", () => {
  it("reads Reset as epoch seconds, epoch milliseconds or seconds from now", () => {
    const base = { "x-ratelimit-limit": "100", "x-ratelimit-remaining": "40" };
    const expected = { remaining: 40, resetAt: NOW + 7000, limit: 100 };
    expect(readRateLimit({ ...base, "x-ratelimit-reset": epochSeconds(7000) }, NOW)).toMatchObject(expected);
    expect(readRateLimit({ ...base, "x-ratelimit-reset": String(NOW + 7000) }, NOW)).toMatchObject(expected);
    expect(readRateLimit({ ...base, "x-ratelimit-reset": "7" }, NOW)).toMatchObject(expected);
  });
  it("needs Remaining and Reset, and takes the limit when it is there", () => {
    expect(readRateLimit({}, NOW)).toBeUndefined();
    expect(readRateLimit({ "x-ratelimit-remaining": "5" }, NOW)).toBeUndefined();
    expect(readRateLimit({ "x-ratelimit-remaining": "many", "x-ratelimit-reset": "5" }, NOW)).toBeUndefined();
    expect(readRateLimit({ "x-ratelimit-remaining": "5", "x-ratelimit-reset": "5" }, NOW)).toEqual({
      remaining: 5,
      resetAt: NOW + 5000,
      limit: undefined,
      slackMs: 1000,
    });
  });
});

describe("pacing", () => {
  it("never holds a request when the answers carry no rate-limit headers", () => {
    const { pacer, send } = setUp();
    send(500);
    for (let i = 0; i < 500; i++) pacer.observe({ "content-type": "application/json" });
    send(500);
    expect(pacer.delayMs()).toBe(0);
  });

  it("counts the requests in flight against Remaining, and waits for the Reset when they use it up", () => {
    const { pacer, at, send, answer } = setUp();
    send();
    answer(10, 9, 10_000);
    at(9000);
    send(7);
    expect(pacer.delayMs()).toBe(0);
    send(2);
    // Nine on their way, none answered: the window has no room left until it ends.
    expect(pacer.delayMs()).toBe(1000);
    answer(10, 0, 10_000);
    expect(pacer.delayMs()).toBe(1000);
    at(10_000);
    expect(pacer.delayMs()).toBe(0);
  });

  it("keeps the lowest Remaining of a window: a late answer telling of more left changes nothing", () => {
    const { pacer, at, send, answer } = setUp();
    send(4);
    answer(4, 3, 10_000);
    answer(4, 1, 10_000);
    answer(4, 0, 10_000);
    // The answer of a request the service counted before the last one, arriving after it.
    answer(4, 2, 10_000);
    at(1000);
    expect(pacer.delayMs()).toBe(9000);
  });

  it("lets the last quarter of a window's budget out evenly until the window ends", () => {
    const { pacer, at, send, answer } = setUp();
    send();
    answer(8, 7, 10_000);
    // Six of eight go at once; a reserve of 2 shrinks to nothing over the 10 s of the window.
    send(4);
    expect(pacer.delayMs()).toBe(0);
    send();
    expect(pacer.delayMs()).toBe(5000);
    at(5000);
    expect(pacer.delayMs()).toBe(0);
    send();
    // The last request of the window goes when it ends, to open the next one.
    expect(pacer.delayMs()).toBe(5000);
  });

  it("goes on as soon as an answer shows that the next window opened", () => {
    const { pacer, at, send, answer } = setUp();
    send(3);
    answer(3, 2, 4000);
    answer(3, 1, 4000);
    answer(3, 0, 4000);
    expect(pacer.delayMs()).toBe(4000);
    at(3500);
    send();
    answer(3, 2, 7000);
    expect(pacer.delayMs()).toBe(0);
    // A late answer from the window before changes nothing.
    answer(3, 0, 4000);
    expect(pacer.delayMs()).toBe(0);
  });

  it("learns that windows end before a Reset rounded up to the second says", () => {
    const { pacer, at, send, answer } = setUp();
    send();
    answer(4, 3, 2000);
    at(1000);
    send();
    answer(4, 3, 3000);
    send(2);
    // The windows opened 1 s apart: this one ends 1 s after it opened (and 20 ms of margin),
    // not at its Reset, 2 s away.
    expect(pacer.delayMs()).toBe(1020);
  });

  it("waits no longer than its longest wait for a Reset far off", () => {
    const { pacer, send, answer } = setUp(5000);
    send();
    answer(1, 0, 3_600_000);
    expect(pacer.delayMs()).toBe(5000);
  });

  it("stops waiting when the request is given up on", async () => {
    const { pacer, send, answer } = setUp();
    send();
    answer(1, 0, 3_600_000);
    const controller = new AbortController();
    const acquired = pacer.acquire(controller.signal);
    controller.abort();
    await expect(acquired).resolves.toBeUndefined();
  });
});
