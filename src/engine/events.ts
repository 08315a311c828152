// What a run tells of itself as it goes, besides its result: the progress events of
// src/progress/events.ts, and what the operations reach on the way (the configuration loaded, the
// plan about to be applied, each call's end, each round of calls). Adapters render them; the
// engine never prints.

import type { ApplyResult, CallOutcome } from "../apply/execute.ts";
import type { Made } from "../apply/report.ts";
import type { DesiredState } from "../config/types.ts";
import type { Change, Plan } from "../model/plan.ts";
import type { ProgressEvent } from "../progress/events.ts";

/** A round of apply's calls: the redacted plan, each call's outcome, the values kept out, what was made. */
export interface AppliedRound {
  safe: Plan;
  outcomes: readonly CallOutcome[];
  sensitive: readonly string[];
  made: Made;
}

export type EngineEvent =
  | ProgressEvent
  /** The configuration, as soon as it is loaded (before anything could show its values). */
  | { type: "configuration"; desired: DesiredState }
  /** The plan an apply is about to make (not yet redacted). */
  | { type: "planned"; plan: Plan }
  /** A saved plan found applied already: the live organization is where it leads; nothing is sent. */
  | { type: "already-applied"; approved: Plan }
  /** A call ended; `changes` are the redacted plan's changes by id, to name it by. */
  | { type: "call-ended"; outcome: CallOutcome; changes: ReadonlyMap<string, Change> }
  /** A round of calls ended, whatever its outcome. */
  | ({ type: "applied" } & AppliedRound)
  /**
   * A round of calls ended with a failure or an interruption: what was done, failed and not
   * started (the redacted plan, the walk's result and the requests sent), before the error.
   */
  | { type: "calls-stopped"; safe: Plan; result: ApplyResult; sent: number }
  /** Something the user should know that does not stop the run. */
  | { type: "warning"; message: string };

export type EngineListener = (event: EngineEvent) => void;
