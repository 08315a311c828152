// The steps every command shares: load the configuration, read the live state, plan.

import type { ApiClient } from "../api/client-types.ts";
import { loadConfig } from "../config/load.ts";
import type { DesiredState } from "../config/types.ts";
import { readLiveState } from "../live/read.ts";
import { buildPlan, type LiveState } from "../plan/build.ts";
import type { Plan } from "../plan/types.ts";

/** Where the configuration is when no -c is given. */
export const DEFAULT_CONFIG = ["docsync.yaml"];

export function loadDesired(paths: string[] | undefined, env: NodeJS.ProcessEnv): Promise<DesiredState> {
  return loadConfig({ paths: paths && paths.length > 0 ? paths : DEFAULT_CONFIG, env });
}

export interface Planned {
  live: LiveState;
  plan: Plan;
}

export async function planAgainstLive(client: ApiClient, desired: DesiredState): Promise<Planned> {
  const live = await readLiveState(client, desired);
  return { live, plan: buildPlan(desired, live) };
}
