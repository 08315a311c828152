// How much of a run is in flight at once: one setting, `--parallelism`, with one default and one
// range, checked where the user gives it (src/front/options.ts). The same number bounds
// two things (docs/apply.md#parallelism):
// - the API client's exchanges in flight, and its connections: every request of a run (reads,
//   apply's calls, a recovery's re-read), each attempt holding a slot only while it is sent;
// - apply's calls in flight (src/apply/execute.ts): a call holds its slot from its first request
//   to its outcome, retries and waits included, so fewer requests may be in flight than calls.

/** The parallelism of a run that does not say. */
export const DEFAULT_PARALLELISM = 8;

/** The most a run may ask for. */
export const MAX_PARALLELISM = 256;
