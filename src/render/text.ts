// The plan as people read it in a terminal, Terraform-like: one block per change with its
// address, the fields that change, and a summary line.

import type { Change, FieldChange, Plan } from "../model/plan.ts";
import { consequenceLines } from "./consequences.ts";
import type { Style } from "./style.ts";
import { objectLineDiff, SYMBOLS, sensitiveText, showValue } from "./values.ts";

function symbol(change: Change, style: Style): string {
  const text = SYMBOLS[change.action];
  switch (change.action) {
    case "create":
      return style.green(text);
    case "update":
      return style.yellow(text);
    case "replace":
      return style.magenta(text);
    case "delete":
      return style.red(text);
    case "move":
      return style.cyan(text);
  }
}

/** Large objects as a line diff, coloured. */
function objectDiff(from: unknown, to: unknown, indent: string, style: Style): string[] | undefined {
  const MARKS = { "+": style.green("+ "), "-": style.red("- "), " ": "  " };
  return objectLineDiff(from, to)?.map(({ mark, line }) => `${indent}${MARKS[mark]}${line}`);
}

function fieldLines(field: FieldChange, indent: string, style: Style): string[] {
  if (field.sensitive) return [`${indent}${field.field}: ${sensitiveText(field)}`];
  if (!("from" in field)) return [`${indent}${field.field}: ${showValue(field.to)}`];
  if (!("to" in field))
    return [`${indent}${field.field}: ${showValue(field.from)} → ${style.dim("(removed)")}`];
  const diff = objectDiff(field.from, field.to, `${indent}  `, style);
  if (diff) return [`${indent}${field.field}:`, ...diff];
  return [`${indent}${field.field}: ${showValue(field.from)} → ${showValue(field.to)}`];
}

export function renderChange(change: Change, style: Style): string[] {
  const note = change.note ? style.dim(`  (${change.note})`) : "";
  const risk = change.highRisk ? `  ${style.red(style.bold("HIGH RISK"))}` : "";
  const lines = [`  ${symbol(change, style)} ${change.address}${note}${risk}`];
  if (change.action !== "delete" && change.action !== "move") {
    for (const field of change.fields) lines.push(...fieldLines(field, "      ", style));
  }
  for (const line of consequenceLines(change)) lines.push(`      ${style.dim(line)}`);
  return lines;
}

/** "Plan: 3 to create, 2 to update, 1 to move, 0 to delete." — a replacement counts as both. */
export function summaryLine(plan: Plan): string {
  const { create, update, replace, move } = plan.summary;
  if (plan.changes.length === 0) return "No changes: live state matches the configuration.";
  const remove = plan.summary.delete + replace;
  return `Plan: ${create + replace} to create, ${update} to update, ${move} to move, ${remove} to delete.`;
}

export function renderPlanText(plan: Plan, style: Style): string {
  const lines: string[] = [];
  if (plan.changes.length > 0) {
    lines.push(`Changes for organization ${plan.organization}:`, "");
    for (const change of plan.changes) lines.push(...renderChange(change, style));
    lines.push("");
  }
  for (const warning of plan.warnings) lines.push(style.yellow(`Warning: ${warning}`));
  if (plan.warnings.length > 0) lines.push("");
  lines.push(style.bold(summaryLine(plan)));
  return `${lines.join("\n")}\n`;
}
