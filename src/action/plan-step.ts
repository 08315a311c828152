// A plan step (and an apply step that only plans, for approval): the plan for review, as data,
// saved for a later apply step when the step saves its plan. The step prints no plan of its own:
// run.ts logs the plan's text under its summary line, and the plan as JSON is in the step's files.

import { normalizeApiUrl } from "../api/url.ts";
import { planForReview } from "../engine/plan.ts";
import { savePlan } from "../engine/saved.ts";
import { REFUSED_EXIT_CODE } from "../engine/words.ts";
import { apiBaseUrl, connect } from "../front/connection.ts";
import { parseTargets } from "../front/target-address.ts";
import { refusedHeadline } from "../render/refusals.ts";
import { loadDesired, type StepContext, stepSession } from "./step.ts";

/**
 * Where the step saved its plan, said the workflow's way: in a workflow the plan is applied by an
 * apply step given it as its plan input, not by a command line.
 */
export const savedPlanLine = (file: string): string =>
  `Saved the plan to ${file} (this step's saved-plan output); an apply step whose plan input is that file applies it.`;

/**
 * Resolves with the exit code `docsync plan --detailed-exitcode` ends with: 0, 2 with changes,
 * REFUSED_EXIT_CODE for a plan apply would refuse. `savedPlan`: where the plan is saved.
 */
export async function runPlan(context: StepContext, savedPlan: string | undefined): Promise<number> {
  const { step, env, output } = context;
  // Before anything is read: a malformed --target is a usage error, not something to look up.
  const targets = parseTargets(step.target);
  const desired = await loadDesired(context);
  const client = connect(step, env, output);
  try {
    const session = stepSession(context, client);
    const allowDestroy = step.allowDestroy;
    const { plan, safe } = await planForReview(session, desired, {
      ...(targets ? { targets } : {}),
      allowDestroy,
    });
    context.seen.shown = { command: "plan", plan: safe };
    if (savedPlan !== undefined) {
      const apiUrl = normalizeApiUrl(apiBaseUrl(step, env));
      await savePlan(session, desired, plan, { file: savedPlan, apiUrl, targets, allowDestroy });
      output.err(`${savedPlanLine(savedPlan)}\n`);
    }
    const refused = refusedHeadline(safe);
    if (refused === undefined) return plan.changes.length > 0 ? 2 : 0;
    output.err(`${refused}\n`);
    return REFUSED_EXIT_CODE;
  } finally {
    await client.close();
  }
}
