import type { Command } from "commander";
import type { ApiClient } from "../../api/client-types.ts";
import { executePlan } from "../../apply/execute.ts";
import { changesById, failureReport, outcomeLine } from "../../apply/report.ts";
import type { DesiredState } from "../../config/types.ts";
import { DocsyncError } from "../../errors.ts";
import { checkMaxDestroy } from "../../plan/safety.ts";
import type { Plan } from "../../plan/types.ts";
import { redactPlan } from "../../render/redact.ts";
import { renderPlanText, summaryLine } from "../../render/text.ts";
import { connect } from "../connection.ts";
import type { CommandContext } from "../context.ts";
import { loadDesired, planAgainstLive } from "../workflow.ts";
import { parallelismOption } from "./options.ts";
import { collect } from "./validate.ts";

/** Rounds of apply-then-replan before apply says the live state does not converge. */
const MAX_ROUNDS = 3;

interface ApplyOptions {
  config: string[];
  apiUrl?: string;
  parallelism: number;
  yes?: boolean;
  allowDestroy?: boolean;
}

async function confirm(context: CommandContext, options: ApplyOptions): Promise<void> {
  if (options.yes) return;
  const answer = await context.output.ask("Apply these changes? Only 'yes' is accepted: ");
  if (answer.trim() !== "yes")
    throw new DocsyncError("apply.cancelled", "Apply cancelled; nothing was changed.");
}

/** Applies one plan; returns false when a call failed (after printing the report). */
async function applyOnce(
  plan: Plan,
  client: ApiClient,
  context: CommandContext,
  options: ApplyOptions,
  desired: DesiredState,
) {
  const { output } = context;
  const changes = changesById(redactPlan(plan, desired.sensitiveValues));
  const result = await executePlan(plan, client, {
    parallelism: options.parallelism,
    onOutcome: (outcome) => output.out(outcomeLine(outcome, changes, output.style)),
    describe: (call) => `${changes.get(call.change)?.address ?? call.change}: ${call.summary}`,
  });
  const ok = result.outcomes.every((outcome) => outcome.status === "done");
  if (!ok) output.out(failureReport(redactPlan(plan, desired.sensitiveValues), result, output.style));
  return { ok, calls: result.outcomes.length };
}

export function registerApplyCommand(program: Command, context: CommandContext): void {
  program
    .command("apply")
    .description("Make the calls of the plan, then check that the live organization matches")
    .option("-c, --config <path>", "configuration file or folder (repeatable)", collect, [])
    .option("--api-url <url>", "base URL of the API (default: $DOCSYNC_API_URL)")
    .option("--parallelism <n>", "requests in flight at once", parallelismOption, 8)
    .option("-y, --yes", "apply without asking")
    .option("--allow-destroy", "apply even when the plan deletes more than policy.maxDestroy")
    .action(async (options: ApplyOptions) => {
      const { output } = context;
      if (!options.yes && !output.interactive) {
        throw new DocsyncError(
          "apply.no-confirmation",
          "Not at a terminal: pass --yes to apply without a confirmation.",
        );
      }
      const desired = await loadDesired(options.config, context.env);
      const client = connect(options, context.env);
      try {
        let { plan } = await planAgainstLive(client, desired);
        output.out(renderPlanText(redactPlan(plan, desired.sensitiveValues), output.style));
        if (plan.changes.length === 0) return;
        checkMaxDestroy(plan, desired, Boolean(options.allowDestroy));
        await confirm(context, options);
        let calls = 0;
        for (let round = 1; round <= MAX_ROUNDS; round++) {
          const applied = await applyOnce(plan, client, context, options, desired);
          calls += applied.calls;
          if (!applied.ok) {
            context.exitCode = 1;
            return;
          }
          ({ plan } = await planAgainstLive(client, desired));
          if (plan.changes.length === 0) {
            output.out(
              output.style.bold(
                `\nApply complete: ${calls} call(s) made. Live state matches the configuration.\n`,
              ),
            );
            return;
          }
          if (round < MAX_ROUNDS)
            output.out(
              `\nThe live state still differs (${summaryLine(plan)}); applying round ${round + 1}.\n`,
            );
        }
        output.out(renderPlanText(redactPlan(plan, desired.sensitiveValues), output.style));
        throw new DocsyncError(
          "apply.not-converged",
          `The live state still differs after ${MAX_ROUNDS} rounds of apply; see the plan above.`,
        );
      } finally {
        await client.close();
      }
    });
}
