import type { Command } from "commander";
import type { ApiClient } from "../../api/client-types.ts";
import { normalizeApiUrl } from "../../api/url.ts";
import { executePlan } from "../../apply/execute.ts";
import {
  applyReport,
  callName,
  changesById,
  countsLine,
  failureSummary,
  progressLine,
} from "../../apply/report.ts";
import type { DesiredState } from "../../config/types.ts";
import { DocsyncError } from "../../errors.ts";
import { staleItems } from "../../live/fingerprints.ts";
import { checkPlacedSpaces } from "../../live/spaces.ts";
import type { Call, Plan } from "../../model/plan.ts";
import { checkBlocked, checkMaxDestroy, deletedIds } from "../../plan/safety.ts";
import { redactPlan } from "../../render/redact.ts";
import { renderPlanText } from "../../render/text.ts";
import { readSavedPlan, sealedDigests, unsealPlan } from "../../saved/saved.ts";
import { checkDestination, checkTokenSees } from "../../saved/saved-target.ts";
import { textOrJson, withJsonReport } from "../apply-json.ts";
import { apiBaseUrl, connect } from "../connection.ts";
import type { CommandContext } from "../context.ts";
import { DRAIN_MS, SIGNAL_EXIT_CODES } from "../interruption.ts";
import { loadDesired, planAgainstLive } from "../workflow.ts";
import { configOption, connectionOptions, targetOption } from "./options.ts";

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
  // Asked only when there is something to apply: an empty plan needs no --yes in a pipeline.
  if (!context.output.interactive) {
    throw new DocsyncError(
      "apply.no-confirmation",
      "Not at a terminal: pass --yes to apply without a confirmation; nothing was changed.",
    );
  }
  const answer = await context.output.ask("Apply these changes? Only 'yes' is accepted: ");
  if (answer.trim() !== "yes")
    throw new DocsyncError("apply.cancelled", "Apply cancelled; nothing was changed.");
}

/**
 * Makes the calls of a plan and returns how many were made. When one fails, or a signal
 * interrupts them, prints the report and throws: the error's one line names the failed call.
 */
async function makeCalls(
  plan: Plan,
  client: ApiClient,
  context: CommandContext,
  options: ApplyOptions,
  sensitive: string[],
): Promise<number> {
  const { output } = context;
  // What is printed comes from the redacted plan; what is sent, from the plan itself. Error
  // messages may echo what was sent, so every text is redacted once more.
  const safe = redactPlan(plan, sensitive);
  const changes = changesById(safe);
  const say = (text: string) => output.out(context.secrets.redact(text));
  const running = new Map<string, Call>();
  const execute = (signal?: AbortSignal) =>
    executePlan(plan, client, {
      parallelism: options.parallelism,
      ...(signal ? { signal, drainMs: DRAIN_MS } : {}),
      onStart: (call) => running.set(call.id, call),
      onOutcome: (outcome) => {
        running.delete(outcome.call.id);
        say(progressLine(outcome, changes, output.style));
      },
    });
  const inFlight = () => [...running.values()].map((call) => context.secrets.redact(callName(call, changes)));
  const result = context.interruption
    ? await context.interruption.makingCalls(inFlight, execute)
    : await execute();
  context.observer?.applied?.(safe, result.outcomes, sensitive);
  if (result.interrupted) {
    say(applyReport(safe, result, output.style));
    const signal = context.interruption?.received ?? "SIGINT";
    throw new DocsyncError(
      "apply.interrupted",
      `Apply interrupted (${signal}): ${countsLine(result)}. Run \`docsync plan\` to see what is left.`,
      { exitCode: SIGNAL_EXIT_CODES[signal] },
    );
  }
  if (result.outcomes.some((outcome) => outcome.status !== "done")) {
    say(applyReport(safe, result, output.style));
    throw new DocsyncError("apply.failed", context.secrets.redact(failureSummary(safe, result)));
  }
  return result.outcomes.length;
}

/**
 * Plans, makes the calls of the plan confirmed, then plans once more as a check. Apply never
 * makes a call the confirmed plan did not show: when the check finds changes, it prints them
 * and fails, for a person to review.
 */
async function applyConfiguration(context: CommandContext, options: ApplyOptions): Promise<void> {
  const { output } = context;
  const desired = await loadDesired(options.config, context);
  const client = connect(options, context.env, context.output);
  const sensitive = desired.sensitiveValues;
  try {
    const { plan } = await planAgainstLive(client, desired, { targets: options.target });
    context.observer?.planned?.(plan);
    output.out(renderPlanText(redactPlan(plan, sensitive), output.style));
    if (plan.changes.length === 0) return;
    checkBlocked(plan);
    checkMaxDestroy(plan, desired.policy.maxDestroy, Boolean(options.allowDestroy));
    await confirm(context, options);
    const calls = await makeCalls(plan, client, context, options, sensitive);
    // A targeted item the apply deleted is gone: the check keeps nothing for it.
    const { plan: check } = await planAgainstLive(client, desired, {
      targets: options.target,
      targetsMayBeGone: true,
    }).catch((error: unknown) => {
      // The calls were all made: say so, whatever stopped the check.
      if (!(error instanceof DocsyncError)) throw error;
      const made =
        plan.changes.length === 1 ? "The 1 change was made" : `All ${plan.changes.length} changes were made`;
      throw new DocsyncError(
        "apply.check-failed",
        `${made} (${calls} call(s)); the check that followed failed: ${error.message}`,
        { exitCode: error.exitCode, cause: error },
      );
    });
    if (check.changes.length === 0) {
      // The check covers what was targeted, and says no more than that.
      const matches =
        options.target.length > 0
          ? "The targeted items match the configuration (run a plan without --target for the rest)."
          : "Live state matches the configuration.";
      output.out(output.style.bold(`\nApply complete: ${calls} call(s) made. ${matches}\n`));
      return;
    }
    output.out(
      `\nThe ${calls} call(s) of the plan were made, but the live state still differs from the configuration. What is left:\n\n`,
    );
    output.out(renderPlanText(redactPlan(check, sensitive), output.style));
    throw new DocsyncError(
      "apply.not-converged",
      `The live state still differs from the configuration after the apply: it changed during the apply, or it did not converge. Nothing beyond the confirmed plan was done. Run \`docsync plan\` to review what is left.`,
    );
  } finally {
    await client.close();
  }
}

/** The organization apply was told about: the configuration's, else DOCSYNC_ORG, else none. */
function statedOrganization(desired: DesiredState | undefined, env: NodeJS.ProcessEnv) {
  if (desired !== undefined) return { id: desired.organization, from: "the configuration's organization" };
  if (env.DOCSYNC_ORG) return { id: env.DOCSYNC_ORG, from: "DOCSYNC_ORG" };
  return undefined;
}

/**
 * Applies a saved plan exactly, after checking that it is intact, that it is for this API and
 * organization, and that nothing it was made from changed.
 */
async function applySavedPlan(file: string, context: CommandContext, options: ApplyOptions): Promise<void> {
  const { output } = context;
  const saved = await readSavedPlan(file);
  const apiUrl = normalizeApiUrl(apiBaseUrl(options, context.env));
  const desired = options.config.length > 0 ? await loadDesired(options.config, context) : undefined;
  const organization = statedOrganization(desired, context.env);
  checkDestination(saved, file, { apiUrl, ...(organization ? { organization } : {}) });
  if (sealedDigests(saved).length > 0 && desired === undefined) {
    throw new DocsyncError(
      "plan.sensitive-missing",
      `${file} sets sensitive values, which plan files never hold; pass the configuration it was made from with -c.`,
    );
  }
  const sensitive = desired?.sensitiveValues ?? [];
  const plan = unsealPlan(saved, sensitive);
  const client = connect(options, context.env, context.output);
  try {
    await checkTokenSees(client, saved, file);
    const stale = await staleItems(client, saved.reads, deletedIds(plan));
    if (stale.length > 0) {
      const shown = stale.slice(0, 20).map((line) => `  ${line}`);
      if (stale.length > 20) shown.push(`  … and ${stale.length - 20} more`);
      throw new DocsyncError(
        "plan.stale",
        `Stale plan: the live organization changed since ${file} was made (${saved.savedAt}):\n${shown.join("\n")}\nRun docsync plan again.`,
      );
    }
    // The spaces it places are outside the organization's reads: checked again here.
    await checkPlacedSpaces(client, desired, plan);
    context.observer?.planned?.(plan);
    output.out(renderPlanText(redactPlan(plan, context.secrets), output.style));
    if (plan.changes.length === 0) return;
    checkMaxDestroy(plan, saved.maxDestroy, Boolean(options.allowDestroy));
    await confirm(context, options);
    const calls = await makeCalls(plan, client, context, options, sensitive);
    output.out(
      output.style.bold(`\nApply complete: ${calls} call(s) made, exactly as planned in ${file}.\n`),
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
  if (planFile) {
    if (options.target.length > 0)
      throw new DocsyncError("cli.usage", "--target applies when planning; a saved plan is applied whole.");
    await applySavedPlan(planFile, context, options);
  } else {
    await applyConfiguration(context, options);
  }
}
