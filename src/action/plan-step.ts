// A plan step (and an apply step that only plans, for approval): the plan for review, as data,
// saved for a later apply step when the step saves its plan.

import { normalizeApiUrl } from "../api/url.ts";
import { apiBaseUrl, connect } from "../cli/connection.ts";
import { parseTargets } from "../cli/target-address.ts";
import { planForReview } from "../engine/plan.ts";
import { applyCommandLine, savePlan } from "../engine/saved.ts";
import { REFUSED_EXIT_CODE } from "../engine/words.ts";
import { planJson } from "../render/plan-json.ts";
import { refusedHeadline } from "../render/refusals.ts";
import { loadDesired, type StepContext, stepSession } from "./step.ts";

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
      const apply = applyCommandLine(savedPlan, step.config);
      output.err(`Saved the plan to ${savedPlan}; apply it with: ${apply}\n`);
    }
    // As `docsync plan --format json` prints it, once nothing more can fail: an apply step
    // waiting for approval has it in its log.
    output.out(planJson(safe));
    const refused = refusedHeadline(safe);
    if (refused === undefined) return plan.changes.length > 0 ? 2 : 0;
    output.err(`${refused}\n`);
    return REFUSED_EXIT_CODE;
  } finally {
    await client.close();
  }
}
