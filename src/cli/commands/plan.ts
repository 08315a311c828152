import type { Command } from "commander";
import { normalizeApiUrl } from "../../api/url.ts";
import { planForReview } from "../../engine/plan.ts";
import { applyCommandLine, savePlan } from "../../engine/saved.ts";
import { REFUSED_EXIT_CODE } from "../../engine/words.ts";
import { apiBaseUrl, connect } from "../../front/connection.ts";
import { configOption, connectionOptions, formatOption, targetOption } from "../../front/options.ts";
import { parseTargets } from "../../front/target-address.ts";
import { type Format, renderPlan } from "../../render/format.ts";
import { refusedHeadline } from "../../render/refusals.ts";
import { configPaths, loadDesired } from "../configuration.ts";
import type { CommandContext } from "../context.ts";
import { commandSession } from "../engine-session.ts";

interface PlanOptions {
  config: string[];
  apiUrl?: string;
  parallelism: number;
  verbose?: boolean;
  format: Format;
  json?: boolean;
  detailedExitcode?: boolean;
  allowDestroy?: boolean;
  target: string[];
  out?: string;
}

export function registerPlanCommand(program: Command, context: CommandContext): void {
  const command = program
    .command("plan")
    .description("Show the API calls that would make the live organization match the configuration");
  targetOption(connectionOptions(configOption(command)))
    .option("--format <format>", "text, markdown, json or html", formatOption, "text")
    .option("--json", "the same as --format json")
    .option("-o, --out <file>", "also save the plan, to apply exactly it later with `docsync apply FILE`")
    .option("--detailed-exitcode", "exit 0 with no changes, 2 with changes, 1 on error")
    .option(
      "--allow-destroy",
      "plan for an apply given --allow-destroy (a plan saved with --out carries it): deletes beyond policy.maxDestroy are allowed",
    )
    .action(async (options: PlanOptions) => {
      // Before anything is read: a malformed --target is a usage error, not something to look up.
      const targets = parseTargets(options.target);
      const desired = await loadDesired(options.config, context);
      const client = connect(options, context.env, context.output);
      try {
        // What apply would refuse is judged as apply judges it, and shown at the top of the plan.
        const allowDestroy = Boolean(options.allowDestroy);
        const session = commandSession(context, client);
        const { plan, safe } = await planForReview(session, desired, {
          ...(targets ? { targets } : {}),
          allowDestroy,
        });
        const format = options.json ? "json" : options.format;
        const show = () => context.output.out(renderPlan(safe, format, context.output.style, context.kinds));
        // In text and Markdown the plan comes first. In JSON it comes once nothing more can fail,
        // so that a failure's document is the one printed.
        if (format !== "json") show();
        if (options.out) {
          const apiUrl = normalizeApiUrl(apiBaseUrl(options, context.env));
          await savePlan(session, desired, plan, { file: options.out, apiUrl, targets, allowDestroy });
          const apply = applyCommandLine(options.out, configPaths(options.config));
          context.output.err(`Saved the plan to ${options.out}; apply it with: ${apply}\n`);
        }
        if (format === "json") show();
        if (options.detailedExitcode && plan.changes.length > 0) context.exitCode = 2;
        const refused = refusedHeadline(safe);
        if (refused !== undefined) {
          context.output.err(`${refused}\n`);
          context.exitCode = REFUSED_EXIT_CODE;
        }
      } finally {
        await client.close();
      }
    });
}
