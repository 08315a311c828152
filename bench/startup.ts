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
  /** `node -e 0`: Node.js's own start-up, which docsync cannot go below. */
  nodeMs: number;
  /** `docsync plan` of the configuration, at the parallelism of the in-process measure. */
  planMs: number;
  /** `docsync validate` of the same configuration: start-up, loading and validating it. */
  validateMs: number;
}

/**
 * `docsync plan` of `config` in a fresh process of the built CLI (what a CI job pays), next to
 * `node -e 0` and to `docsync validate` of the same file, interleaved: the medians over `rounds`.
 * What plan takes over node's own start-up is docsync's loading, reading and planning, to set
 * beside the in-process floor (critical path, parsing and planning); validate's share of it is
 * the configuration's, which the floor leaves out.
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
  const validate = ["dist/cli.js", "validate", "-c", config];
  const times = { node: [] as number[], plan: [] as number[], validate: [] as number[] };
  time(plan, options); // warm the file cache and the service's rendered answers
  for (let round = 0; round < rounds; round++) {
    times.node.push(time(["-e", "0"], options));
    times.plan.push(time(plan, options));
    times.validate.push(time(validate, options));
  }
  return { nodeMs: median(times.node), planMs: median(times.plan), validateMs: median(times.validate) };
}

/**
 * The rows of a fresh-process plan: its time, node's start-up, and what is over node's as a
 * multiple of the in-process floor, the target being node + 1.5× the floor.
 */
export function freshPlanRows(fresh: FreshPlan, floorMs: number): [string, string, string][] {
  const over = fresh.planMs - fresh.nodeMs;
  const limit = fresh.nodeMs + 1.5 * floorMs;
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  return [
    [
      "plan in a fresh process (built CLI)",
      `${ms(fresh.planMs)} (median of interleaved runs; node -e 0 beside it: ${ms(fresh.nodeMs)})`,
      `≤ node + 1.5× floor = ${ms(limit)}`,
    ],
    [
      "fresh plan over node's start-up / floor",
      `${(over / floorMs).toFixed(2)}× (${ms(over)} over node ÷ floor ${ms(floorMs)}); of it, validate of the same file ${ms(fresh.validateMs - fresh.nodeMs)} over node`,
      "≤ 1.5×",
    ],
  ];
}
