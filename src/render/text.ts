// The plan as people read it in a terminal, Terraform-like: one block per change with its
// address, the fields that change, and a summary line.

import { diffLines } from "diff";
import type { Change, FieldChange, Plan } from "../plan/types.ts";
import { SENSITIVE } from "./redact.ts";
import type { Style } from "./style.ts";

const SYMBOLS: Record<Change["action"], string> = {
  create: "+",
  update: "~",
  replace: "-/+",
  delete: "-",
  move: "↕",
};

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

const PLACEHOLDER = /^\{\{id:(.+)\}\}$/;

/** JSON, except that ids of items this plan creates read as what they are. */
export function showValue(value: unknown): string {
  const names: string[] = [];
  const json =
    JSON.stringify(value, (_key, item: unknown) => {
      const match = typeof item === "string" ? PLACEHOLDER.exec(item) : null;
      if (!match) return item;
      names.push(`(id of new ${lastSegment(match[1]!)})`);
      return `\u0000${names.length - 1}`;
    }) ?? "null";
  return json.replace(/"\\u0000(\d+)"/g, (_, index: string) => names[Number(index)]!);
}

const lastSegment = (address: string) => address.split(" › ").pop()!;

/** Large objects (an adaptive schema) read better as a line diff than as two long lines. */
function objectDiff(from: unknown, to: unknown, indent: string, style: Style): string[] | undefined {
  if (typeof from !== "object" || typeof to !== "object" || from === null || to === null) return undefined;
  if (showValue(from).length + showValue(to).length < 80) return undefined;
  const lines: string[] = [];
  for (const part of diffLines(JSON.stringify(from, null, 2), JSON.stringify(to, null, 2))) {
    const mark = part.added ? style.green("+ ") : part.removed ? style.red("- ") : "  ";
    for (const line of part.value.replace(/\n$/, "").split("\n")) lines.push(`${indent}${mark}${line}`);
  }
  return lines;
}

function fieldLines(field: FieldChange, indent: string, style: Style): string[] {
  if (field.sensitive) {
    const what = "from" in field && "to" in field ? `${SENSITIVE.slice(0, -1)}, changed)` : SENSITIVE;
    return [`${indent}${field.field}: ${what}`];
  }
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
