// Markdown for pull-request comments and job summaries, shared by the plan
// (plan-markdown.ts) and the drift report (drift/markdown.ts): a heading, the summary line,
// high-risk changes called out, a compact table with one row per change, warnings, then the
// field-level details in collapsible blocks, one per site or per kind of item. Each of them is
// a View of a plan.
//
// Values from the configuration or the live state only ever appear inside code (spans or
// fenced blocks), so that no value can break the table, inject HTML, mention people or link
// issues. The result always stays under MARKDOWN_LIMIT characters: the details are cut first,
// then the table, and a closing note says how many changes were left out.

import { CONTAINER_KINDS } from "../kinds/registry.ts";
import { firstSegment, SEPARATOR } from "../model/address.ts";
import type { Change, ChangeAction, FieldChange, Plan } from "../model/plan.ts";
import { SENSITIVE } from "./redact.ts";
import { SYMBOLS, showValue } from "./values.ts";

/** GitHub refuses comments over 65,536 characters; stay well below. */
export const MARKDOWN_LIMIT = 60_000;

/** Room kept for the closing note about what was left out. */
const NOTE_RESERVE = 500;
/** High-risk changes and warnings listed at the top before "and N more". */
const LIST_MAX = 25;
/** Longest value shown in a table cell, in characters. */
export const CELL_VALUE_MAX = 300;
/** Longest value shown in the details, in characters. */
export const DETAIL_VALUE_MAX = 2_000;

// ---------------------------------------------------------------------------------------------
// Escaping

/** Markdown text: HTML and the inline Markdown syntax neutralized (safe in table cells). */
export function escapeMarkdown(text: string): string {
  return oneLine(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/[\\`*_[\]|~$#!]/g, (char) => `\\${char}`);
}

/**
 * An inline code span holding `text` exactly: the delimiter is longer than any run of
 * backticks inside, line breaks become spaces, and in a table cell pipes are escaped (GFM
 * takes `\|` out of the cell before reading the span).
 */
export function codeSpan(text: string, inTable = true): string {
  let content = oneLine(text);
  if (inTable) content = content.replace(/\|/g, "\\|");
  if (content === "") return "` `";
  const fence = "`".repeat(longestRun(content, /`+/g) + 1);
  const pad = /^[ `]|[ `]$/.test(content) ? " " : "";
  return `${fence}${pad}${content}${pad}${fence}`;
}

/** HTML text, for the inside of `<summary>`. */
function escapeHtml(text: string): string {
  return oneLine(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** A fence for a code block that `content` cannot close. */
export function fenceFor(content: string): string {
  return "`".repeat(Math.max(3, longestRun(content, /`{3,}/g) + 1));
}

function longestRun(content: string, runs: RegExp): number {
  let longest = 0;
  for (const match of content.matchAll(runs)) longest = Math.max(longest, match[0].length);
  return longest;
}

export function oneLine(text: string): string {
  return text.replace(/\r\n|\r|\n/g, " ");
}

/** JSON string literals (the names in addresses, notes and warnings). */
const QUOTED = /"(?:[^"\\]|\\.)*"/g;

/** docsync's own words, with the names quoted in them shown as code. */
export function prose(text: string, inTable = true): string {
  let result = "";
  let last = 0;
  for (const match of text.matchAll(QUOTED)) {
    result += escapeMarkdown(text.slice(last, match.index)) + codeSpan(match[0], inTable);
    last = match.index + match[0].length;
  }
  return result + escapeMarkdown(text.slice(last));
}

// ---------------------------------------------------------------------------------------------
// Values

export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max);
  // Never leave half of a surrogate pair.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}… (${(text.length - cut.length).toLocaleString("en-US")} more characters)`;
}

export const plural = (n: number, word: string) =>
  `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;

/** The value of a field as a table cell: a code span, never the value of a sensitive field. */
export function cellValue(field: FieldChange, side: "from" | "to"): string {
  if (!(side in field)) return "—";
  if (field.sensitive) return escapeMarkdown(SENSITIVE);
  return codeSpan(clip(showValue(field[side]), CELL_VALUE_MAX));
}

// ---------------------------------------------------------------------------------------------
// The parts every report shares

/** What the table and the details say about each kind of change. */
export interface View {
  title: string;
  summary: string;
  /** The words of the table's last column. */
  column: string;
  /** The action as a word in the first column. */
  verb: Record<ChangeAction, string>;
  /** A few words: what changes. */
  describe(change: Change): string;
  highRisk: { heading(count: number): string; item(change: Change): string };
  /** The details of one group: blocks that can be dropped from the end, with lines around them. */
  details(changes: Change[]): { open: string[]; blocks: string[]; close: string[] };
  /** The command that shows everything. */
  command: string;
}

export function fieldNames(change: Change, max = 4): string {
  const names = change.fields.map((field) => field.field);
  if (names.length <= max) return names.map(escapeMarkdown).join(", ");
  return `${names.slice(0, max).map(escapeMarkdown).join(", ")} and ${names.length - max} more`;
}

function heading(title: string, plan: Plan): string {
  return `### ${title} · organization ${codeSpan(clip(plan.organization, CELL_VALUE_MAX), false)}`;
}

function highRiskBlock(plan: Plan, view: View): string[] {
  const risky = plan.changes.filter((change) => change.highRisk);
  if (risky.length === 0) return [];
  const lines = ["> [!CAUTION]", `> ${view.highRisk.heading(risky.length)}`, ">"];
  for (const change of risky.slice(0, LIST_MAX)) lines.push(`> - ${view.highRisk.item(change)}`);
  if (risky.length > LIST_MAX) lines.push(`> - … and ${risky.length - LIST_MAX} more, marked ⚠️ below`);
  return [...lines, ""];
}

function warningsBlock(plan: Plan): string[] {
  if (plan.warnings.length === 0) return [];
  const lines = ["> [!WARNING]"];
  for (const warning of plan.warnings.slice(0, LIST_MAX))
    lines.push(`> - ${prose(clip(warning, CELL_VALUE_MAX * 2), false)}`);
  if (plan.warnings.length > LIST_MAX) lines.push(`> - … and ${plan.warnings.length - LIST_MAX} more`);
  return [...lines, ""];
}

function tableRow(change: Change, view: View): string {
  const risk = change.highRisk ? " ⚠️" : "";
  const action = `\`${SYMBOLS[change.action]}\` ${view.verb[change.action]}${risk}`;
  return `| ${action} | ${codeSpan(change.address)} | ${view.describe(change)} |`;
}

/** Details are grouped per site, and per kind for the organization's own items. */
function groups(changes: readonly Change[]): { label: string; changes: Change[] }[] {
  const byKey = new Map<string, { label: string; changes: Change[] }>();
  for (const change of changes) {
    const nested = change.address.includes(SEPARATOR) || CONTAINER_KINDS.has(change.kind);
    const key = nested ? `item:${firstSegment(change.address)}` : `kind:${change.kind}`;
    let group = byKey.get(key);
    if (!group) {
      const label = nested
        ? `<code>${escapeHtml(firstSegment(change.address))}</code>`
        : escapeHtml(`${change.kind.charAt(0).toUpperCase()}${change.kind.slice(1)}s`);
      group = { label, changes: [] };
      byKey.set(key, group);
    }
    group.changes.push(change);
  }
  return [...byKey.values()];
}

export function render(plan: Plan, view: View): string {
  const top = [heading(view.title, plan), "", `**${escapeMarkdown(view.summary)}**`, ""];
  if (plan.changes.length === 0) return finish([...top, ...warningsBlock(plan)]);
  top.push(...highRiskBlock(plan, view));
  const warnings = warningsBlock(plan);
  const total = plan.changes.length;
  let budget = MARKDOWN_LIMIT - NOTE_RESERVE - size(top) - size(warnings);

  // The table, as many rows as fit.
  const table = [`| | Item | ${view.column} |`, "|---|---|---|"];
  budget -= size(table) + 1;
  let rows = 0;
  for (const change of plan.changes) {
    const row = tableRow(change, view);
    if (row.length + 1 > budget) break;
    table.push(row);
    budget -= row.length + 1;
    rows++;
  }
  table.push("");

  // The details, only when the whole table is there, as many changes as fit.
  const details: string[] = [];
  let detailed = 0;
  if (rows === total) {
    outer: for (const group of groups(plan.changes)) {
      const { open, blocks, close } = view.details(group.changes);
      const summary = `<details><summary>${group.label} · ${plural(group.changes.length, "change")}</summary>`;
      const start = [summary, "", ...open];
      const end = [...close, "", "</details>", ""];
      if (size(start) + size(end) + (blocks[0]?.length ?? 0) + 1 > budget) break;
      budget -= size(start) + size(end);
      details.push(...start);
      for (const [index, block] of blocks.entries()) {
        const needed = block.length + 1 + (index > 0 ? 1 : 0);
        if (needed > budget) {
          details.push(...end);
          break outer;
        }
        if (index > 0) details.push("");
        details.push(block);
        budget -= needed;
        detailed++;
      }
      details.push(...end);
    }
  }

  const lines = [...top, ...table, ...warnings, ...details];
  if (rows < total) {
    lines.push(
      `> [!NOTE]`,
      `> ${plural(total - rows, "change")} of ${total.toLocaleString("en-US")} left out, and all details, to keep this report under ${MARKDOWN_LIMIT.toLocaleString("en-US")} characters. Run \`${view.command}\` locally to see everything.`,
    );
  } else if (detailed < total) {
    lines.push(
      `> [!NOTE]`,
      `> Details of ${plural(total - detailed, "change")} of ${total.toLocaleString("en-US")} left out to keep this report under ${MARKDOWN_LIMIT.toLocaleString("en-US")} characters. Run \`${view.command}\` locally to see everything.`,
    );
  }
  return finish(lines);
}

function size(lines: string[]): number {
  return lines.reduce((sum, line) => sum + line.length + 1, 0);
}

function finish(lines: string[]): string {
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return `${lines.join("\n")}\n`;
}
