// A drift step, run on the engine directly: its typed options in, the drift report out through
// the observer, as data. Loading, connecting and reporting a failure are the CLI's own steps,
// so that what the step shows of them is what `docsync drift` shows.

import { loadDesired } from "../cli/configuration.ts";
import { connect } from "../cli/connection.ts";
import type { CallerContext, CommandContext } from "../cli/context.ts";
import { commandSession } from "../cli/engine-session.ts";
import { reportFailure } from "../cli/failure.ts";
import { redactingOutput } from "../cli/output.ts";
import { driftOf } from "../engine/plan.ts";
import { Redactor } from "../secrets/redactor.ts";
import type { StepOptions } from "./options.ts";

/** Resolves with the exit code `docsync drift` would end with: 0, 2 on drift, else the error's. */
export async function runDrift(step: StepOptions, caller: CallerContext): Promise<number> {
  const secrets = caller.secrets ?? new Redactor();
  secrets.add([caller.env.DOCSYNC_TOKEN]);
  const context: CommandContext = { ...caller, secrets, output: redactingOutput(caller.output, secrets) };
  const drift = async () => {
    const desired = await loadDesired(step.config, context);
    const client = connect(step, context.env, context.output);
    try {
      const { report } = await driftOf(commandSession(context, client), desired);
      context.observer?.result?.({ command: "drift", drift: report });
      return report.drifted ? 2 : 0;
    } finally {
      await client.close();
    }
  };
  try {
    return await (context.unanswered ? Promise.race([drift(), context.unanswered]) : drift());
  } catch (error) {
    return reportFailure(error, context, { command: "drift", json: false });
  }
}
