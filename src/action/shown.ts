// What plan and drift showed, as the step hands it back: the plan or the drift report as data
// (already redacted; redacted again all the same), as text in the log, Markdown in the report,
// JSON in the plan file and HTML.

import { planOfDrift } from "../engine/words.ts";
import { json } from "../front/json-reports.ts";
import { renderDriftHtml } from "../render/drift-html.ts";
import { driftSummaryLine, renderDriftMarkdown } from "../render/drift-markdown.ts";
import { renderDriftText } from "../render/drift-text.ts";
import { renderPlanHtml } from "../render/format.ts";
import { planJson } from "../render/plan-json.ts";
import { renderPlanMarkdown } from "../render/plan-markdown.ts";
import { plainStyle } from "../render/style.ts";
import { renderPlanText, summaryLine } from "../render/text.ts";
import { approvalResult } from "./approval.ts";
import { getInput } from "./inputs.ts";
import { type Log, printGroup } from "./log.ts";
import { wholePlanNote } from "./provenance.ts";
import type { Result } from "./publish.ts";
import type { Shown } from "./seen.ts";

export interface ShownStep {
  exitCode: number;
  organization: string | undefined;
  savedPlan: string | undefined;
  forApproval: boolean;
}

export function shownResult(shown: Shown, step: ShownStep, env: NodeJS.ProcessEnv, log: Log): Result {
  const { exitCode, organization, savedPlan } = step;
  if (shown.command === "plan") {
    const plan = log.secrets.redactValue(shown.plan);
    printGroup(log, `docsync plan: ${summaryLine(plan)}`, renderPlanText(plan, plainStyle));
    for (const warning of plan.warnings) log.command("warning", warning);
    if (step.forApproval) return approvalResult(plan, organization, savedPlan, log);
    return {
      exitCode,
      changes: plan.changes.length > 0,
      report: renderPlanMarkdown(plan, wholePlanNote(env, getInput(env, "artifact"))),
      planJson: planJson(plan),
      html: renderPlanHtml(plan),
      headline: summaryLine(plan),
      counted: plan,
      ...(savedPlan ? { savedPlan } : {}),
    };
  }
  const report = log.secrets.redactValue(shown.drift);
  const asPlan = planOfDrift(report);
  printGroup(log, `docsync drift: ${driftSummaryLine(asPlan)}`, renderDriftText(report, plainStyle));
  for (const warning of report.warnings) log.command("warning", warning);
  return {
    exitCode,
    changes: report.drifted,
    report: renderDriftMarkdown(asPlan),
    planJson: json(report),
    html: renderDriftHtml(asPlan),
    headline: driftSummaryLine(asPlan),
    counted: asPlan,
  };
}
