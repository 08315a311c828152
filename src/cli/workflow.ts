// The steps every command shares: load the configuration, read the live state, plan.

import { existsSync } from "node:fs";
import { join } from "node:path";
import type { LiveReader } from "../api/client-types.ts";
import { loadConfig } from "../config/load.ts";
import type { DesiredState } from "../config/types.ts";
import { DocsyncError } from "../errors.ts";
import { readLiveState } from "../live/read.ts";
import { sharedReads } from "../live/shared-reads.ts";
import { checkPlacedSpaces } from "../live/spaces.ts";
import type { Plan } from "../model/plan.ts";
import type { LiveState } from "../model/scope.ts";
import { buildPlan } from "../plan/build.ts";
import type { Redactor } from "../secrets/redactor.ts";
import type { CommandContext } from "./context.ts";
import { parseTargetAddress } from "./target-address.ts";

/** Where the configuration is when no -c is given: the first of these that exists here. */
export const DEFAULT_CONFIGS = ["docsync.yaml", "docsync.yml", "docsync"] as const;

/** The configuration found in `cwd` without -c: one of DEFAULT_CONFIGS, and only one. */
export function defaultConfig(cwd: string = process.cwd()): string[] {
  const found = DEFAULT_CONFIGS.filter((name) => existsSync(join(cwd, name)));
  if (found.length === 0) {
    throw new DocsyncError(
      "config.not-found",
      "No configuration: pass -c FILE or FOLDER, or run where docsync.yaml, docsync.yml or a docsync/ folder is.",
    );
  }
  if (found.length > 1) {
    throw new DocsyncError(
      "config.ambiguous",
      `Both ${found.join(" and ")} are here: pass -c to say which is the configuration.`,
    );
  }
  return found;
}

/** The -c paths given, or the configuration found here without them. */
export function configPaths(paths: string[] | undefined): string[] {
  return paths && paths.length > 0 ? paths : defaultConfig();
}

export async function loadDesired(
  paths: string[] | undefined,
  context: CommandContext,
): Promise<DesiredState> {
  const desired = await loadConfig({
    paths: configPaths(paths),
    env: context.env,
  });
  context.secrets.add(desired.sensitiveValues);
  context.observer?.configuration?.(desired);
  return desired;
}

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
