// The two ways an apply step ends without applying, and leaves a plan to approve instead: an
// approved plan refused because the plan for the live organization now makes other calls, and
// an apply step given no approved plan (and no auto-approve), which only plans. Either way the
// step fails, changes nothing, and its `saved-plan` output is the plan for now, to approve.

import { existsSync } from "node:fs";
import type { Made, PlanDifference } from "../engine/words.ts";
import type { Plan } from "../model/plan.ts";
import { summaryLine } from "../render/text.ts";
import type { Log } from "./log.ts";
import type { Result } from "./publish.ts";
import { applyReport, approvalReport, refusedReport } from "./report.ts";

/** What apply told the action, besides its text. */
export interface ApplyOutcome {
  made: Made;
  refused?: { difference: PlanDifference; current: Plan };
}

/** The saved plan, when docsync wrote one. */
const savedPlanOf = (file: string | undefined) =>
  file !== undefined && existsSync(file) ? { savedPlan: file } : {};

export function refusedResult(
  exitCode: number,
  refusal: NonNullable<ApplyOutcome["refused"]>,
  organization: string | undefined,
  savedPlan: string | undefined,
): Result {
  const { difference, current } = refusal;
  return {
    exitCode,
    changes: current.changes.length > 0,
    counted: current,
    made: { changes: 0, calls: 0 },
    report: refusedReport({ ...(organization ? { organization } : {}), difference, current }),
    ...savedPlanOf(savedPlan),
  };
}

export function approvalResult(
  plan: Plan,
  organization: string | undefined,
  savedPlan: string | undefined,
  log: Log,
): Result {
  const made = { changes: 0, calls: 0 };
  const where = organization ? { organization } : {};
  if (plan.changes.length === 0) {
    return {
      exitCode: 0,
      changes: false,
      counted: plan,
      made,
      report: applyReport({ ...where, exitCode: 0, log: "", error: "" }),
    };
  }
  log.command(
    "error",
    `No approved plan: ${summaryLine(plan)} Nothing was changed. Approve the plan (this step's saved-plan output) by applying it with the plan input, or set auto-approve: true to apply without approval.`,
  );
  return {
    exitCode: 1,
    changes: true,
    counted: plan,
    made,
    report: approvalReport({ ...where, plan }),
    ...savedPlanOf(savedPlan),
  };
}
