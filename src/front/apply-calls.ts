// How a command has the engine make the calls of a plan, for both forms of apply (a
// configuration, a saved plan): the parallelism asked for, the order of ready calls that
// DOCSYNC_APPLY_ORDER_SEED asks for, and the process's signals (interruption.ts) stopping them.

import type { CallsOptions } from "../engine/calls.ts";
import { readyChoiceOf } from "../engine/words.ts";
import { type Interruption, SIGNAL_EXIT_CODES } from "./interruption.ts";

/** `context`: a CLI command's, or the GitHub Action step's: its environment and its signals. */
export function callsOptions(
  context: { env: NodeJS.ProcessEnv; interruption?: Interruption | undefined },
  parallelism: number,
): CallsOptions {
  const { interruption } = context;
  return {
    parallelism,
    choose: readyChoiceOf(context.env),
    window: interruption
      ? {
          makingCalls: (inFlight, work) => interruption.makingCalls(inFlight, work),
          interruptedBy: () => {
            const name = interruption.received ?? "SIGINT";
            return { name, exitCode: SIGNAL_EXIT_CODES[name] };
          },
        }
      : undefined,
  };
}
