// Pacing under the service's rate limit. Every answer tells how many requests the window has
// left (X-RateLimit-Remaining) and when it ends (X-RateLimit-Reset); the pacer lets a request go
// only while the window has room for it, counting the requests still on their way, and lets the
// last quarter of a window's budget out evenly until the window is expected to end, so that the
// last of it opens the next window instead of leaving a gap. A service that sends no such
// headers is not paced at all.

import { header, parseRateLimitReset } from "./retry.ts";
import type { ResponseHeaders } from "./transport.ts";

/** What one answer says of the rate limit. */
export interface RateLimitReading {
  remaining: number;
  /** When the window ends, on the local clock (ms). */
  resetAt: number;
  /** The window's whole budget, when the service says it. */
  limit: number | undefined;
  /**
   * How far apart two readings of one window's Reset may be: none for an instant (epoch
   * seconds or milliseconds), a second for seconds from now (rounded, and read later than sent).
   */
  slackMs: number;
}

/** The rate-limit headers of an answer; undefined unless Remaining and Reset are both readable. */
export function readRateLimit(headers: ResponseHeaders, now: number): RateLimitReading | undefined {
  const remaining = wholeNumber(header(headers, "x-ratelimit-remaining"));
  const reset = header(headers, "x-ratelimit-reset");
  const resetIn = parseRateLimitReset(reset, now);
  if (remaining === undefined || resetIn === undefined) return undefined;
  const limit = wholeNumber(header(headers, "x-ratelimit-limit"));
  return {
    remaining,
    resetAt: now + resetIn,
    limit: limit !== undefined && limit >= 1 ? limit : undefined,
    // The same magnitude rule as parseRateLimitReset: below 1e9 it counts seconds from now.
    slackMs: Number(reset) < 1e9 ? 1000 : 0,
  };
}

function wholeNumber(value: string | undefined): number | undefined {
  const text = value?.trim();
  return text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined;
}

/**
 * The share of each window's budget held back and let out evenly until the window ends. The rest
 * goes at once, so a job that fits in three quarters of a window is not slowed at all.
 */
const RESERVE_SHARE = 0.25;
/** How far past the learned end of a window to aim, for the error of measuring it. */
const LEARNED_MARGIN_SHARE = 0.02;
const LEARNED_MARGIN_MIN_MS = 10;

/** The answer of a window's first request: the service counted it alone. */
const isOpener = (reading: RateLimitReading) =>
  reading.limit !== undefined && reading.remaining === reading.limit - 1;

interface Current extends RateLimitReading {
  /** Assumed rather than read: the window ended (by its Reset) before an answer told more. */
  assumed: boolean;
}

interface Window {
  /** When the request that opened it was sent, as far as the answers tell. */
  openedAt: number;
  budget: number;
  /** The opening was seen: an answer said the window had `limit - 1` left. */
  clean: boolean;
}

export interface PacerOptions {
  /** Longest single wait for a window to end (a Reset far off, or on a skewed clock). */
  maxWaitMs: number;
  now?: () => number;
}

export class Pacer {
  private readonly now: () => number;
  private readonly maxWaitMs: number;
  private inFlight = 0;
  private current: Current | undefined;
  /** The Reset of the window before an assumed one: answers from it tell nothing new. */
  private passedResetAt = Number.NEGATIVE_INFINITY;
  private window: Window | undefined;
  /** The time between the openings of the last two windows: the window's length, or a bit more. */
  private learnedWindowMs: number | undefined;
  /** Windows read so far, and the last one whose opening was seen. */
  private windows = 0;
  private previousOpening: { window: number; at: number } | undefined;
  /** Requests waiting for their turn: an answer wakes them, as it may open the next window. */
  private readonly waiting = new Set<() => void>();

  constructor(options: PacerOptions) {
    this.maxWaitMs = options.maxWaitMs;
    this.now = options.now ?? Date.now;
  }

  /** Waits until a request may go, then counts it in flight. An aborted signal ends the wait. */
  async acquire(signal?: AbortSignal): Promise<void> {
    for (let wait = this.delayMs(); wait > 0 && !signal?.aborted; wait = this.delayMs()) {
      await this.pause(wait, signal);
    }
    this.take();
  }

  /** Counts a request in flight from now on, whatever the budget. */
  take(): void {
    this.inFlight += 1;
  }

  /** Waits `ms`, or less when an answer comes or the request is given up on. */
  private pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", done);
        this.waiting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener("abort", done, { once: true });
      this.waiting.add(done);
    });
  }

  /** Milliseconds before the next request may go; 0 when it may go now. */
  delayMs(): number {
    const now = this.now();
    const current = this.renewed(now);
    if (current === undefined) return 0;
    // Requests on their way may not be counted in the answers read so far.
    const available = current.remaining - this.inFlight;
    if (available <= 0) return Math.max(1, Math.ceil(current.resetAt - now));
    const window = this.window;
    const end = this.expectedEnd(current);
    if (window === undefined || end <= now || end <= window.openedAt) return 0;
    // Keep back a reserve that shrinks evenly to nothing at the window's end.
    const reservePerMs = (RESERVE_SHARE * window.budget) / (end - window.openedAt);
    if (available - 1 >= reservePerMs * (end - now)) return 0;
    return Math.max(1, Math.ceil(end - (available - 1) / reservePerMs - now));
  }

  /**
   * Ends a request let through and reads the rate-limit headers of its answer, if it got one.
   * Answers without the headers change nothing.
   */
  observe(headers: ResponseHeaders | undefined): void {
    this.inFlight -= 1;
    const now = this.now();
    const reading = headers === undefined ? undefined : readRateLimit(headers, now);
    if (reading !== undefined) {
      // A Reset far off (or read on a skewed clock) holds nothing longer than the longest wait.
      reading.resetAt = Math.min(reading.resetAt, now + this.maxWaitMs);
      this.read(reading, now);
    }
    for (const wake of [...this.waiting]) wake();
  }

  private read(reading: RateLimitReading, now: number): void {
    const current = this.current;
    const slack = reading.slackMs;
    if (current === undefined || (current.assumed && reading.resetAt > this.passedResetAt + slack)) {
      this.newWindow(reading);
    } else if (current.assumed || reading.resetAt < current.resetAt - slack) {
      return; // from a window already over: requests answered out of order
    } else if (reading.resetAt > current.resetAt + slack || this.opensAnother(reading)) {
      this.newWindow(reading);
    } else {
      // The same window: the lowest Remaining is the latest news.
      current.remaining = Math.min(current.remaining, reading.remaining);
      current.resetAt = Math.max(current.resetAt, reading.resetAt);
      current.limit ??= reading.limit;
    }
    this.opened(now, reading);
  }

  /**
   * Whether an answer tells of the first request of a window after the current one: a window
   * has one such answer, and the current one's came already. A Reset in seconds from now, read
   * a second apart, cannot tell two windows apart; the count can.
   */
  private opensAnother(reading: RateLimitReading): boolean {
    return this.window?.clean === true && isOpener(reading);
  }

  private newWindow(reading: RateLimitReading): void {
    this.current = { ...reading, assumed: false };
    this.window = undefined;
    this.windows += 1;
  }

  /**
   * Notes when the current window opened: when the answer of its first request came. Later than
   * the service opened it, so that the end expected from it is late rather than early: a window
   * expected to end too soon leaves its budget spent before it ends, and all wait for its Reset.
   */
  private opened(answeredAt: number, reading: RateLimitReading): void {
    const opener = isOpener(reading);
    const window = this.window;
    if (window === undefined) {
      this.window = { openedAt: answeredAt, budget: reading.limit ?? reading.remaining + 1, clean: opener };
      if (opener) this.learn(answeredAt);
    } else if (opener && !window.clean) {
      window.openedAt = answeredAt;
      window.clean = true;
      this.learn(answeredAt);
    }
  }

  /** Learns the window's length from the openings of the last two windows, both seen. */
  private learn(openedAt: number): void {
    const previous = this.previousOpening;
    this.previousOpening = { window: this.windows, at: openedAt };
    if (previous?.window === this.windows - 1 && openedAt > previous.at) {
      this.learnedWindowMs = openedAt - previous.at;
    }
  }

  /**
   * When the current window should end: its Reset, or sooner when the windows seen so far were
   * shorter (a Reset in whole seconds, rounded up, can be most of a second late).
   */
  private expectedEnd(current: Current): number {
    const learned = this.learnedWindowMs;
    if (learned === undefined || this.window?.clean !== true) return current.resetAt;
    const margin = Math.max(LEARNED_MARGIN_MIN_MS, learned * LEARNED_MARGIN_SHARE);
    return Math.min(current.resetAt, this.window.openedAt + learned + margin);
  }

  /**
   * The current window, or, once it has ended by its Reset, a full one assumed in its place
   * until an answer tells more.
   */
  private renewed(now: number): Current | undefined {
    const current = this.current;
    if (current === undefined || current.assumed || now < current.resetAt) return current;
    const length = Math.max(1, current.resetAt - (this.window?.openedAt ?? current.resetAt));
    this.passedResetAt = current.resetAt;
    this.current = {
      ...current,
      remaining: current.limit ?? Number.POSITIVE_INFINITY,
      resetAt: now + Math.min(length, this.maxWaitMs),
      assumed: true,
    };
    this.window = undefined;
    return this.current;
  }
}
