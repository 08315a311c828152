// The Markdown report of a plan or of drift (each a View of a plan), for pull-request comments
// and job summaries: a heading and the summary line, high-risk changes and warnings called
// out, the navigation of each site the plan changes as a tree, then the changes: one section
// per site (and one for the organization's own items), one list per kind, each change one
// line with its values when it fits. Long lists fold in <details>.
//
// The report stays under MARKDOWN_LIMIT characters. When every change does not fit, the longest
// lists are cut to the same length, each says how many it leaves out, and a closing note says
// how many changes were left out in all and where the whole plan is: never silently.

import type { Change, ChangeAction, Plan } from "../model/plan.ts";
import { brandChanges } from "./brands.ts";
import { type ChangeGroup, changeGroups, type KindList, listSummary, riskFirst, whereIn } from "./groups.ts";
import {
  CELL_VALUE_MAX,
  clip,
  codeSpan,
  DETAIL_VALUE_MAX,
  escapeHtml,
  escapeMarkdown,
  fenceFor,
  MARKDOWN_LIMIT,
  plural,
  prose,
} from "./markdown.ts";
import { brandBlock } from "./markdown-brand.ts";
import { printable, type ReportedKinds } from "./names.ts";
import { navigationRows } from "./tree.ts";

/** What a report says, and how, about the changes of its plan. */
export interface View {
  title: string;
  summary: string;
  /** Markdown under the summary that says how to read the lines (drift: live ⇒ configured). */
  legend?: string;
  /** What each action is called in the lists' summaries (`to create`, `missing`). */
  words: Record<ChangeAction, string>;
  highRisk: { heading(count: number): string; item(change: Change): string };
  /** The lines of one change in a ```diff block: its first line starts with its mark. */
  lines(change: Change, where: string | undefined): string[];
  /** Whether the report draws the navigation of the sites it changes. */
  navigation: boolean;
  /** Markdown that says where the whole plan is, for the note when changes are left out. */
  whole: string;
  /** Lines that come first under the heading (what apply will refuse). */
  refusals?: string[];
  /**
   * The heading of the changes hard to undo (deletes, replacements, high-risk changes), which
   * then lead the report, open, never folded; without it they stand in their lists.
   */
  lead?: string;
  /** Whether the edits of a brand read as one change each, before the sites' own changes. */
  brands?: boolean;
  /** The kinds of the run that made the plan; default: the built-in kinds. */
  kinds?: ReportedKinds;
}

/** Lists of more changes than this are folded. */
const OPEN_MAX = 10;
/** High-risk changes and warnings listed at the top before "and N more". */
const LIST_MAX = 25;
/** Rows of one navigation's tree. */
const TREE_ROWS_MAX = 150;
/** Room kept for the closing note. */
const NOTE_RESERVE = 600;

const size = (lines: readonly string[]): number => lines.reduce((sum, line) => sum + line.length + 1, 0);

/** A fenced ```diff block of lines that none of them can close. */
function diffBlock(lines: readonly string[]): string[] {
  const clipped = lines.map((line) => clip(line, DETAIL_VALUE_MAX));
  const fence = fenceFor(clipped.join("\n"));
  return [`${fence}diff`, ...clipped, fence];
}

function heading(view: View, plan: Plan): string[] {
  const lines = [
    `### ${view.title} · organization ${codeSpan(clip(plan.organization, CELL_VALUE_MAX), false)}`,
    "",
    `**${escapeMarkdown(view.summary)}**`,
    "",
  ];
  if (view.legend && plan.changes.length > 0) lines.push(view.legend, "");
  return lines;
}

function highRiskBlock(plan: Plan, view: View): string[] {
  const risky = plan.changes.filter((change) => change.highRisk);
  if (risky.length === 0) return [];
  const lines = ["> [!CAUTION]", `> ${view.highRisk.heading(risky.length)}`, ">"];
  for (const change of risky.slice(0, LIST_MAX)) lines.push(`> - ${view.highRisk.item(change)}`);
  if (risky.length > LIST_MAX)
    lines.push(`> - … and ${risky.length - LIST_MAX} more, marked HIGH RISK below`);
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

const DIFF_MARKS: Record<string, string> = { "+": "+", "-": "-", "↕": "!", "~": "!", " ": " " };

/** The navigations' trees, as many as fit in `budget`; a line counts those left out. */
function navigationBlocks(plan: Plan, view: View, budget: number): string[] {
  if (!view.navigation) return [];
  const lines: string[] = [];
  const navigations = plan.navigation ?? [];
  for (const [index, navigation] of navigations.entries()) {
    const rows = navigationRows(navigation, view.kinds).map((row) => {
      const notes = row.notes.length > 0 ? `  (${row.notes.join(", ")})` : "";
      return `${DIFF_MARKS[row.mark]} ${row.prefix}${row.text}${notes}`;
    });
    const shown = rows.slice(0, TREE_ROWS_MAX);
    if (rows.length > shown.length) shown.push(`  … ${plural(rows.length - shown.length, "more item")}`);
    const block = [
      `#### Navigation of ${codeSpan(clip(navigation.address, CELL_VALUE_MAX), false)} after this plan`,
      "",
      ...diffBlock(shown),
      "",
    ];
    if (size(lines) + size(block) > budget) {
      const left = navigations.length - index;
      lines.push(`The navigation of ${plural(left, "more site")} is left out of this report.`, "");
      break;
    }
    lines.push(...block);
  }
  return lines;
}

/** A list of one kind's changes, cut to `cap` of them, folded when long. */
function listBlock(list: KindList, view: View, cap: number): { lines: string[]; left: number } {
  const body = list.changes.slice(0, cap).flatMap((change) => view.lines(change, whereIn(change)));
  const left = Math.max(list.changes.length - cap, 0);
  if (left > 0) body.push(moreLine(left));
  const open = list.changes.length <= OPEN_MAX ? " open" : "";
  const summary = `<details${open}><summary>${escapeHtml(listSummary(list, view.words, view.kinds))}</summary>`;
  return { lines: [summary, "", ...diffBlock(body), "", "</details>", ""], left };
}

/**
 * The changes hard to undo, each with where it is, in one open block before everything but the
 * callouts: never folded, cut only past `budget`, and then counted.
 */
function leadBlock(
  changes: readonly Change[],
  view: View,
  budget: number,
): { lines: string[]; left: number } {
  if (changes.length === 0 || view.lead === undefined) return { lines: [], left: 0 };
  const head = [`#### ${escapeMarkdown(view.lead)} · ${plural(changes.length, "change")}`, ""];
  const body: string[] = [];
  let shown = 0;
  for (const change of changes) {
    const lines = view.lines(change, placeOf(change));
    if (size(head) + size(body) + size(lines) + 200 > budget) break;
    body.push(...lines);
    shown++;
  }
  const left = changes.length - shown;
  if (left > 0) body.push(moreLine(left));
  return { lines: [...head, ...diffBlock(body), ""], left };
}

/** Where a change is, in full (`site "Docs" › section "api"`): the lead block has no headings. */
function placeOf(change: Change): string | undefined {
  const parent = change.parents?.[change.parents.length - 1];
  return parent === undefined ? undefined : printable(parent);
}

const moreLine = (left: number) => `  … and ${left.toLocaleString("en-US")} more, left out of this report`;

/** A group's sections: its heading, its own change, and its lists, each cut to `cap` changes. */
function groupBlock(
  group: ChangeGroup,
  plan: Plan,
  view: View,
  cap: number,
): { lines: string[]; left: number } {
  const title =
    group.address === undefined
      ? `Organization ${codeSpan(clip(plan.organization, CELL_VALUE_MAX), false)}`
      : codeSpan(clip(group.address, CELL_VALUE_MAX), false);
  const lines = [`#### ${title} · ${plural(group.count, "change")}`, ""];
  if (group.own) lines.push(...diffBlock(view.lines(group.own, undefined)), "");
  let left = 0;
  for (const list of group.lists) {
    const block = listBlock(list, view, cap);
    lines.push(...block.lines);
    left += block.left;
  }
  return { lines, left };
}

/**
 * The size of the groups' sections with every list cut to `cap` changes, counted from each
 * change's lines rather than made: a plan may hold 100,000 changes, and many cuts are tried.
 * It is never below the size of what groupBlock makes (a fence is counted at its longest).
 */
function sizeWithCap(groups: readonly ChangeGroup[], plan: Plan, view: View): (cap: number) => number {
  const fixed = groups.reduce(
    (sum, group) => sum + size(groupBlock({ ...group, lists: [] }, plan, view, 0).lines),
    0,
  );
  const lists = groups
    .flatMap((group) => group.lists)
    .map((list) => {
      const prefix = [0];
      const all: string[] = [];
      for (const change of list.changes) {
        const lines = view.lines(change, whereIn(change)).map((line) => clip(line, DETAIL_VALUE_MAX));
        all.push(...lines);
        prefix.push(prefix[prefix.length - 1]! + size(lines));
      }
      const longerFence = 2 * (fenceFor(all.join("\n")).length - 3);
      const empty = size(listBlock({ ...list, changes: [] }, view, 0).lines) + longerFence;
      return { count: list.changes.length, prefix, empty };
    });
  return (cap) =>
    lists.reduce((sum, list) => {
      const shown = Math.min(cap, list.count);
      const more = list.count > shown ? moreLine(list.count - shown).length + 1 : 0;
      return sum + list.empty + list.prefix[shown]! + more;
    }, fixed);
}

export function renderReport(plan: Plan, shown: View): string {
  // Each change's lines are made once, however many cuts are tried.
  const made = new Map<Change, string[]>();
  const view: View = {
    ...shown,
    lines(change, where) {
      let lines = made.get(change);
      if (!lines) {
        lines = shown.lines(change, where);
        made.set(change, lines);
      }
      return lines;
    },
  };
  const callouts = [
    ...heading(view, plan),
    ...(view.refusals ?? []),
    ...highRiskBlock(plan, view),
    ...warningsBlock(plan),
  ];
  if (plan.changes.length === 0) return finish(callouts);
  const { brands, rest: unbranded } = view.brands
    ? brandChanges(plan.changes)
    : { brands: [], rest: plan.changes };
  // What is hard to undo comes first, open, whatever the size of the rest.
  const { destructive, rest } =
    view.lead === undefined ? { destructive: [], rest: unbranded } : riskFirst(unbranded);
  const lead = leadBlock(destructive, view, (MARKDOWN_LIMIT - size(callouts)) / 2);
  const top = [...callouts, ...lead.lines, ...brands.flatMap(brandBlock)];
  const navigation = navigationBlocks(plan, view, (MARKDOWN_LIMIT - size(top)) / 2);
  const groups = changeGroups(rest, view.kinds);
  const budget = MARKDOWN_LIMIT - NOTE_RESERVE - size(top) - size(navigation);
  const render = (cap: number) => {
    const blocks = groups.map((group) => groupBlock(group, plan, view, cap));
    return { lines: blocks.flatMap((block) => block.lines), left: blocks.reduce((n, b) => n + b.left, 0) };
  };
  const longest = Math.max(...groups.flatMap((group) => group.lists.map((list) => list.changes.length)), 0);
  if (groups.length === 0) return finish([...top, ...navigation]);
  const sizeAt = sizeWithCap(groups, plan, view);
  // The longest cap that fits, found by halving: every list keeps as many changes as it can.
  let low = 0;
  let high = longest;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (sizeAt(middle) <= budget) low = middle;
    else high = middle - 1;
  }
  const body = render(low);
  const lines = [...top, ...navigation, ...body.lines];
  const left = body.left + lead.left;
  if (left > 0) {
    const total = plan.changes.length.toLocaleString("en-US");
    lines.push(
      "> [!NOTE]",
      `> ${plural(left, "change")} of ${total} ${left === 1 ? "is" : "are"} left out of this report to keep it under ${MARKDOWN_LIMIT.toLocaleString("en-US")} characters. ${view.whole}`,
    );
  }
  return finish(lines);
}

function finish(lines: string[]): string {
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return `${lines.join("\n")}\n`;
}
