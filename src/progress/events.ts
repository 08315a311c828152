// What long work tells of itself as it goes: a typed stream that the engine emits and that only
// a renderer (src/front/progress.ts) turns into text. The engine never prints.

/** Which part of a run the counts are of: reading the live state, or making the plan's calls. */
export type ProgressPhase = "read" | "apply";

export type ProgressEvent =
  /**
   * `done` of `total` units of `phase` are finished: calls for apply, requests answered for a
   * read (whose total is not known in advance, as each answer may name more to read).
   */
  | { type: "progress"; phase: ProgressPhase; done: number; total?: number }
  /** The run waits `seconds` before going on, for `reason` (`429 Too Many Requests; Retry-After`). */
  | { type: "wait"; seconds: number; reason: string; request?: string };

export type ProgressListener = (event: ProgressEvent) => void;
