import type { Command } from "commander";
import { normalizeApiUrl } from "../../api/url.ts";
import { checkBlocked } from "../../plan/safety.ts";
import { type Format, renderPlan } from "../../render/format.ts";
import { redactPlan } from "../../render/redact.ts";
import { sealedDigests, sealPlan, writeSavedPlan } from "../../saved/saved.ts";
import { apiBaseUrl, connect } from "../connection.ts";
import type { CommandContext } from "../context.ts";
import { shellWords } from "../shell-words.ts";
import { configPaths, loadDesired, planAgainstLive } from "../workflow.ts";
import { configOption, connectionOptions, formatOption, targetOption } from "./options.ts";

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
  const command = program
    .command("plan")
    .description("Show the API calls that would make the live organization match the configuration");
  targetOption(connectionOptions(configOption(command)))
    .option("--format <format>", "text, markdown, json or html", formatOption, "text")
    .option("--json", "the same as --format json")
    .option("-o, --out <file>", "also save the plan, to apply exactly it later with `docsync apply FILE`")
    .option("--detailed-exitcode", "exit 0 with no changes, 2 with changes, 1 on error")
    .action(async (options: PlanOptions) => {
      const desired = await loadDesired(options.config, context);
      const client = connect(options, context.env, context.output);
      try {
        const { plan, reads } = await planAgainstLive(client, desired, {
          targets: options.target,
          record: options.out !== undefined,
        });
        const safe = redactPlan(plan, context.secrets);
        context.observer?.result?.({ command: "plan", plan: safe });
        context.output.out(renderPlan(safe, options.json ? "json" : options.format, context.output.style));
        checkBlocked(plan);
        if (options.out) {
          const apiUrl = normalizeApiUrl(apiBaseUrl(options, context.env));
          const saved = sealPlan(plan, reads, desired, { apiUrl, secrets: context.secrets });
          await writeSavedPlan(options.out, saved);
          // A plan with sensitive values holds only their digests: apply needs the configuration too.
          const configs = sealedDigests(saved).length === 0 ? [] : configPaths(options.config);
          const apply = ["docsync", "apply", options.out, ...configs.flatMap((path) => ["-c", path])];
          context.output.err(`Saved the plan to ${options.out}; apply it with: ${shellWords(apply)}\n`);
        }
        if (options.detailedExitcode && plan.changes.length > 0) context.exitCode = 2;
      } finally {
        await client.close();
      }
    });
}
