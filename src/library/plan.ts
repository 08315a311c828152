// plan() and drift(): the steps of `docsync plan` and `docsync drift` (src/cli/workflow.ts), with
// their results returned as data instead of printed.

import type { LiveReader } from "../api/client-types.ts";
import { parseTargets } from "../cli/target-address.ts";
import { planAgainstLive } from "../cli/workflow.ts";
import { type DriftReport, driftReport } from "../drift/report.ts";
import type { Plan } from "../model/plan.ts";
import { withRefusals } from "../plan/safety.ts";
import { redactPlan } from "../render/redact.ts";
import { type Session, withSession } from "./session.ts";
import type { DriftOptions, PlanOptions, PlanResult } from "./types.ts";

/** The plan that `docsync plan` would show: read the live organization, compare, return. */
export async function plan(options: PlanOptions): Promise<PlanResult> {
  return withSession(options, async (session) => {
    const planned = await livePlan(session, options);
    const policy = {
      maxDestroy: session.configuration.desired.policy.maxDestroy,
      allowDestroy: options.allowDestroy === true,
    };
    const safe = withRefusals(redactPlan(planned, session.secrets), policy);
    for (const message of safe.warnings) options.onEvent?.({ type: "warning", message });
    return planResult(safe);
  });
}

/** The plan of `session`'s configuration against the live organization (not yet redacted). */
export async function livePlan(
  session: Session,
  options: Pick<PlanOptions, "targets">,
  targetsMayBeGone = false,
): Promise<Plan> {
  const targets = options.targets?.length ? parseTargets(options.targets) : undefined;
  const { plan } = await planAgainstLive(session.client, session.configuration.desired, {
    ...(targets ? { targets, targetsMayBeGone } : {}),
    secrets: session.secrets,
  });
  return plan;
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
  return withSession(options, async ({ client, configuration, secrets }) => {
    // Read-only by construction: drift holds only the reading half of the client.
    const reader: LiveReader = {
      get: client.get.bind(client),
      list: client.list.bind(client),
      prepare: client.prepare.bind(client),
    };
    const { plan } = await planAgainstLive(reader, configuration.desired, { secrets });
    return driftReport(redactPlan(plan, secrets));
  });
}
