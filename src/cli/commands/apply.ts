import type { Command } from "commander";
import { type Confirmation, applyConfiguration as planAndApply } from "../../engine/apply.ts";
import type { EngineListener } from "../../engine/events.ts";
import { appliedText, notConvergedText } from "../../engine/words.ts";
import { DocsyncError } from "../../errors.ts";
import { callsOptions } from "../../front/apply-calls.ts";
import { connect, RequestCounter } from "../../front/connection.ts";
import { configOption, connectionOptions, targetOption } from "../../front/options.ts";
import { parseTargets } from "../../front/target-address.ts";
import type { Plan } from "../../model/plan.ts";
import { redactPlan } from "../../render/redact.ts";
import { renderPlanText } from "../../render/text.ts";
import { textOrJson, withJsonReport } from "../apply-json.ts";
import { loadDesired } from "../configuration.ts";
import type { CommandContext } from "../context.ts";
import { commandSession } from "../engine-session.ts";
import { applySavedPlan } from "./apply-saved.ts";

interface ApplyOptions {
  config: string[];
  apiUrl?: string;
  parallelism: number;
  verbose?: boolean;
  yes?: boolean;
  allowDestroy?: boolean;
  target: string[];
  format: "text" | "json";
  out?: string;
}

/** Asked only at a terminal, unless --yes says it is confirmed already. */
function confirmation(context: CommandContext, options: ApplyOptions): Confirmation {
  if (options.yes) return { given: true };
  if (!context.output.interactive) return { given: false };
  return { ask: (question) => context.output.ask(question) };
}

/**
 * Plans, makes the calls of the plan confirmed, then plans once more as a check. Apply never
 * makes a call the confirmed plan did not show: when the check finds changes, it prints them
 * and fails, for a person to review.
 */
async function applyConfiguration(
  context: CommandContext,
  options: ApplyOptions,
  listen?: EngineListener,
): Promise<void> {
  const { output } = context;
  // Before anything is read: a malformed --target is a usage error, not something to look up.
  const targets = parseTargets(options.target);
  const desired = await loadDesired(options.config, context);
  const counter = new RequestCounter();
  const client = connect(options, context.env, context.output, counter);
  const sensitive = desired.sensitiveValues;
  const show = (plan: Plan) =>
    output.out(renderPlanText(redactPlan(plan, sensitive), output.style, context.kinds));
  try {
    const session = commandSession(context, client, { counter, planned: show, listen });
    const applied = await planAndApply(session, desired, {
      ...callsOptions(context, options.parallelism),
      targets,
      allowDestroy: Boolean(options.allowDestroy),
      confirmation: confirmation(context, options),
    });
    if (applied.status === "no-changes") return;
    if (applied.status === "applied") {
      output.out(appliedText(applied.made, options.target.length > 0, output.style));
      return;
    }
    output.out(notConvergedText(applied.made));
    show(applied.left);
    throw applied.error;
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
    .option("-y, --yes", "apply without asking (a saved plan never asks: it is the approval)")
    .option("--allow-destroy", "apply even when the plan deletes more than policy.maxDestroy")
    .option(
      "-o, --out <file>",
      "with a saved plan: when it is refused because the live organization changed, save the plan for now to this file",
    )
    .option(
      "--format <format>",
      "text, or json: the report on the standard output (docsync-apply), the progress on the error stream",
      textOrJson,
      "text",
    )
    .action(async (planFile: string | undefined, options: ApplyOptions) => {
      if (options.format === "json") {
        await withJsonReport(context, planFile, (json, listen) =>
          applyCommand(planFile, json, options, listen),
        );
        return;
      }
      await applyCommand(planFile, context, options);
    });
}

async function applyCommand(
  planFile: string | undefined,
  context: CommandContext,
  options: ApplyOptions,
  listen?: EngineListener,
) {
  if (planFile) {
    if (options.target.length > 0)
      throw new DocsyncError("cli.usage", "--target applies when planning; a saved plan is applied whole.");
    await applySavedPlan(planFile, context, options, listen);
  } else {
    if (options.out !== undefined)
      throw new DocsyncError(
        "cli.usage",
        "--out goes with a saved plan (apply FILE --out NEW); to save a plan, use docsync plan --out.",
      );
    await applyConfiguration(context, options, listen);
  }
}
