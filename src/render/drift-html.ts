// Drift as one self-contained HTML page: the plan's page, read as how the live organization
// differs from the configuration.

import type { Plan } from "../model/plan.ts";
import { driftSummaryLine } from "./drift-markdown.ts";
import { DRIFT_LEGEND, DRIFT_WORDS } from "./drift-text.ts";
import { renderHtml } from "./html.ts";
import type { ReportedKinds } from "./names.ts";

/** Drift as a page; `kinds`: those of the run that read it (default: the built-in kinds). */
export function renderDriftHtml(plan: Plan, kinds?: ReportedKinds): string {
  return renderHtml(plan, {
    title: "docsync drift",
    summary: driftSummaryLine(plan),
    words: DRIFT_WORDS,
    legend: DRIFT_LEGEND,
    ...(kinds ? { kinds } : {}),
  });
}
