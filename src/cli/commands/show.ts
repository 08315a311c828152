// `docsync show FILE`: a plan saved with `plan --out`, rendered as plan renders plans, without
// reading the configuration or calling the API (e.g. to review an approved plan's artifact).

import type { Command } from "commander";
import type { Plan } from "../../model/plan.ts";
import { type Format, renderPlan } from "../../render/format.ts";
import { SENSITIVE } from "../../render/redact.ts";
import { readSavedPlan, type SavedPlan } from "../../saved/saved.ts";
import type { CommandContext } from "../context.ts";
import { formatOption } from "./options.ts";

/**
 * The saved plan in the plan format: without what only apply needs (the fingerprints of what it
 * was read from), and with `(sensitive)` where the file holds a sensitive value's digest.
 */
function planOfSaved(saved: SavedPlan): Plan {
  const {
    reads: _reads,
    savedAt: _savedAt,
    maxDestroy: _maxDestroy,
    apiUrl: _apiUrl,
    checksum: _checksum,
    version: _version,
    format: _format,
    ...plan
  } = saved;
  const shown = JSON.parse(JSON.stringify(plan), (_key, value: unknown) =>
    value !== null && typeof value === "object" && !Array.isArray(value) && "$sensitive" in value
      ? SENSITIVE
      : value,
  ) as Omit<Plan, "format" | "version">;
  return { format: "docsync-plan", version: 1, ...shown };
}

export function registerShowCommand(program: Command, context: CommandContext): void {
  program
    .command("show <plan-file>")
    .description("Show a plan saved with plan --out, without reading the configuration or the API")
    .option("--format <format>", "text, markdown, json or html", formatOption, "text")
    .action(async (file: string, options: { format: Format }) => {
      const saved = await readSavedPlan(file);
      context.output.out(renderPlan(planOfSaved(saved), options.format, context.output.style));
      if (options.format === "text") context.output.err(`Planned at ${saved.savedAt}.\n`);
    });
}
