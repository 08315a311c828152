// Start-up of the built CLI next to `node -e 0`, measured in the same run and interleaved, so
// that the ratio holds on whatever machine runs it: the median wall time of each, over rounds.

import { spawnSync } from "node:child_process";
import { buildPackage } from "../scripts/build.ts";

export interface Startup {
  nodeMs: number;
  versionMs: number;
  validateMs: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

function time(args: string[]): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, { encoding: "utf8" });
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
