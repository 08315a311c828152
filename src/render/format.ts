// The output formats of a plan. Every format gets the plan already redacted.

import type { Plan } from "../model/plan.ts";
import { DESTRUCTIVE_HEADING } from "./groups.ts";
import { renderHtml } from "./html.ts";
import { PLAN_WORDS, type ReportedKinds, summaryLine } from "./names.ts";
import { planJson } from "./plan-json.ts";
import { renderPlanMarkdown, WHOLE_PLAN_LOCALLY } from "./plan-markdown.ts";
import type { Style } from "./style.ts";
import { renderPlanText } from "./text.ts";

export const FORMATS = ["text", "markdown", "json", "html"] as const;
export type Format = (typeof FORMATS)[number];

/** How the tree's marks read, on the HTML page. */
const PLAN_LEGEND = "+ new, - removed, ↕ moved, ~ renamed or changed; the rest is as it is now.";

/** The plan as one self-contained HTML page; `kinds`: those of the run that made it. */
export function renderPlanHtml(plan: Plan, kinds?: ReportedKinds): string {
  return renderHtml(plan, {
    title: "docsync plan",
    summary: summaryLine(plan, kinds),
    words: PLAN_WORDS,
    legend: PLAN_LEGEND,
    lead: DESTRUCTIVE_HEADING,
    brands: true,
    ...(kinds ? { kinds } : {}),
  });
}

/** The plan in `format`; `kinds`: those of the run that made it (default: the built-in kinds). */
export function renderPlan(plan: Plan, format: Format, style: Style, kinds?: ReportedKinds): string {
  switch (format) {
    case "text":
      return renderPlanText(plan, style, kinds);
    case "markdown":
      return renderPlanMarkdown(plan, WHOLE_PLAN_LOCALLY, kinds);
    case "json":
      return planJson(plan);
    case "html":
      return renderPlanHtml(plan, kinds);
  }
}
