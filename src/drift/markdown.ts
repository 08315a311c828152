// Drift as Markdown: the same plan, read as how the live organization differs from the
// configuration, with live and configured values side by side (render/markdown.ts renders it).

import type { Change, Plan } from "../model/plan.ts";
import {
  CELL_VALUE_MAX,
  cellValue,
  clip,
  codeSpan,
  escapeMarkdown,
  fieldNames,
  plural,
  prose,
  render,
  type View,
} from "../render/markdown.ts";
import { SYMBOLS } from "../render/values.ts";

/** "Drift: 4 items differ from the configuration: 1 missing, …" */
export function driftSummaryLine(plan: Plan): string {
  if (plan.changes.length === 0) return "No drift: the live organization matches the configuration.";
  const { create, update, replace, move } = plan.summary;
  const parts = [
    create > 0 ? `${create} missing from the live organization` : "",
    plan.summary.delete > 0 ? `${plan.summary.delete} live only` : "",
    update + replace > 0 ? `${update + replace} different` : "",
    move > 0 ? `${move} out of order` : "",
  ].filter((part) => part !== "");
  const items = plural(plan.changes.length, "item");
  return `Drift: ${items} ${plan.changes.length === 1 ? "differs" : "differ"} from the configuration: ${parts.join(", ")}.`;
}

function driftDescribe(change: Change): string {
  switch (change.action) {
    case "create":
      return "missing from the live organization";
    case "delete":
      return "live only, not in the configuration";
    case "update":
      return `differs: ${fieldNames(change)}${change.note ? `; ${prose(change.note)}` : ""}`;
    case "replace":
      return `differs: ${fieldNames(change)}; would be replaced`;
    case "move":
      return `out of order${change.note ? `: configured ${prose(change.note)}` : ""}`;
  }
}

function driftBlock(change: Change): string {
  const title = `**\`${SYMBOLS[change.action]}\` ${codeSpan(change.address, false)}** ${driftDescribe(change)}${change.highRisk ? " ⚠️" : ""}`;
  if (change.action === "delete" || change.action === "move" || change.fields.length === 0) return title;
  const lines = [title, "", "| Field | Live | Configured |", "|---|---|---|"];
  for (const field of change.fields)
    lines.push(
      `| ${escapeMarkdown(field.field)} | ${cellValue(field, "from")} | ${cellValue(field, "to")} |`,
    );
  return lines.join("\n");
}

const DRIFT_VIEW = (plan: Plan): View => ({
  title: "docsync drift",
  summary: driftSummaryLine(plan),
  column: "Drift",
  verb: {
    create: "missing",
    update: "differs",
    replace: "differs",
    delete: "live only",
    move: "out of order",
  },
  describe: driftDescribe,
  highRisk: {
    heading: (count) =>
      `**Applying the configuration would make ${plural(count, "high-risk change")}**, which is hard to undo:`,
    item: (change) =>
      `**${change.action}** ${codeSpan(clip(change.address, CELL_VALUE_MAX), false)}${change.action === "delete" ? " (live only)" : ""}`,
  },
  details: (changes) => ({ open: [], blocks: changes.map(driftBlock), close: [] }),
  command: "docsync drift",
});

/** The plan read as drift: `create` is missing live, `delete` is live only, `update` differs. */
export function renderDriftMarkdown(plan: Plan): string {
  return render(plan, DRIFT_VIEW(plan));
}
