// apply(): the steps of `docsync apply --yes` (src/cli/commands/apply.ts) as data: plan, check
// the plan against the policy, make its calls, plan again to check that the live organization
// now matches. Progress is told as events; a failure is thrown as a DocsyncError.

import { DEFAULT_PARALLELISM } from "../api/parallelism.ts";
import { executePlan } from "../apply/execute.ts";
import { readyChoiceOf } from "../apply/order.ts";
import { changesById, countsLine, failureSummary, madeOf, madeText } from "../apply/report.ts";
import { DocsyncError } from "../errors.ts";
import { checkRefusals } from "../plan/safety.ts";
import { redactPlan } from "../render/redact.ts";
import { livePlan } from "./plan.ts";
import { withSession } from "./session.ts";
import type { ApplyOptions, ApplyResult } from "./types.ts";

export async function apply(options: ApplyOptions): Promise<ApplyResult> {
  return withSession(options, async (session) => {
    const { secrets, client } = session;
    const planned = await livePlan(session, options);
    const safe = redactPlan(planned, secrets);
    if (planned.changes.length === 0) return { plan: safe, made: { changes: 0, calls: 0 } };
    checkRefusals(planned, {
      maxDestroy: session.configuration.desired.policy.maxDestroy,
      allowDestroy: options.allowDestroy === true,
    });
    const changes = changesById(safe);
    const sentBefore = session.sent();
    // The order of ready calls that DOCSYNC_APPLY_ORDER_SEED asks for, as the CLI takes it.
    const choose = readyChoiceOf(("env" in options ? options.env : undefined) ?? process.env);
    const result = await executePlan(planned, client, {
      parallelism: options.parallelism ?? DEFAULT_PARALLELISM,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(choose ? { choose } : {}),
      onOutcome: (outcome) =>
        options.onEvent?.({
          type: "call",
          summary: outcome.call.summary,
          address: changes.get(outcome.call.change)?.address ?? "",
          status: outcome.status,
          ...(outcome.status === "failed"
            ? { error: secrets.redact(outcome.error), code: outcome.code }
            : {}),
        }),
    });
    const sent = session.sent() - sentBefore;
    if (result.interrupted)
      throw new DocsyncError(
        "apply.interrupted",
        `Apply interrupted: ${countsLine(safe, result, sent)}. Plan again to see what is left.`,
      );
    if (result.outcomes.some((outcome) => outcome.status !== "done"))
      throw new DocsyncError("apply.failed", secrets.redact(failureSummary(safe, result)));
    const made = madeOf(safe, result, sent);
    const check = await livePlan(session, options, true).catch((error: unknown) => {
      if (!(error instanceof DocsyncError)) throw error;
      throw new DocsyncError(
        "apply.check-failed",
        `Every change was made (${madeText(made)}); the check that followed failed: ${error.message}`,
        { exitCode: error.exitCode },
      );
    });
    if (check.changes.length > 0)
      throw new DocsyncError(
        "apply.not-converged",
        `The plan was made (${madeText(made)}), but the live state still differs from the configuration: ${check.changes.length} change(s) left. Plan again to review them.`,
      );
    return { plan: safe, made };
  });
}
