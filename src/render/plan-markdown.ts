// The plan as Markdown: the plan's View (render/markdown-report.ts renders it).

import type { Change, Plan } from "../model/plan.ts";
import { changeLines, changeParts } from "./change-parts.ts";
import { DESTRUCTIVE_HEADING } from "./groups.ts";
import { CELL_VALUE_MAX, clip, codeSpan, plural, prose } from "./markdown.ts";
import { renderReport, type View } from "./markdown-report.ts";
import { PLAN_WORDS, type ReportedKinds, summaryLine } from "./names.ts";
import { refusalMarkdownLines } from "./refusals.ts";

/** Where the whole plan is, when the report leaves changes out. */
export const WHOLE_PLAN_LOCALLY =
  "Run `docsync plan --format html` (or `docsync show --format html` on the saved plan) to see the whole plan.";

/**
 * A change's lines in a ```diff block: GitHub colours a line by its first character, so an
 * update's (and a move's) starts with `!`; the long form's values are indented below it.
 */
export function diffLines(change: Change, where: string | undefined): string[] {
  const { head, values } = changeLines(changeParts(change, where));
  const first = head.startsWith("~") || head.startsWith("↕") ? `!${head.slice(1)}` : head;
  return [first, ...values.map((value) => `      ${value}`)];
}

const PLAN_VIEW = (plan: Plan, whole: string, kinds: ReportedKinds | undefined): View => ({
  title: "docsync plan",
  summary: summaryLine(plan, kinds),
  words: PLAN_WORDS,
  highRisk: {
    heading: (count) =>
      `**${plural(count, "high-risk change")}**: these are hard to undo (deletes, replacements, risky settings). Check them before merging.`,
    item: (change) =>
      `**${change.action}** ${codeSpan(clip(change.address, CELL_VALUE_MAX), false)}${change.note ? ` (${prose(clip(change.note, CELL_VALUE_MAX), false)})` : ""}`,
  },
  lines: diffLines,
  navigation: true,
  whole,
  refusals: refusalMarkdownLines(plan),
  lead: DESTRUCTIVE_HEADING,
  brands: true,
  ...(kinds ? { kinds } : {}),
});

/**
 * The plan as Markdown; `whole` says where the whole plan is when the report leaves changes out,
 * `kinds` which kinds made it (default: the built-in kinds).
 */
export function renderPlanMarkdown(plan: Plan, whole = WHOLE_PLAN_LOCALLY, kinds?: ReportedKinds): string {
  return renderReport(plan, PLAN_VIEW(plan, whole, kinds));
}
