// The plan as Markdown: the plan's View (render/markdown.ts renders it).

import type { Change, FieldChange, Plan } from "../model/plan.ts";
import { consequenceLines } from "./consequences.ts";
import {
  CELL_VALUE_MAX,
  clip,
  codeSpan,
  DETAIL_VALUE_MAX,
  fenceFor,
  fieldNames,
  plural,
  prose,
  render,
  type View,
} from "./markdown.ts";
import { summaryLine } from "./text.ts";
import { objectLineDiff, SYMBOLS, sensitiveText, showValue } from "./values.ts";

/** Field lines of the plan's details, diff-like: `-` the value now, `+` the value after. */
function planFieldLines(field: FieldChange): string[] {
  const indent = "     ";
  if (field.sensitive) {
    const mark = "from" in field && "to" in field ? "~" : "to" in field ? "+" : "-";
    return [`${mark}${indent}${field.field}: ${sensitiveText(field)}`];
  }
  if (!("from" in field)) return [`+${indent}${field.field}: ${clip(showValue(field.to), DETAIL_VALUE_MAX)}`];
  if (!("to" in field)) return [`-${indent}${field.field}: ${clip(showValue(field.from), DETAIL_VALUE_MAX)}`];
  const diff = objectLineDiff(field.from, field.to);
  if (diff) {
    const lines = diff.map(({ mark, line }) => `${mark}${indent}  ${clip(line, DETAIL_VALUE_MAX)}`);
    return [` ${indent}${field.field}:`, ...lines];
  }
  return [
    `-${indent}${field.field}: ${clip(showValue(field.from), DETAIL_VALUE_MAX)}`,
    `+${indent}${field.field}: ${clip(showValue(field.to), DETAIL_VALUE_MAX)}`,
  ];
}

function planBlock(change: Change): string {
  const note = change.note ? `  (${change.note})` : "";
  const risk = change.highRisk ? "  HIGH RISK" : "";
  const lines = [`${SYMBOLS[change.action]} ${change.address}${note}${risk}`];
  if (change.action !== "delete" && change.action !== "move")
    for (const field of change.fields) lines.push(...planFieldLines(field));
  for (const line of consequenceLines(change)) lines.push(`      ${clip(line, DETAIL_VALUE_MAX)}`);
  return lines.join("\n");
}

function planDescribe(change: Change): string {
  const note = change.note ? prose(change.note) : "";
  switch (change.action) {
    case "create":
      return fieldNames(change);
    case "update":
      return [fieldNames(change), note].filter((part) => part !== "").join("; ");
    case "replace":
      return note || fieldNames(change);
    case "delete":
      return "removed";
    case "move":
      return note ? `moved ${note}` : "moved";
  }
}

const PLAN_VIEW = (plan: Plan): View => ({
  title: "docsync plan",
  summary: summaryLine(plan),
  column: "Change",
  verb: { create: "create", update: "update", replace: "replace", delete: "delete", move: "move" },
  describe: planDescribe,
  highRisk: {
    heading: (count) =>
      `**${plural(count, "high-risk change")}**: these are hard to undo (deletes, replacements, risky settings). Check them before merging.`,
    item: (change) =>
      `**${change.action}** ${codeSpan(clip(change.address, CELL_VALUE_MAX), false)}${change.note ? ` (${prose(clip(change.note, CELL_VALUE_MAX), false)})` : ""}`,
  },
  details(changes) {
    const blocks = changes.map(planBlock);
    const fence = fenceFor(blocks.join("\n"));
    return { open: [`${fence}diff`], blocks, close: [fence] };
  },
  command: "docsync plan",
});

export function renderPlanMarkdown(plan: Plan): string {
  return render(plan, PLAN_VIEW(plan));
}
