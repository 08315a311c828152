// Drift as Markdown: the same plan, read as how the live organization differs from the
// configuration, each differing value as live ⇒ configured (render/markdown-report.ts renders it).

import type { Plan } from "../model/plan.ts";
import { DRIFT_WORDS } from "./drift-text.ts";
import { CELL_VALUE_MAX, clip, codeSpan, plural } from "./markdown.ts";
import { renderReport, type View } from "./markdown-report.ts";
import type { ReportedKinds } from "./names.ts";
import { diffLines } from "./plan-markdown.ts";

/** "Drift: 4 items differ from the configuration: 1 missing, …" */
export function driftSummaryLine(plan: Plan): string {
  if (plan.changes.length === 0) return "No drift: the live organization matches the configuration.";
  // Every item that differs, a blocked one too: the plan's summary counts only what apply makes.
  const counts = { create: 0, update: 0, replace: 0, move: 0, delete: 0 };
  for (const change of plan.changes) counts[change.action]++;
  const { create, update, replace, move } = counts;
  const parts = [
    create > 0 ? `${create} missing from the live organization` : "",
    counts.delete > 0 ? `${counts.delete} live only` : "",
    update + replace > 0 ? `${update + replace} different` : "",
    move > 0 ? `${move} out of order` : "",
  ].filter((part) => part !== "");
  const items = plural(plan.changes.length, "item");
  return `Drift: ${items} ${plan.changes.length === 1 ? "differs" : "differ"} from the configuration: ${parts.join(", ")}.`;
}

const DRIFT_VIEW = (plan: Plan, kinds: ReportedKinds | undefined): View => ({
  title: "docsync drift",
  summary: driftSummaryLine(plan),
  legend:
    "Each line: `+` missing from the live organization, `-` live only, `!` differs (live ⇒ configured) or is out of order, `-/+` differs in a field that cannot change in place.",
  words: DRIFT_WORDS,
  highRisk: {
    heading: (count) =>
      `**Applying the configuration would make ${plural(count, "high-risk change")}**, which is hard to undo:`,
    item: (change) =>
      `**${change.action}** ${codeSpan(clip(change.address, CELL_VALUE_MAX), false)}${change.action === "delete" ? " (live only)" : ""}`,
  },
  lines: diffLines,
  navigation: false,
  whole: "Run `docsync drift` to see everything.",
  ...(kinds ? { kinds } : {}),
});

/** The plan read as drift: `create` is missing live, `delete` is live only, `update` differs. */
export function renderDriftMarkdown(plan: Plan, kinds?: ReportedKinds): string {
  return renderReport(plan, DRIFT_VIEW(plan, kinds));
}
