// The plan as people read it in a terminal: the changes as a tree of their items (an item in
// its site, a site space in its section), one line each when it fits; then the navigation of
// each site it changes, as a tree; then the summary line, with counts per kind. Colour marks
// what happens; the symbols and words say the same without it.

import { relativeAddress } from "../model/address.ts";
import type { Change, Plan } from "../model/plan.ts";
import { type BrandChange, brandChanges, brandLines } from "./brands.ts";
import { changeLines, changeParts } from "./change-parts.ts";
import { DESTRUCTIVE_HEADING, riskFirst } from "./groups.ts";
import { printable, type ReportedKinds, summaryLine } from "./names.ts";
import { refusalTextLines } from "./refusals.ts";
import type { Style } from "./style.ts";
import { navigationRows, type RowMark } from "./tree.ts";

export { summaryLine };

const ACTION_COLOURS: Record<string, keyof Style> = {
  "+": "green",
  "~": "yellow",
  "-/+": "magenta",
  "-": "red",
  "↕": "cyan",
};

function coloured(symbol: string, style: Style): string {
  const colour = ACTION_COLOURS[symbol];
  return colour ? style[colour](symbol) : symbol;
}

/** One change at `depth` below its group's first line: one line, or its head and its values. */
function changeText(change: Change, depth: number, where: string | undefined, style: Style): string[] {
  const parts = changeParts(change, where);
  const indent = "  ".repeat(depth + 1);
  const { head, values } = changeLines(parts);
  // Colour the symbol, dim the note, and mark what is hard to undo.
  let line = `${coloured(parts.symbol, style)}${head.slice(parts.symbol.length)}`;
  if (parts.note !== undefined) line = line.replace(`  (${parts.note})`, style.dim(`  (${parts.note})`));
  if (parts.highRisk) line = line.replace(/ {2}HIGH RISK$/, `  ${style.red(style.bold("HIGH RISK"))}`);
  return [`${indent}${line}`, ...values.map((value) => `${indent}    ${value}`)];
}

/**
 * The changes as a tree: each under the items it is in, which are shown once (as their change,
 * or by their address when they do not change). An item whose parent is not shown says where
 * it is (`site space v2 in section "api"`).
 */
export function changeTreeLines(changes: readonly Change[], style: Style): string[] {
  const lines: string[] = [];
  const open: string[] = [];
  for (const change of changes) {
    const parents = change.parents ?? [];
    let depth = 0;
    while (depth < open.length && depth < parents.length && open[depth] === parents[depth]) depth++;
    open.length = depth;
    let where: string | undefined;
    if (depth < parents.length) {
      if (depth === 0) {
        lines.push(`  ${style.bold(printable(parents[0]!))}`);
        open.push(parents[0]!);
        depth = 1;
      }
      if (depth < parents.length)
        where = printable(relativeAddress(parents[parents.length - 1]!, parents[0]!));
    }
    lines.push(...changeText(change, depth, where, style));
    open.push(change.address);
  }
  return lines;
}

const MARK_COLOURS: Record<RowMark, keyof Style | undefined> = {
  "+": "green",
  "-": "red",
  "↕": "cyan",
  "~": "yellow",
  " ": undefined,
};

/** The navigation of each site the plan changes, as a tree. */
export function navigationLines(plan: Plan, style: Style, kinds?: ReportedKinds): string[] {
  const lines: string[] = [];
  for (const navigation of plan.navigation ?? []) {
    lines.push(style.bold(`Navigation of ${printable(navigation.address)} after this plan:`));
    for (const row of navigationRows(navigation, kinds)) {
      const colour = MARK_COLOURS[row.mark];
      const paint = (text: string) => (colour ? style[colour](text) : text);
      const notes = row.notes.length > 0 ? style.dim(`  (${row.notes.join(", ")})`) : "";
      lines.push(`  ${paint(row.mark)} ${row.prefix}${paint(row.text)}${notes}`);
    }
    lines.push("");
  }
  return lines;
}

/** A brand edit: its head, the symbol coloured, then each leaf once. */
function brandText(edit: BrandChange, style: Style): string[] {
  const { head, values } = brandLines(edit);
  return [`  ${coloured(head[0]!, style)}${head.slice(1)}`, ...values.map((value) => `      ${value}`)];
}

/**
 * The changes, those hard to undo (deletes, replacements, high-risk changes) first under a
 * heading of their own when there are others too, so that they are never lost among creates;
 * the edits of a brand lead the others, each once with the sites it changes.
 */
function riskFirstLines(changes: readonly Change[], style: Style): string[] {
  const { brands, rest: unbranded } = brandChanges(changes);
  const { destructive, rest } = riskFirst(unbranded);
  const others = [...brands.flatMap((edit) => brandText(edit, style)), ...changeTreeLines(rest, style)];
  if (destructive.length === 0) return [...others, ""];
  if (others.length === 0) return [...changeTreeLines(destructive, style), ""];
  const otherCount = changes.length - destructive.length;
  return [
    style.bold(`${DESTRUCTIVE_HEADING} (${destructive.length.toLocaleString("en-US")}):`),
    ...changeTreeLines(destructive, style),
    "",
    style.bold(`Other changes (${otherCount.toLocaleString("en-US")}):`),
    ...others,
    "",
  ];
}

/** The plan as text; `kinds`: those of the run that made it (default: the built-in kinds). */
export function renderPlanText(plan: Plan, style: Style, kinds?: ReportedKinds): string {
  const lines: string[] = refusalTextLines(plan, style);
  if (plan.changes.length > 0) {
    lines.push(`Changes for organization ${printable(plan.organization)}:`, "");
    lines.push(...riskFirstLines(plan.changes, style));
    lines.push(...navigationLines(plan, style, kinds));
  }
  for (const warning of plan.warnings) lines.push(style.yellow(`Warning: ${warning}`));
  if (plan.warnings.length > 0) lines.push("");
  lines.push(style.bold(summaryLine(plan, kinds)));
  return `${lines.join("\n")}\n`;
}
