import type { Command } from "commander";
import { driftOf } from "../../engine/plan.ts";
import { connect } from "../../front/connection.ts";
import { json } from "../../front/json-reports.ts";
import { configOption, connectionOptions, formatOption } from "../../front/options.ts";
import { renderDriftHtml } from "../../render/drift-html.ts";
import { renderDriftMarkdown } from "../../render/drift-markdown.ts";
import { renderDriftText } from "../../render/drift-text.ts";
import type { Format } from "../../render/format.ts";
import { loadDesired } from "../configuration.ts";
import type { CommandContext } from "../context.ts";
import { commandSession } from "../engine-session.ts";

interface DriftOptions {
  config: string[];
  apiUrl?: string;
  parallelism: number;
  verbose?: boolean;
  format: Format;
}

export function registerDriftCommand(program: Command, context: CommandContext): void {
  const command = program
    .command("drift")
    .description(
      "Report how the live organization differs from the configuration (read-only; exit 2 on drift)",
    );
  connectionOptions(configOption(command))
    .option("--format <format>", "text, markdown, json or html", formatOption, "text")
    .action(async (options: DriftOptions) => {
      const desired = await loadDesired(options.config, context);
      const client = connect(options, context.env, context.output);
      try {
        const { safe, report } = await driftOf(commandSession(context, client), desired);
        const { output } = context;
        if (options.format === "json") output.out(json(report));
        else if (options.format === "markdown") output.out(renderDriftMarkdown(safe, context.kinds));
        else if (options.format === "html") output.out(renderDriftHtml(safe, context.kinds));
        else output.out(renderDriftText(report, output.style));
        if (report.drifted) context.exitCode = 2;
      } finally {
        await client.close();
      }
    });
}
