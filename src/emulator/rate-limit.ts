// The service's rate limit: a fixed window per caller. Every answer to a counted request
// carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset (the end of the
// window, in epoch seconds, rounded up); past the limit the answer is a 429 with Retry-After.
// The window follows the emulator's clock, so advanceClock also ends it.

export interface RateLimitSettings {
  limit: number;
  windowMs: number;
}

export interface RateLimitVerdict {
  headers: Record<string, string>;
  /** Seconds to wait, when the request is over the limit. */
  retryAfterSeconds?: number;
}

export class RateLimiter {
  private settings: RateLimitSettings | undefined;
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    settings: RateLimitSettings | undefined,
    private readonly now: () => number,
  ) {
    this.set(settings);
  }

  set(settings: RateLimitSettings | undefined): void {
    if (settings && !(settings.limit >= 1 && settings.windowMs >= 1)) {
      throw new RangeError("rate limit: limit and windowMs must be at least 1");
    }
    this.settings = settings;
    this.windows.clear();
  }

  /** Counts one request of `caller`; undefined when no limit is set. */
  take(caller: string): RateLimitVerdict | undefined {
    const settings = this.settings;
    if (!settings) return undefined;
    const now = this.now();
    let window = this.windows.get(caller);
    if (!window || now >= window.start + settings.windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(caller, window);
    }
    window.count += 1;
    const resetAt = window.start + settings.windowMs;
    const headers = {
      "x-ratelimit-limit": String(settings.limit),
      "x-ratelimit-remaining": String(Math.max(0, settings.limit - window.count)),
      "x-ratelimit-reset": String(Math.ceil(resetAt / 1000)),
    };
    if (window.count <= settings.limit) return { headers };
    return { headers, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)) };
  }
}
