import type { Command } from "commander";
import type { ApiClient } from "../../api/client-types.ts";
import { executePlan } from "../../apply/execute.ts";
import { changesById, failureReport, outcomeLine } from "../../apply/report.ts";
import { DocsyncError } from "../../errors.ts";
import { staleItems } from "../../live/fingerprints.ts";
import { checkMaxDestroy } from "../../plan/safety.ts";
import { readSavedPlan, sealedDigests, unsealPlan } from "../../plan/saved.ts";
import type { Plan } from "../../plan/types.ts";
import { redactPlan } from "../../render/redact.ts";
import { renderPlanText, summaryLine } from "../../render/text.ts";
import { textOrJson, withJsonReport } from "../apply-json.ts";
import { connect } from "../connection.ts";
import type { CommandContext } from "../context.ts";
import { loadDesired, planAgainstLive } from "../workflow.ts";
import { configOption, connectionOptions, targetOption } from "./options.ts";

/** Rounds of apply-then-replan before apply says the live state does not converge. */
const MAX_ROUNDS = 3;

interface ApplyOptions {
  config: string[];
  apiUrl?: string;
  parallelism: number;
  verbose?: boolean;
  yes?: boolean;
  allowDestroy?: boolean;
  target: string[];
  format: "text" | "json";
}

async function confirm(context: CommandContext, options: ApplyOptions): Promise<void> {
  if (options.yes) return;
  const answer = await context.output.ask("Apply these changes? Only 'yes' is accepted: ");
  if (answer.trim() !== "yes")
    throw new DocsyncError("apply.cancelled", "Apply cancelled; nothing was changed.");
}

/** Makes the calls of a plan; false when one failed (after printing the report). */
async function applyOnce(
  plan: Plan,
  client: ApiClient,
  context: CommandContext,
  options: ApplyOptions,
  sensitive: string[],
) {
  const { output } = context;
  // What is printed comes from the redacted plan; what is sent, from the plan itself.
  const safe = redactPlan(plan, sensitive);
  const changes = changesById(safe);
  const result = await executePlan(plan, client, {
    parallelism: options.parallelism,
    onOutcome: (outcome) => output.out(outcomeLine(outcome, changes, output.style)),
    describe: (call) => `${changes.get(call.change)?.address ?? call.change}: ${call.summary}`,
  });
  context.observer?.applied?.(safe, result.outcomes, sensitive);
  const ok = result.outcomes.every((outcome) => outcome.status === "done");
  if (!ok) output.out(failureReport(safe, result, output.style));
  return { ok, calls: result.outcomes.length };
}

/** Plan, apply, then plan again until nothing is left (a few rounds at most). */
async function applyConfiguration(context: CommandContext, options: ApplyOptions): Promise<void> {
  const { output } = context;
  const desired = await loadDesired(options.config, context);
  const client = connect(options, context.env, context.output);
  const sensitive = desired.sensitiveValues;
  try {
    let { plan } = await planAgainstLive(client, desired, { targets: options.target });
    context.observer?.planned?.(plan);
    output.out(renderPlanText(redactPlan(plan, sensitive), output.style));
    if (plan.changes.length === 0) return;
    checkMaxDestroy(plan, desired.policy.maxDestroy, Boolean(options.allowDestroy));
    await confirm(context, options);
    let calls = 0;
    for (let round = 1; round <= MAX_ROUNDS; round++) {
      const applied = await applyOnce(plan, client, context, options, sensitive);
      calls += applied.calls;
      if (!applied.ok) {
        context.exitCode = 1;
        return;
      }
      ({ plan } = await planAgainstLive(client, desired, { targets: options.target }));
      if (plan.changes.length === 0) {
        output.out(
          output.style.bold(
            `\nApply complete: ${calls} call(s) made. Live state matches the configuration.\n`,
          ),
        );
        return;
      }
      if (round < MAX_ROUNDS)
        output.out(`\nThe live state still differs (${summaryLine(plan)}); applying round ${round + 1}.\n`);
    }
    output.out(renderPlanText(redactPlan(plan, sensitive), output.style));
    throw new DocsyncError(
      "apply.not-converged",
      `The live state still differs after ${MAX_ROUNDS} rounds of apply; see the plan above.`,
    );
  } finally {
    await client.close();
  }
}

/** Applies a saved plan exactly, after checking that nothing it was made from changed. */
async function applySavedPlan(file: string, context: CommandContext, options: ApplyOptions): Promise<void> {
  const { output } = context;
  const saved = await readSavedPlan(file);
  let sensitive: string[] = [];
  if (sealedDigests(saved).length > 0) {
    if (options.config.length === 0) {
      throw new DocsyncError(
        "plan.sensitive-missing",
        `${file} sets sensitive values, which plan files never hold; pass the configuration it was made from with -c.`,
      );
    }
    sensitive = (await loadDesired(options.config, context)).sensitiveValues;
  }
  const plan = unsealPlan(saved, sensitive);
  const client = connect(options, context.env, context.output);
  try {
    const stale = await staleItems(client, saved.reads);
    if (stale.length > 0) {
      const shown = stale.slice(0, 20).map((line) => `  ${line}`);
      if (stale.length > 20) shown.push(`  … and ${stale.length - 20} more`);
      throw new DocsyncError(
        "plan.stale",
        `Stale plan: the live organization changed since ${file} was made (${saved.savedAt}):\n${shown.join("\n")}\nRun docsync plan again.`,
      );
    }
    context.observer?.planned?.(plan);
    output.out(renderPlanText(saved, output.style));
    if (plan.changes.length === 0) return;
    checkMaxDestroy(plan, saved.maxDestroy, Boolean(options.allowDestroy));
    await confirm(context, options);
    const applied = await applyOnce(plan, client, context, options, sensitive);
    if (!applied.ok) {
      context.exitCode = 1;
      return;
    }
    output.out(
      output.style.bold(`\nApply complete: ${applied.calls} call(s) made, exactly as planned in ${file}.\n`),
    );
  } finally {
    await client.close();
  }
}

export function registerApplyCommand(program: Command, context: CommandContext): void {
  const command = program
    .command("apply [plan-file]")
    .description(
      "Make the calls of the plan (or of a plan saved with plan --out), then check the live state",
    );
  targetOption(connectionOptions(configOption(command)))
    .option("-y, --yes", "apply without asking")
    .option("--allow-destroy", "apply even when the plan deletes more than policy.maxDestroy")
    .option(
      "--format <format>",
      "text, or json: the report on the standard output (docsync-apply), the progress on the error stream",
      textOrJson,
      "text",
    )
    .action(async (planFile: string | undefined, options: ApplyOptions) => {
      if (options.format === "json") {
        await withJsonReport(context, planFile, (json) => applyCommand(planFile, json, options));
        return;
      }
      await applyCommand(planFile, context, options);
    });
}

async function applyCommand(planFile: string | undefined, context: CommandContext, options: ApplyOptions) {
  if (!options.yes && !context.output.interactive) {
    throw new DocsyncError(
      "apply.no-confirmation",
      "Not at a terminal: pass --yes to apply without a confirmation.",
    );
  }
  if (planFile) {
    if (options.target.length > 0)
      throw new DocsyncError("cli.usage", "--target applies when planning; a saved plan is applied whole.");
    await applySavedPlan(planFile, context, options);
  } else {
    await applyConfiguration(context, options);
  }
}
