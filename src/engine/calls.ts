// Making the calls of a plan, for both forms of apply (a configuration, a saved plan): an event
// as each call ends, the round's outcome as an event, and what was made, counted in changes and
// in the requests really sent. A failure or an interruption is thrown as a DocsyncError whose one
// line names what happened, after an event that holds the whole story.

import { executePlan } from "../apply/execute.ts";
import type { ReadyChoice } from "../apply/order.ts";
import { callName, changesById, countsLine, failureSummary, type Made, madeOf } from "../apply/report.ts";
import { DocsyncError } from "../errors.ts";
import type { Call, Plan } from "../model/plan.ts";
import { redactPlan } from "../render/redact.ts";
import type { Session } from "./session.ts";

/**
 * The stretch in which calls are made, under a caller that handles signals (the CLI's): `work`
 * runs with the signal that stops it; `inFlight` names the calls that may be in flight.
 */
export interface CallsWindow {
  makingCalls<T>(inFlight: () => readonly string[], work: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** The signal that interrupted the calls, once one has: its name and the exit code it ends with. */
  interruptedBy(): { name: string; exitCode: number } | undefined;
}

export interface CallsOptions {
  parallelism: number;
  /** Which ready call starts next (DOCSYNC_APPLY_ORDER_SEED); by default the first ready. */
  choose?: ReadyChoice | undefined;
  /** Once aborted, no call starts (for a caller without a window). */
  signal?: AbortSignal | undefined;
  window?: CallsWindow | undefined;
}

/** Makes the calls of `plan` (not redacted: what is sent) and returns what was made. */
export async function makeCalls(
  session: Session,
  plan: Plan,
  sensitive: readonly string[],
  options: CallsOptions,
): Promise<Made> {
  const { secrets } = session;
  // What is told comes from the redacted plan; what is sent, from the plan itself. Error
  // messages may echo what was sent, so every text is redacted once more.
  const safe = redactPlan(plan, [...sensitive]);
  const changes = changesById(safe);
  const running = new Map<string, Call>();
  const sentBefore = session.sent();
  const execute = (signal?: AbortSignal) =>
    executePlan(plan, session.client, {
      parallelism: options.parallelism,
      ...(options.choose ? { choose: options.choose } : {}),
      // Interrupted, the calls in flight get executePlan's DEFAULT_DRAIN_MS.
      ...(signal ? { signal } : {}),
      onStart: (call) => running.set(call.id, call),
      onProgress: session.emit,
      onOutcome: (outcome) => {
        running.delete(outcome.call.id);
        session.emit({ type: "call-ended", outcome, changes });
      },
    });
  const inFlight = () => [...running.values()].map((call) => secrets.redact(callName(call, changes)));
  const result = options.window
    ? await options.window.makingCalls(inFlight, execute)
    : await execute(options.signal);
  const sent = session.sent() - sentBefore;
  const made = madeOf(safe, result, sent);
  session.emit({ type: "applied", safe, outcomes: result.outcomes, sensitive, made });
  if (result.interrupted) {
    session.emit({ type: "calls-stopped", safe, result, sent });
    const by = options.window?.interruptedBy();
    const counts = countsLine(safe, result, sent);
    throw by
      ? new DocsyncError(
          "apply.interrupted",
          `Apply interrupted (${by.name}): ${counts}. Run \`docsync plan\` to see what is left.`,
          { exitCode: by.exitCode },
        )
      : new DocsyncError(
          "apply.interrupted",
          `Apply interrupted: ${counts}. Plan again to see what is left.`,
        );
  }
  if (result.outcomes.some((outcome) => outcome.status !== "done")) {
    session.emit({ type: "calls-stopped", safe, result, sent });
    throw new DocsyncError("apply.failed", secrets.redact(failureSummary(safe, result)));
  }
  return made;
}
