// How long one exchange (one attempt of a request, headers and body) may take: one setting,
// `--timeout` or DOCSYNC_TIMEOUT, in seconds, checked where the user gives it (src/front/options.ts, src/front/connection.ts).

/** The deadline of one exchange, unless the caller gives another. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** The bounds of --timeout and DOCSYNC_TIMEOUT, in seconds. */
export const TIMEOUT_RANGE = { min: 0.1, max: 3600 } as const;

/** A number of seconds for --timeout or DOCSYNC_TIMEOUT; undefined when it is not one in range. */
export function parseTimeout(text: string): number | undefined {
  const value = Number(text);
  const ok = /^\s*\d+(\.\d+)?\s*$/.test(text) && value >= TIMEOUT_RANGE.min && value <= TIMEOUT_RANGE.max;
  return ok ? value : undefined;
}
