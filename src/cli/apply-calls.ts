// Making the calls of a plan, for both forms of apply (a configuration, a saved plan): progress
// lines as calls end, the report when one fails or a signal interrupts them, and what was made,
// counted in changes and in the requests really sent.

import type { ApiClient } from "../api/client-types.ts";
import { executePlan } from "../apply/execute.ts";
import { readyChoiceOf } from "../apply/order.ts";
import {
  applyReport,
  callName,
  changesById,
  countsLine,
  failureSummary,
  type Made,
  madeOf,
  progressLine,
} from "../apply/report.ts";
import { DocsyncError } from "../errors.ts";
import type { Call, Plan } from "../model/plan.ts";
import { redactPlan } from "../render/redact.ts";
import type { RequestCounter } from "./connection.ts";
import type { CommandContext } from "./context.ts";
import { SIGNAL_EXIT_CODES } from "./interruption.ts";

export interface CallsOptions {
  parallelism: number;
  /** Counts the requests the client sends; only those sent while the calls are made are reported. */
  counter: RequestCounter;
}

/**
 * Makes the calls of a plan and returns what was made. When one fails, or a signal interrupts
 * them, prints the report and throws: the error's one line names the failed call.
 */
export async function makeCalls(
  plan: Plan,
  client: ApiClient,
  context: CommandContext,
  options: CallsOptions,
  sensitive: string[],
): Promise<Made> {
  const { output } = context;
  // What is printed comes from the redacted plan; what is sent, from the plan itself. Error
  // messages may echo what was sent, so every text is redacted once more.
  const safe = redactPlan(plan, sensitive);
  const changes = changesById(safe);
  const say = (text: string) => output.out(context.secrets.redact(text));
  const running = new Map<string, Call>();
  const sentBefore = options.counter.sent;
  const choose = readyChoiceOf(context.env);
  const execute = (signal?: AbortSignal) =>
    executePlan(plan, client, {
      parallelism: options.parallelism,
      ...(choose ? { choose } : {}),
      // Interrupted, the calls in flight get executePlan's DEFAULT_DRAIN_MS, as the message says.
      ...(signal ? { signal } : {}),
      onStart: (call) => running.set(call.id, call),
      ...(output.progress ? { onProgress: output.progress.listen } : {}),
      onOutcome: (outcome) => {
        running.delete(outcome.call.id);
        say(progressLine(outcome, changes, output.style));
      },
    });
  const inFlight = () => [...running.values()].map((call) => context.secrets.redact(callName(call, changes)));
  const result = context.interruption
    ? await context.interruption.makingCalls(inFlight, execute)
    : await execute();
  const sent = options.counter.sent - sentBefore;
  const made = madeOf(safe, result, sent);
  context.observer?.applied?.(safe, result.outcomes, sensitive, made);
  if (result.interrupted) {
    say(applyReport(safe, result, sent, output.style));
    const signal = context.interruption?.received ?? "SIGINT";
    throw new DocsyncError(
      "apply.interrupted",
      `Apply interrupted (${signal}): ${countsLine(safe, result, sent)}. Run \`docsync plan\` to see what is left.`,
      { exitCode: SIGNAL_EXIT_CODES[signal] },
    );
  }
  if (result.outcomes.some((outcome) => outcome.status !== "done")) {
    say(applyReport(safe, result, sent, output.style));
    throw new DocsyncError("apply.failed", context.secrets.redact(failureSummary(safe, result)));
  }
  return made;
}
