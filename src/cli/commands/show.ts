// `docsync show FILE`: a plan saved with `plan --out`, rendered as plan renders plans, without
// reading the configuration or calling the API (e.g. to review an approved plan's artifact).

import type { Command } from "commander";
import { planOfSaved } from "../../engine/saved.ts";
import { formatOption } from "../../front/options.ts";
import { type Format, renderPlan } from "../../render/format.ts";
import { readSavedPlan } from "../../saved/saved.ts";
import type { CommandContext } from "../context.ts";

export function registerShowCommand(program: Command, context: CommandContext): void {
  program
    .command("show <plan-file>")
    .description("Show a plan saved with plan --out, without reading the configuration or the API")
    .option("--format <format>", "text, markdown, json or html", formatOption, "text")
    .action(async (file: string, options: { format: Format }) => {
      const saved = await readSavedPlan(file);
      context.output.out(renderPlan(planOfSaved(saved), options.format, context.output.style, context.kinds));
      if (options.format === "text") context.output.err(`Planned at ${saved.savedAt}.\n`);
    });
}
