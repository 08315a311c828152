// The steps every command shares: load the configuration, read the live state, plan.

import type { LiveReader } from "../api/client-types.ts";
import { loadConfig } from "../config/load.ts";
import type { DesiredState } from "../config/types.ts";
import { type RecordedRead, recordingReader } from "../live/fingerprints.ts";
import { readLiveState } from "../live/read.ts";
import { buildPlan, type LiveState } from "../plan/build.ts";
import type { Plan } from "../plan/types.ts";
import type { CommandContext } from "./context.ts";

/** Where the configuration is when no -c is given. */
export const DEFAULT_CONFIG = ["docsync.yaml"];

export async function loadDesired(
  paths: string[] | undefined,
  context: CommandContext,
): Promise<DesiredState> {
  const desired = await loadConfig({
    paths: paths && paths.length > 0 ? paths : DEFAULT_CONFIG,
    env: context.env,
  });
  context.secrets.add(desired.sensitiveValues);
  context.observer?.configuration?.(desired);
  return desired;
}

export interface Planned {
  live: LiveState;
  plan: Plan;
  /** Every read the plan was made from, with fingerprints of what it returned. */
  reads: RecordedRead[];
}

export interface PlanningOptions {
  targets?: readonly string[];
  /** Fingerprint every read, for a saved plan (costs CPU on large organizations). */
  record?: boolean;
}

export async function planAgainstLive(
  client: LiveReader,
  desired: DesiredState,
  options: PlanningOptions = {},
): Promise<Planned> {
  const recording = options.record ? recordingReader(client) : undefined;
  const live = await readLiveState(recording?.reader ?? client, desired);
  const plan = buildPlan(desired, live, options.targets ? { targets: options.targets } : {});
  return { live, plan, reads: recording?.reads ?? [] };
}
