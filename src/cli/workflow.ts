// The steps every command shares: load the configuration (configuration.ts), read the live state, plan.

import type { LiveReader } from "../api/client-types.ts";
import type { DesiredState } from "../config/types.ts";
import { readLiveState } from "../live/read.ts";
import { sharedReads } from "../live/shared-reads.ts";
import { checkPlacedSpaces } from "../live/spaces.ts";
import type { Plan } from "../model/plan.ts";
import type { LiveState } from "../model/scope.ts";
import { buildPlan } from "../plan/build.ts";
import type { Redactor } from "../secrets/redactor.ts";
import { parseTargetAddress } from "./target-address.ts";

export { configPaths, DEFAULT_CONFIGS, defaultConfig, loadDesired } from "./configuration.ts";

export interface Planned {
  live: LiveState;
  plan: Plan;
}

export interface PlanningOptions {
  targets?: readonly string[];
  /** A target may name nothing any more (the check after an apply that deleted it). */
  targetsMayBeGone?: boolean;
  /** The run's redactor, to learn the previous values of sensitive fields that the plan leaves out. */
  secrets?: Redactor;
}

export async function planAgainstLive(
  client: LiveReader,
  desired: DesiredState,
  options: PlanningOptions = {},
): Promise<Planned> {
  // Before any read: a malformed --target is a usage error, not something to look up.
  const targets = options.targets?.map(parseTargetAddress);
  // One run: its reader and its planner share a memo, and nothing with another run.
  const run = sharedReads(client);
  const live = await readLiveState(run, desired);
  const plan = buildPlan(desired, live, {
    run,
    ...(targets ? { targets, targetsMayBeGone: options.targetsMayBeGone === true } : {}),
    ...(options.secrets ? { secrets: options.secrets } : {}),
  });
  await checkPlacedSpaces(client, desired, plan);
  return { live, plan };
}
