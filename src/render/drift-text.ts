// The drift report for people at a terminal or in a CI log: the items that differ as a tree,
// one line each when it fits, as a plan shows its changes, read the other way round.

import { type DriftReport, planOfDrift } from "../drift/report.ts";
import type { ChangeAction } from "../model/plan.ts";
import type { Style } from "./style.ts";
import { changeTreeLines } from "./text.ts";

/** What each action of the plan is, read as drift. */
export const DRIFT_WORDS: Record<ChangeAction, string> = {
  create: "missing from the live organization",
  update: "different",
  replace: "different in a field that cannot change in place",
  delete: "live only",
  move: "out of order",
};

/** How to read the lines of a drift report. */
export const DRIFT_LEGEND =
  "+ missing from the live organization, - live only, ~ differs (live ⇒ configured), -/+ differs in a field that cannot change in place, ↕ out of order";

export function renderDriftText(report: DriftReport, style: Style): string {
  if (!report.drifted) return "No drift: the live organization matches the configuration.\n";
  const count = report.items.length;
  const lines = [
    style.bold(
      `Drift: organization ${report.organization} differs from the configuration in ${count} item${count === 1 ? "" : "s"}.`,
    ),
    style.dim(DRIFT_LEGEND),
    "",
    ...changeTreeLines(planOfDrift(report).changes, style),
  ];
  for (const warning of report.warnings) lines.push("", style.yellow(`Warning: ${warning}`));
  return `${lines.join("\n")}\n`;
}
