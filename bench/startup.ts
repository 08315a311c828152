// Start-up of the built CLI next to `node -e 0`, measured in the same run and interleaved, so
// that the ratio holds on whatever machine runs it: the median wall time of each, over rounds.

import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { buildCli, buildPackage } from "../scripts/build.ts";

const ROOT = join(import.meta.dirname, "..");

export interface Startup {
  nodeMs: number;
  versionMs: number;
  validateMs: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

function time(args: string[], options: { env?: NodeJS.ProcessEnv } = {}): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, { encoding: "utf8", cwd: ROOT, ...options });
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`node ${args.join(" ")} failed: ${result.stderr}`);
  return ms;
}

export async function measureStartup(rounds = 21): Promise<Startup> {
  // The build of the sources as they are: what the package would run.
  await buildPackage();
  const runs = {
    node: ["-e", "0"],
    version: ["dist/cli.js", "--version"],
    validate: ["dist/cli.js", "validate", "-c", "examples/organization"],
  };
  const times: Record<keyof typeof runs, number[]> = { node: [], version: [], validate: [] };
  for (const args of Object.values(runs)) time(args); // warm the file cache
  for (let round = 0; round < rounds; round++) {
    for (const [name, args] of Object.entries(runs)) times[name as keyof typeof runs].push(time(args));
  }
  return { nodeMs: median(times.node), versionMs: median(times.version), validateMs: median(times.validate) };
}

export interface FreshPlan {
  nodeMs: number;
  planMs: number;
}

/**
 * `docsync plan` of `config` in a fresh process of the built CLI, next to `node -e 0`, interleaved:
 * the medians over `rounds`. What it takes over node's own start-up is docsync's loading, reading
 * and planning, to set beside the in-process floor (critical path, parsing and planning).
 */
export async function measureFreshPlan(
  config: string,
  env: Record<string, string>,
  parallelism: number,
  rounds = 5,
): Promise<FreshPlan> {
  await buildCli(join(ROOT, "dist"));
  const options = { env: { ...process.env, ...env } };
  const plan = ["dist/cli.js", "plan", "-c", config, "--parallelism", String(parallelism)];
  const times = { node: [] as number[], plan: [] as number[] };
  time(plan, options); // warm the file cache and the service's rendered answers
  for (let round = 0; round < rounds; round++) {
    times.node.push(time(["-e", "0"], options));
    times.plan.push(time(plan, options));
  }
  return { nodeMs: median(times.node), planMs: median(times.plan) };
}

/** The row of a fresh-process plan: its time over node's, as a multiple of the floor. */
export function freshPlanRow(fresh: FreshPlan, floorMs: number): [string, string, string] {
  const over = fresh.planMs - fresh.nodeMs;
  return [
    "plan in a fresh process (built CLI)",
    `${fresh.planMs.toFixed(0)} ms = node ${fresh.nodeMs.toFixed(0)} ms + ${(over / floorMs).toFixed(2)}× the floor (${floorMs.toFixed(0)} ms)`,
    "≤ node + 1.5× floor",
  ];
}
