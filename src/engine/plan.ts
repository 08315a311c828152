// Planning: read the live state the configuration names and compare (the step every operation
// shares), the plan shown for review with what apply would refuse, and drift.

import type { LiveReader } from "../api/client-types.ts";
import type { DesiredState } from "../config/types.ts";
import { type DriftReport, driftReport } from "../drift/report.ts";
import { readLiveState } from "../live/read.ts";
import { sharedReads } from "../live/shared-reads.ts";
import { checkPlacedSpaces } from "../live/spaces.ts";
import type { Address } from "../model/address.ts";
import type { Plan } from "../model/plan.ts";
import type { LiveState } from "../model/scope.ts";
import { buildPlan } from "../plan/build.ts";
import { asPlanRefusal, withRefusals } from "../plan/safety.ts";
import { redactPlan } from "../render/redact.ts";
import type { Session } from "./session.ts";

export interface Planned {
  live: LiveState;
  plan: Plan;
}

export interface PlanningOptions {
  /** Only these items, what is below them and what they need (parsed `--target` addresses). */
  targets?: readonly Address[];
  /** A target may name nothing any more (the check after an apply that deleted it). */
  targetsMayBeGone?: boolean;
  /** Read with only the reading half of the client (drift). */
  readOnly?: boolean;
}

/** The reading half of a client: what drift holds, read-only by construction. */
const readerOf = (session: Session): LiveReader => ({
  get: session.client.get.bind(session.client),
  list: session.client.list.bind(session.client),
  prepare: session.client.prepare.bind(session.client),
});

/** The plan of `desired` against the live organization (not yet redacted), and the live state read. */
export async function planLive(
  session: Session,
  desired: DesiredState,
  options: PlanningOptions = {},
): Promise<Planned> {
  const { targets } = options;
  const client = options.readOnly ? readerOf(session) : session.client;
  // One run: its reader and its planner share a memo, and nothing with another run.
  const run = sharedReads(client);
  const live = await readLiveState(run, desired);
  const plan = buildPlan(desired, live, {
    run,
    ...(targets ? { targets, targetsMayBeGone: options.targetsMayBeGone === true } : {}),
    // To learn the previous values of sensitive fields that the plan leaves out.
    secrets: session.secrets,
  });
  await checkPlacedSpaces(client, desired, plan);
  return { live, plan };
}

export interface Review {
  /** The plan as made (for a saved plan: its calls hold the sensitive values). */
  plan: Plan;
  /** The plan to show: redacted, with what apply would refuse (policy.maxDestroy, protect). */
  safe: Plan;
}

/** The plan of `docsync plan`: what apply would refuse is judged as apply judges it. */
export async function planForReview(
  session: Session,
  desired: DesiredState,
  options: { targets?: readonly Address[]; allowDestroy: boolean },
): Promise<Review> {
  const { plan } = await planLive(
    session,
    desired,
    options.targets ? { targets: options.targets } : {},
  ).catch(asPlanRefusal);
  const policy = { maxDestroy: desired.policy.maxDestroy, allowDestroy: options.allowDestroy };
  const safe = withRefusals(redactPlan(plan, session.secrets), policy);
  for (const message of safe.warnings) session.emit({ type: "warning", message });
  return { plan, safe };
}

export interface Drift {
  /** The redacted plan the report reads the other way round. */
  safe: Plan;
  report: DriftReport;
}

/** How the live organization differs from the configuration, read with the reading half of the client. */
export async function driftOf(session: Session, desired: DesiredState): Promise<Drift> {
  const { plan } = await planLive(session, desired, { readOnly: true });
  const safe = redactPlan(plan, session.secrets);
  return { safe, report: driftReport(safe) };
}
