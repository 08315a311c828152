// What apply says while it works and when it ends: one line per finished call, then a report
// of what was done, what failed (with the API's error) and what was skipped.

import type { Change, Plan } from "../plan/types.ts";
import type { Style } from "../render/style.ts";
import type { ApplyResult, CallOutcome } from "./execute.ts";

export function outcomeLine(
  outcome: CallOutcome,
  changes: ReadonlyMap<string, Change>,
  style: Style,
): string {
  const address = changes.get(outcome.call.change)?.address ?? outcome.call.change;
  switch (outcome.status) {
    case "done":
      return `  ${style.green("✓")} ${address}: ${outcome.call.summary}\n`;
    case "failed":
      return `  ${style.red("✗")} ${address}: ${outcome.call.summary}: ${outcome.error}\n`;
    case "skipped":
      return `  ${style.yellow("○")} ${address}: ${outcome.call.summary} skipped: ${outcome.because}\n`;
  }
}

export function changesById(plan: Plan): Map<string, Change> {
  return new Map(plan.changes.map((change) => [change.id, change]));
}

export function failureReport(plan: Plan, result: ApplyResult, style: Style): string {
  const changes = changesById(plan);
  const byStatus = (status: CallOutcome["status"]) =>
    result.outcomes.filter((outcome) => outcome.status === status);
  const done = byStatus("done");
  const failed = byStatus("failed");
  const skipped = byStatus("skipped");
  const lines = [
    "",
    style.bold(
      `Apply failed: ${done.length} call(s) done, ${failed.length} failed, ${skipped.length} skipped.`,
    ),
  ];
  const section = (title: string, outcomes: CallOutcome[]) => {
    if (outcomes.length === 0) return;
    lines.push("", `${title}:`);
    for (const outcome of outcomes) lines.push(outcomeLine(outcome, changes, style).trimEnd());
  };
  section("Done", done);
  section("Failed", failed);
  section("Skipped", skipped);
  lines.push("", "Run `docsync plan` to see what is left; a new apply starts from the live state.");
  return `${lines.join("\n")}\n`;
}
