// A drift step: the drift report, as data, for the step to show and count.

import { driftOf } from "../engine/plan.ts";
import { connect } from "../front/connection.ts";
import { loadDesired, type StepContext, stepSession } from "./step.ts";

/** Resolves with the exit code `docsync drift` ends with: 0, or 2 on drift. */
export async function runDrift(context: StepContext): Promise<number> {
  const desired = await loadDesired(context);
  const client = connect(context.step, context.env, context.output);
  try {
    const { report } = await driftOf(stepSession(context, client), desired);
    context.seen.shown = { command: "drift", drift: report };
    return report.drifted ? 2 : 0;
  } finally {
    await client.close();
  }
}
