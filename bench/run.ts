// docsync's benchmark: reading and planning a large organization against the emulator with
// injected latency, and against a server that replays the emulator's answers at no cost, next
// to its critical-path bound and to a sequential run, measured in one run; then an apply that
// creates half of it and reorders the rest, next to the fewest writes;
// then the CPU time and memory of planning 100,000 redirects, and of loading and validating a
// configuration of 100,000 redirects next to JSON.parse of the same data, and of hostile files
// (one long line, deep nesting, aliases) next to their size; then an apply of
// redirects under a rate limit, next to the ideal pacing.   npm run bench

import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runDocsync } from "../src/cli/program.ts";
import { loadConfig } from "../src/config/load.ts";
import { type LoadBench, loadRows } from "./config-load.ts";
import { settle, startEmulatorProcess } from "./emulator-process.ts";
import { type HostileMeasure, hostileRows } from "./hostile-config.ts";
import {
  configYaml,
  FLAT_SITES,
  fullShape,
  GROUP_SIZE,
  halfShape,
  minimumWrites,
  ORGANIZATION,
  REDIRECTS_PER_SITE,
  SECTIONS,
  SITES,
  SPACE_SETTINGS,
} from "./org-model.ts";
import {
  comparedRows,
  emulatorAndReplay,
  floorOf,
  LATENCY_MS,
  PARALLELISM,
  readAndPlan,
  type Service,
  silent,
} from "./read-plan.ts";
import { freshPlanRows, measureFreshPlan, measureStartup } from "./startup.ts";

/** Runs of read + plan against the emulator and against the replay server, alternated. */
const ROUNDS = 5;

const rows: [string, string, string][] = [];
const row = (what: string, value: string, target: string) => rows.push([what, value, target]);
const token = randomBytes(16).toString("hex");
const emulator = await startEmulatorProcess(token, LATENCY_MS);
const dir = await mkdtemp(join(tmpdir(), "docsync-bench-"));
const env = { DOCSYNC_API_URL: emulator.url, DOCSYNC_TOKEN: token, DOCSYNC_ORG: "org_acme" };
const service: Service = { url: emulator.url, token, env };

async function apply(config: string): Promise<number> {
  let errors = "";
  const output = {
    ...silent,
    err: (text: string) => {
      errors += text;
    },
  };
  const started = performance.now();
  const code = await runDocsync(["apply", "-c", config, "--yes", "--parallelism", String(PARALLELISM)], {
    output,
    env,
    exitCode: 0,
  });
  if (code !== 0) throw new Error(`docsync apply failed (${code}): ${errors}`);
  return performance.now() - started;
}

try {
  const half = halfShape();
  const full = fullShape();
  const halfConfig = join(dir, "half.yaml");
  const fullConfig = join(dir, "full.yaml");
  await writeFile(halfConfig, configYaml(half, false));
  await writeFile(fullConfig, configYaml(full, true, FLAT_SITES));

  await apply(halfConfig);
  await settle();
  emulator.take();
  const applyMs = await apply(fullConfig);
  await settle();
  const applied = emulator.take();
  const minimum = minimumWrites(half, full, true, FLAT_SITES);
  const minimumTotal = minimum.creates + minimum.moves;

  const loadStarted = performance.now();
  await loadConfig({ paths: [fullConfig], env });
  const loadMs = performance.now() - loadStarted;
  // Warm up once (JIT, connections, the emulator's rendered items), count the reads of one plan,
  // then measure each way in the same run.
  await readAndPlan(service, fullConfig, PARALLELISM);
  await settle();
  emulator.take();
  await readAndPlan(service, fullConfig, PARALLELISM);
  await settle();
  const reads = emulator.take().reads;
  const sequential = await readAndPlan(service, fullConfig, 1);
  const compared = await emulatorAndReplay(service, fullConfig, ROUNDS);
  const parallel = compared.emulator;
  // One page each (limit 1000): the sites, then per site its sections, groups, redirects and
  // structure (the only list of its external links, read wherever sections are written), and
  // per flat site its site spaces and its sections (it must have none); the organization's
  // settings, collections, teams, members, custom fields, OpenAPI specs and translations; per
  // configured space its settings, custom field values, user grants and team grants; and the
  // token's user and its teams, for the lock-out rules.
  const listPages = 1 + SITES * 4 + FLAT_SITES * 2 + 7 + SPACE_SETTINGS * 4 + 2;

  row(
    "organization",
    `${SITES} sites × ${SECTIONS} sections × 3 site spaces, ${SITES * REDIRECTS_PER_SITE} redirects, groups of ${GROUP_SIZE}; ${FLAT_SITES} sites with 3 root site spaces; ` +
      `settings, ${ORGANIZATION.collections} collections, ${ORGANIZATION.teams} teams, 2 members' roles, ${ORGANIZATION.customFields} custom fields, ` +
      `${ORGANIZATION.openApiSpecs} OpenAPI specs, ${ORGANIZATION.translations} translations, ${SPACE_SETTINGS} spaces' settings and grants`,
    "",
  );
  row("read calls of a plan", `${reads} (list pages: ${listPages})`, "= list pages");
  for (const compareRow of comparedRows(compared, ROUNDS)) row(...compareRow);
  for (const freshRow of freshPlanRows(
    await measureFreshPlan(fullConfig, env, PARALLELISM),
    floorOf(compared),
  ))
    row(...freshRow);
  row("read + plan, parallelism 1", `${sequential.ms.toFixed(0)} ms`, "");
  row("sequential / parallel", `${(sequential.ms / parallel.ms).toFixed(1)}×`, "≥ 6×");
  row(
    "loading the configuration",
    `${loadMs.toFixed(0)} ms (${SITES * REDIRECTS_PER_SITE} redirects, ${SITES * SECTIONS} sections)`,
    "",
  );
  row("apply: write calls", `${applied.writes}`, "");
  row(
    "apply: fewest writes",
    `${minimumTotal} (${minimum.creates} creates and settings, ${minimum.moves} moves)`,
    "= fewest",
  );
  row(`apply wall time, parallelism ${PARALLELISM}`, `${(applyMs / 1000).toFixed(1)} s`, "");
  if (
    reads !== listPages ||
    applied.writes !== minimumTotal ||
    compared.changes !== 0 ||
    compared.misses !== 0
  )
    process.exitCode = 1;
} finally {
  await emulator.stop();
  await rm(dir, { recursive: true, force: true });
}

/** Runs a part of the benchmark in a process of its own (so its time and memory are its own); its JSON. */
function runPart<T>(script: string, ...args: string[]): T {
  const part = spawnSync(process.execPath, ["--import", "tsx", script, ...args], { encoding: "utf8" });
  if (part.status !== 0) throw new Error(`${script} failed: ${part.stderr}`);
  return JSON.parse(part.stdout) as T;
}

// Planning 100,000 redirects, in a process of its own so its memory is its own.
const planning = runPart<{
  redirects: number;
  cpuMs: number;
  mainThreadCpuMs?: number;
  maxRssMb: number;
  changes: number;
  jsonMb: number;
  indentedMb: number;
}>("bench/plan-cpu.ts");
const mainThread = planning.mainThreadCpuMs;
row(
  `plan ${planning.redirects.toLocaleString("en")} redirects: main-thread CPU`,
  mainThread === undefined
    ? `${planning.cpuMs.toFixed(0)} ms (the process's: no per-thread figure here)`
    : `${mainThread.toFixed(0)} ms (the process's, with the collector's threads: ${planning.cpuMs.toFixed(0)} ms)`,
  "< 500 ms",
);
row(
  `plan ${planning.redirects.toLocaleString("en")} redirects: memory`,
  `${planning.maxRssMb.toFixed(0)} MB peak RSS`,
  "< 300 MB",
);
row(
  `plan ${planning.redirects.toLocaleString("en")} redirects: JSON plan`,
  `${planning.jsonMb.toFixed(1)} MB for ${planning.changes.toLocaleString("en")} changes (every level indented: ${planning.indentedMb.toFixed(1)} MB)`,
  "",
);

// Loading 100,000 redirects, and JSON.parse of the same data, each in a process of its own.
for (const loadRow of loadRows(runPart<LoadBench>("bench/config-load.ts"))) row(...loadRow);
// Validating hostile files just under the size limit, each in a process of its own.
for (const hostileRow of hostileRows(runPart<HostileMeasure[]>("bench/hostile-config.ts")))
  row(...hostileRow);
// Applying redirects under a rate limit, in a process of its own with its own emulator: a long
// run, and a short one, mostly in its first window, where what pacing learns late costs most.
interface Paced {
  redirects: number;
  limit: number;
  windowMs: number;
  requests: number;
  throttled: number;
  writes: number;
  wallMs: number;
  requestsSpanMs: number;
  idealMs: number;
}
for (const redirects of [1000, 150]) {
  const paced = runPart<Paced>("bench/rate-limit.ts", String(redirects));
  const pacedWhat = `apply ${paced.redirects.toLocaleString("en")} redirects, limit ${paced.limit} per ${paced.windowMs / 1000} s`;
  row(
    `${pacedWhat}: 429s`,
    `${paced.throttled} of ${paced.requests} requests (${((100 * paced.throttled) / paced.requests).toFixed(1)}%)`,
    "< 1%",
  );
  row(
    `${pacedWhat}: wall time`,
    `${(paced.wallMs / 1000).toFixed(1)} s (${(paced.wallMs / paced.idealMs).toFixed(2)}× ${paced.writes} writes ÷ ${paced.limit} per ${paced.windowMs / 1000} s; first to last answer ${(paced.requestsSpanMs / 1000).toFixed(1)} s)`,
    "≤ 1.1×",
  );
}
// Start-up of the built CLI, as a ratio to node itself.
const startup = await measureStartup();
row("start-up: node -e 0", `${startup.nodeMs.toFixed(0)} ms`, "");
row(
  "start-up: docsync --version",
  `${startup.versionMs.toFixed(0)} ms (${(startup.versionMs / startup.nodeMs).toFixed(2)}× node)`,
  "≤ 2×",
);
row(
  "start-up: docsync validate (example)",
  `${startup.validateMs.toFixed(0)} ms (${(startup.validateMs / startup.nodeMs).toFixed(2)}× node)`,
  "≤ 2×",
);

const widths = [0, 1, 2].map((i) =>
  Math.max(...rows.map((r) => r[i]!.length), ["what", "measured", "target"][i]!.length),
);
const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
console.log(line(["what", "measured", "target"]));
console.log(line(widths.map((w) => "-".repeat(w))));
for (const r of rows) console.log(line(r));
