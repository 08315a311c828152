// The plan as Markdown, for pull-request comments and job summaries.

import type { Plan } from "../plan/types.ts";
import { summaryLine } from "./text.ts";

/** GitHub refuses comments over 65,536 characters; stay well below. */
export const MARKDOWN_LIMIT = 60_000;

export function renderPlanMarkdown(plan: Plan): string {
  const lines = ["### docsync plan", "", summaryLine(plan), ""];
  if (plan.changes.length > 0) {
    lines.push("| | item | change |", "|---|---|---|");
    for (const change of plan.changes)
      lines.push(
        `| ${change.action} | \`${change.address}\` | ${change.fields.map((f) => f.field).join(", ")} |`,
      );
  }
  return `${lines.join("\n")}\n`;
}
