// docsync's benchmark: reading and planning a large organization against the emulator with
// injected latency, next to its critical-path bound and to a sequential run, measured in one
// run; then an apply that creates half of it and reorders the rest, next to the fewest writes;
// then the CPU time and memory of planning 100,000 redirects.   npm run bench

import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Output } from "../src/cli/output.ts";
import { runDocsync } from "../src/cli/program.ts";
import { startEmulator } from "../src/emulator/index.ts";
import { plainStyle } from "../src/render/style.ts";
import { configYaml, fullShape, GROUP_SIZE, halfShape, minimumWrites, REDIRECTS_PER_SITE, SECTIONS, SITES } from "./org-model.ts";

const LATENCY_MS = 20;
const PARALLELISM = 64;

const silent: Output = { out: () => {}, err: () => {}, style: plainStyle, interactive: false, ask: async () => "" };

const emulator = await startEmulator({ port: 0 });
const dir = await mkdtemp(join(tmpdir(), "docsync-bench-"));
const env = { DOCSYNC_API_URL: emulator.url, DOCSYNC_TOKEN: emulator.token, DOCSYNC_ORG: emulator.organizationId };

async function docsync(args: string[]): Promise<number> {
  let errors = "";
  const output = { ...silent, err: (text: string) => void (errors += text) };
  const code = await runDocsync(args, { output, env, exitCode: 0 });
  if (code !== 0 && code !== 2) throw new Error(`docsync ${args.join(" ")} failed (${code}): ${errors}`);
  return code;
}

async function timed(args: string[]): Promise<{ ms: number; reads: number; writes: number }> {
  emulator.resetLog();
  const started = performance.now();
  await docsync(args);
  const ms = performance.now() - started;
  const stats = emulator.stats();
  return { ms, reads: stats.reads, writes: stats.writes };
}

const rows: [string, string, string][] = [];
const row = (what: string, value: string, target: string) => rows.push([what, value, target]);

try {
  const half = halfShape();
  const full = fullShape();
  const halfConfig = join(dir, "half.yaml");
  const fullConfig = join(dir, "full.yaml");
  await writeFile(halfConfig, configYaml(half, false));
  await writeFile(fullConfig, configYaml(full, true));

  // The starting state, made without latency.
  await docsync(["apply", "-c", halfConfig, "--yes", "--parallelism", "32"]);

  emulator.setFaults({ latencyMs: LATENCY_MS });
  const apply = await timed(["apply", "-c", fullConfig, "--yes", "--parallelism", String(PARALLELISM)]);
  const minimum = minimumWrites(half, full, true);
  const minimumTotal = minimum.creates + minimum.moves;

  // Reading and planning the whole organization: no change left, every list read.
  const plan = await timed(["plan", "-c", fullConfig, "--parallelism", String(PARALLELISM), "--detailed-exitcode"]);
  const sequential = await timed(["plan", "-c", fullConfig, "--parallelism", "1", "--detailed-exitcode"]);
  // One page each (limit 1000): the sites, then per site its sections, groups and redirects.
  const listPages = 1 + SITES * 3;
  const chain = 2;
  const bound = chain * LATENCY_MS;

  row("organization", `${SITES} sites × ${SECTIONS} sections × 3 site spaces, ${SITES * REDIRECTS_PER_SITE} redirects, groups of ${GROUP_SIZE}`, "");
  row("read calls of a plan", `${plan.reads} (list pages: ${listPages})`, "= list pages");
  row("plan wall time, parallelism 64", `${plan.ms.toFixed(0)} ms`, "");
  row("critical-path bound", `${bound} ms (${chain} round trips × ${LATENCY_MS} ms)`, "");
  row("plan / bound", `${(plan.ms / bound).toFixed(2)}×`, "≤ 1.5×");
  row("plan wall time, parallelism 1", `${sequential.ms.toFixed(0)} ms`, "");
  row("sequential / parallel", `${(sequential.ms / plan.ms).toFixed(1)}×`, "≥ 6×");
  row("apply: write calls", `${apply.writes}`, "");
  row("apply: fewest writes", `${minimumTotal} (${minimum.creates} creates and settings, ${minimum.moves} moves)`, "= fewest");
  row("apply wall time, parallelism 64", `${(apply.ms / 1000).toFixed(1)} s`, "");
  if (plan.reads !== listPages) process.exitCode = 1;
  if (apply.writes !== minimumTotal) process.exitCode = 1;
} finally {
  await emulator.close();
  await rm(dir, { recursive: true, force: true });
}

// Planning 100,000 redirects, in a process of its own so its memory is its own.
const cpu = spawnSync(process.execPath, ["--import", "tsx", "bench/plan-cpu.ts"], { encoding: "utf8" });
if (cpu.status !== 0) throw new Error(`bench/plan-cpu.ts failed: ${cpu.stderr}`);
const planning = JSON.parse(cpu.stdout) as { redirects: number; cpuMs: number; maxRssMb: number; changes: number };
row(`plan ${planning.redirects.toLocaleString("en")} redirects: CPU`, `${planning.cpuMs.toFixed(0)} ms`, "< 1000 ms");
row(`plan ${planning.redirects.toLocaleString("en")} redirects: memory`, `${planning.maxRssMb.toFixed(0)} MB peak RSS`, "< 300 MB");

const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length), ["what", "measured", "target"][i]!.length));
const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
console.log(line(["what", "measured", "target"]));
console.log(line(widths.map((w) => "-".repeat(w))));
for (const r of rows) console.log(line(r));
