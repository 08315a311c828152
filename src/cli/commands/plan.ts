import type { Command } from "commander";
import { sealPlan, writeSavedPlan } from "../../plan/saved.ts";
import { type Format, formatOption, renderPlan } from "../../render/format.ts";
import { redactPlan } from "../../render/redact.ts";
import { connect } from "../connection.ts";
import type { CommandContext } from "../context.ts";
import { loadDesired, planAgainstLive } from "../workflow.ts";
import { parallelismOption } from "./options.ts";
import { collect } from "./validate.ts";

interface PlanOptions {
  config: string[];
  apiUrl?: string;
  parallelism: number;
  verbose?: boolean;
  format: Format;
  json?: boolean;
  detailedExitcode?: boolean;
  target: string[];
  out?: string;
}

export function registerPlanCommand(program: Command, context: CommandContext): void {
  program
    .command("plan")
    .description("Show the API calls that would make the live organization match the configuration")
    .option("-c, --config <path>", "configuration file or folder (repeatable)", collect, [])
    .option("--api-url <url>", "base URL of the API (default: $DOCSYNC_API_URL)")
    .option("--parallelism <n>", "requests in flight at once", parallelismOption, 8)
    .option("-v, --verbose", "print every API request to the error stream")
    .option("--format <format>", "text, markdown or json", formatOption, "text")
    .option("--json", "the same as --format json")
    .option(
      "--target <address>",
      "only this item, what is below it and what it needs (repeatable), e.g. 'site \"Docs\"'",
      collect,
      [],
    )
    .option("--out <file>", "also save the plan, to apply exactly it later with `docsync apply FILE`")
    .option("--detailed-exitcode", "exit 0 with no changes, 2 with changes, 1 on error")
    .action(async (options: PlanOptions) => {
      const desired = await loadDesired(options.config, context.env);
      const client = connect(options, context.env, context.output);
      try {
        const { plan, reads } = await planAgainstLive(client, desired, {
          targets: options.target,
          record: options.out !== undefined,
        });
        const safe = redactPlan(plan, desired.sensitiveValues);
        context.output.out(renderPlan(safe, options.json ? "json" : options.format, context.output.style));
        if (options.out) {
          await writeSavedPlan(options.out, sealPlan(plan, reads, desired));
          context.output.err(
            `Saved the plan to ${options.out}; apply it with: docsync apply ${options.out}\n`,
          );
        }
        if (options.detailedExitcode && plan.changes.length > 0) context.exitCode = 2;
      } finally {
        await client.close();
      }
    });
}
