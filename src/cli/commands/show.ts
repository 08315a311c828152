// `docsync show FILE`: a plan saved with `plan --out`, rendered as plan renders plans, without
// reading the configuration or calling the API (e.g. to review an approved plan's artifact).

import type { Command } from "commander";
import { PLAN_VERSION, type Plan } from "../../model/plan.ts";
import { withRefusals } from "../../plan/safety.ts";
import { type Format, renderPlan } from "../../render/format.ts";
import { readSavedPlan, type SavedPlan, shownSealed } from "../../saved/saved.ts";
import type { CommandContext } from "../context.ts";
import { formatOption } from "./options.ts";

/**
 * The saved plan in the plan format: without what only apply needs (the digest of the
 * configuration it was made from), with `(sensitive)` where the file holds a sensitive value's
 * digest, and with what its apply would refuse.
 */
function planOfSaved(saved: SavedPlan): Plan {
  const {
    configuration: _configuration,
    targets: _targets,
    savedAt: _savedAt,
    maxDestroy,
    allowDestroy,
    apiUrl: _apiUrl,
    checksum: _checksum,
    version: _version,
    format: _format,
    ...plan
  } = saved;
  const shown: Plan = { format: "docsync-plan", version: PLAN_VERSION, ...shownSealed(plan) };
  // What its apply would refuse, judged as apply judges it.
  return withRefusals(shown, { maxDestroy, allowDestroy: allowDestroy === true });
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
