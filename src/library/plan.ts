// plan() and drift(): the engine's plan for review and drift, with their results returned as data.

import type { DriftReport } from "../drift/report.ts";
import { driftOf, planForReview } from "../engine/index.ts";
import { parseTargets } from "../front/target-address.ts";
import type { Plan } from "../model/plan.ts";
import { withSession } from "./session.ts";
import type { DriftOptions, PlanOptions, PlanResult } from "./types.ts";

/** The plan that `docsync plan` would show: read the live organization, compare, return. */
export async function plan(options: PlanOptions): Promise<PlanResult> {
  return withSession(options, async ({ engine, configuration }) => {
    const { safe } = await planForReview(engine, configuration.desired, {
      ...targetsOf(options),
      allowDestroy: options.allowDestroy === true,
    });
    return planResult(safe);
  });
}

/** The `targets` option, parsed as `--target` is. */
export function targetsOf(options: Pick<PlanOptions, "targets">) {
  const targets = options.targets?.length ? parseTargets(options.targets) : undefined;
  return targets ? { targets } : {};
}

export function planResult(plan: Plan): PlanResult {
  return {
    plan,
    organization: plan.organization,
    summary: plan.summary,
    changes: plan.changes,
    warnings: plan.warnings,
    refusals: plan.refusals ?? [],
    hasChanges: plan.changes.length > 0,
  };
}

/** How the live organization differs from the configuration, as `docsync drift --format json`. */
export async function drift(options: DriftOptions): Promise<DriftReport> {
  return withSession(options, async ({ engine, configuration }) => {
    const { report } = await driftOf(engine, configuration.desired);
    return report;
  });
}
