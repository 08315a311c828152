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

  it("goes on as soon as a window's first answer shows the next one opened, when Reset counts seconds from now", () => {
    const { pacer, at, send } = setUp();
    // Reset as seconds from now, rounded: two readings of one window may be a second apart.
    const answer = (remaining: number, resetSeconds: number) =>
      pacer.observe({
        "x-ratelimit-limit": "4",
        "x-ratelimit-remaining": String(remaining),
        "x-ratelimit-reset": String(resetSeconds),
      });
    send(4);
    answer(3, 1);
    answer(2, 1);
    answer(1, 1);
    answer(0, 1);
    expect(pacer.delayMs()).toBe(1000);
    at(900);
    send();
    // Its Reset is within a second of the window before's: only the count says it is the next.
    answer(3, 1);
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

/**
 * A run of `requests` at once through the pacer, on a clock the test moves, against a service
 * with a fixed window of `limit` per second that sends Reset as `resetForm` says; its wall time
 * (to the last answer) next to the ideal, requests ÷ limit per second.
 */
function pacedRun(requests: number, resetForm: "epoch" | "seconds from now", startMs: number) {
  const [limit, windowMs, latencyMs, parallel] = [100, 1000, 20, 64];
  const clock = { t: NOW + startMs };
  const pacer = new Pacer({ maxWaitMs: 60_000, now: () => clock.t });
  let window = { start: Number.NEGATIVE_INFINITY, count: 0 };
  let throttled = 0;
  const answers: { at: number; headers: Record<string, string> }[] = [];
  let waiting = requests;
  let answered = 0;
  while (answered < requests) {
    while (waiting > 0 && answers.length < parallel && pacer.delayMs() === 0) {
      pacer.take();
      waiting -= 1;
      // The service counts it halfway through its round trip.
      const arrives = clock.t + latencyMs / 2;
      if (arrives >= window.start + windowMs) window = { start: arrives, count: 0 };
      window.count += 1;
      if (window.count > limit) throttled += 1;
      const end = window.start + windowMs;
      const reset = resetForm === "epoch" ? end / 1000 : (end - arrives) / 1000;
      const headers = {
        "x-ratelimit-limit": String(limit),
        "x-ratelimit-remaining": String(Math.max(0, limit - window.count)),
        "x-ratelimit-reset": String(Math.ceil(reset)),
      };
      answers.push({ at: clock.t + latencyMs, headers });
    }
    const free = waiting > 0 && answers.length < parallel;
    const next = answers[0]?.at ?? Number.POSITIVE_INFINITY;
    clock.t = free ? Math.min(clock.t + pacer.delayMs(), next) : next;
    if (clock.t === next) {
      pacer.observe(answers.shift()!.headers);
      answered += 1;
    }
  }
  return { ratio: (clock.t - NOW - startMs) / ((requests / limit) * windowMs), throttled };
}

describe("pacing a run against a fixed window", () => {
  // Starts spread over a second, since where the window's end falls in its second decides how
  // far the rounded Reset is from it.
  const starts = Array.from({ length: 10 }, (_, i) => i * 100 + 37);
  for (const resetForm of ["epoch", "seconds from now"] as const) {
    for (const requests of [150, 1000]) {
      it(`takes at most 1.1× the ideal for ${requests} requests, Reset in ${resetForm}, and none is turned away`, () => {
        for (const start of starts) {
          const run = pacedRun(requests, resetForm, start);
          expect(run.throttled, `start ${start}`).toBe(0);
          expect(run.ratio, `start ${start}`).toBeLessThanOrEqual(1.1);
        }
      });
    }
  }
});
