// The steps every command shares: load the configuration, read the live state, plan.

import type { LiveReader } from "../api/client-types.ts";
import { loadConfig } from "../config/load.ts";
import type { DesiredState } from "../config/types.ts";
import { type RecordedRead, recordingReader } from "../live/fingerprints.ts";
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
  /** Every read the plan was made from, with fingerprints of what it returned. */
  reads: RecordedRead[];
}

export async function planAgainstLive(
  client: LiveReader,
  desired: DesiredState,
  targets: readonly string[] = [],
): Promise<Planned> {
  const { reader, reads } = recordingReader(client);
  const live = await readLiveState(reader, desired);
  return { live, plan: buildPlan(desired, live, { targets }), reads };
}
