// Apply's text log, as the CLI prints it and the GitHub Action logs it: a line as each call
// ends, the report of a round of calls that stopped, and the words that end an apply. Text as
// values: the adapters write it where they write.

import { applyReport, type Made, madeText, progressLine } from "../apply/report.ts";
import type { Style } from "../render/style.ts";
import type { EngineEvent } from "./events.ts";

/** The log's text for an event of the session; undefined for an event the log does not show. */
export function callLogText(event: EngineEvent, style: Style): string | undefined {
  if (event.type === "call-ended") return progressLine(event.outcome, event.changes, style);
  if (event.type === "calls-stopped") return applyReport(event.safe, event.result, event.sent, style);
  return undefined;
}

/** A configuration applied and checked. The check covers what was targeted, and says no more than that. */
export function appliedText(made: Made, targeted: boolean, style: Style): string {
  const matches = targeted
    ? "The targeted items match the configuration (run a plan without --target for the rest)."
    : "Live state matches the configuration.";
  return style.bold(`\nApply complete: ${madeText(made)}. ${matches}\n`);
}

/** A configuration applied, whose check still finds changes: what is left comes after this. */
export const notConvergedText = (made: Made): string =>
  `\nThe plan was made (${madeText(made)}), but the live state still differs from the configuration. What is left:\n\n`;

/** A saved plan applied: its calls were made. */
export const savedAppliedText = (made: Made, file: string, style: Style): string =>
  style.bold(`\nApply complete: ${madeText(made)}, exactly as planned in ${file}.\n`);

/** A saved plan found applied already. */
export const alreadyAppliedText = (file: string, savedAt: string, style: Style): string =>
  style.bold(
    `The plan in ${file} (${savedAt}) is already applied: the live organization matches it; nothing was changed.\n`,
  );

/** A saved plan refused as out of date: the plan for now comes after this. */
export const STALE_HEADING = "The plan for the live organization now:\n\n";
