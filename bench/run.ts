// docsync's benchmark: reading and planning a large organization against the emulator with
// injected latency, and against a server that replays the emulator's answers at no cost, next
// to its critical-path bound and to a sequential run, measured in one run; then an apply that
// creates half of it and reorders the rest, next to the fewest writes;
// then the CPU time and memory of planning 100,000 redirects, and of loading and validating a
// configuration of 100,000 redirects next to JSON.parse of the same data; then an apply of
// redirects under a rate limit, next to the ideal pacing.   npm run bench

import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApiClient } from "../src/api/client.ts";
import type { Output } from "../src/cli/output.ts";
import { runDocsync } from "../src/cli/program.ts";
import { loadConfig } from "../src/config/load.ts";
import { readLiveState } from "../src/live/read.ts";
import { buildPlan } from "../src/plan/build.ts";
import { plainStyle } from "../src/render/style.ts";
import { type LoadBench, loadRows } from "./config-load.ts";
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
import { startRecorder, startReplay } from "./replay.ts";
import { measureStartup } from "./startup.ts";

const LATENCY_MS = 20;
const PARALLELISM = 64;
/** Runs of read + plan against the emulator and against the replay server, alternated. */
const ROUNDS = 5;

const silent: Output = {
  out: () => {},
  err: () => {},
  style: plainStyle,
  interactive: false,
  ask: async () => "",
};

/**
 * The emulator runs in a process of its own, as the real service runs on machines of its own:
 * its work does not count as docsync's. Its request log (--log) tells what docsync sent.
 */
async function startEmulatorProcess(token: string) {
  const child = spawn(
    process.execPath,
    ["bin/docsync.js", "emulator", "--port", "0", "--latency", String(LATENCY_MS), "--token", token, "--log"],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const requests: string[] = [];
  let buffered = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.on("exit", (code) => reject(new Error(`the emulator exited (${code})`)));
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split("\n");
      buffered = lines.pop()!;
      for (const line of lines) {
        const listening = /listening on (\S+)/.exec(line);
        if (listening) resolve(listening[1]!);
        if (/^(GET|POST|PUT|PATCH|DELETE) \/v1\//.test(line)) requests.push(line);
      }
    });
  });
  return {
    url,
    /** Requests logged since the last call, as reads and writes. */
    take() {
      const taken = requests.splice(0);
      const reads = taken.filter((line) => line.startsWith("GET ")).length;
      return { reads, writes: taken.length - reads };
    },
    stop: () => new Promise((resolve) => child.once("exit", resolve).kill("SIGINT")),
  };
}

/** Waits for the emulator to have logged everything it answered. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

const rows: [string, string, string][] = [];
const row = (what: string, value: string, target: string) => rows.push([what, value, target]);
const token = randomBytes(16).toString("hex");
const emulator = await startEmulatorProcess(token);
const dir = await mkdtemp(join(tmpdir(), "docsync-bench-"));
const env = { DOCSYNC_API_URL: emulator.url, DOCSYNC_TOKEN: token, DOCSYNC_ORG: "org_acme" };

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

/** What `docsync plan` does once the configuration is loaded: read the live state, then plan. */
async function readAndPlan(config: string, parallelism: number, baseUrl = emulator.url) {
  const desired = await loadConfig({ paths: [config], env });
  const client = createApiClient({ baseUrl, token, parallelism });
  try {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const plan = buildPlan(desired, await readLiveState(client, desired));
    const used = process.cpuUsage(cpu);
    return {
      ms: performance.now() - started,
      cpuMs: (used.user + used.system) / 1000,
      changes: plan.changes.length,
    };
  } finally {
    await client.close();
  }
}

type ReadAndPlan = Awaited<ReturnType<typeof readAndPlan>>;

/** The run of median wall time. */
const median = (runs: ReadAndPlan[]): ReadAndPlan =>
  [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)]!;

/**
 * Read + plan against the emulator and against the replay server, in alternation so that both
 * see the same load of a shared machine, as the medians of `rounds` runs each. The replay server
 * serves what a run through a recording proxy in front of the emulator received; it is warmed
 * up once, as the emulator was.
 */
async function emulatorAndReplay(config: string, rounds: number) {
  const recorder = await startRecorder(emulator.url);
  try {
    await readAndPlan(config, PARALLELISM, recorder.url);
  } finally {
    await recorder.close();
  }
  const replay = await startReplay(recorder.exchanges, LATENCY_MS);
  try {
    await readAndPlan(config, PARALLELISM, replay.url);
    const emulatorRuns: ReadAndPlan[] = [];
    const replayRuns: ReadAndPlan[] = [];
    for (let round = 0; round < rounds; round++) {
      emulatorRuns.push(await readAndPlan(config, PARALLELISM));
      replayRuns.push(await readAndPlan(config, PARALLELISM, replay.url));
    }
    return {
      emulator: median(emulatorRuns),
      replay: median(replayRuns),
      changes: Math.max(...emulatorRuns.map((run) => run.changes), ...replayRuns.map((run) => run.changes)),
      recorded: recorder.exchanges.length,
      misses: (await replay.misses()).length,
    };
  } finally {
    await replay.stop();
  }
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
  await readAndPlan(fullConfig, PARALLELISM);
  await settle();
  emulator.take();
  await readAndPlan(fullConfig, PARALLELISM);
  await settle();
  const reads = emulator.take().reads;
  const sequential = await readAndPlan(fullConfig, 1);
  const compared = await emulatorAndReplay(fullConfig, ROUNDS);
  const parallel = compared.emulator;
  const replayed = compared.replay;
  // One page each (limit 1000): the sites, then per site its sections, groups and redirects, and
  // per flat site its site spaces and its sections (it must have none); the organization's
  // settings, collections, teams, members, custom fields, OpenAPI specs and translations; per
  // configured space its settings, custom field values, user grants and team grants; and the
  // token's user and its teams, for the lock-out rules.
  const listPages = 1 + SITES * 3 + FLAT_SITES * 2 + 7 + SPACE_SETTINGS * 4 + 2;
  const chain = 2;
  const bound = chain * LATENCY_MS;

  row(
    "organization",
    `${SITES} sites × ${SECTIONS} sections × 3 site spaces, ${SITES * REDIRECTS_PER_SITE} redirects, groups of ${GROUP_SIZE}; ${FLAT_SITES} sites with 3 root site spaces; ` +
      `settings, ${ORGANIZATION.collections} collections, ${ORGANIZATION.teams} teams, 2 members' roles, ${ORGANIZATION.customFields} custom fields, ` +
      `${ORGANIZATION.openApiSpecs} OpenAPI specs, ${ORGANIZATION.translations} translations, ${SPACE_SETTINGS} spaces' settings and grants`,
    "",
  );
  row("read calls of a plan", `${reads} (list pages: ${listPages})`, "= list pages");
  row(
    "read + plan, parallelism 64",
    `${parallel.ms.toFixed(0)} ms (docsync CPU ${parallel.cpuMs.toFixed(0)} ms; median of ${ROUNDS})`,
    "",
  );
  row("critical-path bound", `${bound} ms (${chain} round trips × ${LATENCY_MS} ms)`, "");
  row("read + plan / bound, emulator", `${(parallel.ms / bound).toFixed(2)}×`, "≤ 2×");
  row(
    "read + plan, replay server, parallelism 64",
    `${replayed.ms.toFixed(0)} ms (docsync CPU ${replayed.cpuMs.toFixed(0)} ms; median of ${ROUNDS}; ${compared.recorded} answers recorded, ${compared.misses} not)`,
    "",
  );
  row("read + plan / bound, replay server", `${(replayed.ms / bound).toFixed(2)}×`, "≤ 1.5×");
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
  row("apply wall time, parallelism 64", `${(applyMs / 1000).toFixed(1)} s`, "");
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
function runPart<T>(script: string): T {
  const part = spawnSync(process.execPath, ["--import", "tsx", script], { encoding: "utf8" });
  if (part.status !== 0) throw new Error(`${script} failed: ${part.stderr}`);
  return JSON.parse(part.stdout) as T;
}

// Planning 100,000 redirects, in a process of its own so its memory is its own.
const planning = runPart<{
  redirects: number;
  cpuMs: number;
  maxRssMb: number;
  changes: number;
}>("bench/plan-cpu.ts");
row(
  `plan ${planning.redirects.toLocaleString("en")} redirects: CPU`,
  `${planning.cpuMs.toFixed(0)} ms`,
  "< 500 ms",
);
row(
  `plan ${planning.redirects.toLocaleString("en")} redirects: memory`,
  `${planning.maxRssMb.toFixed(0)} MB peak RSS`,
  "< 300 MB",
);

// Loading 100,000 redirects, and JSON.parse of the same data, each in a process of its own.
for (const loadRow of loadRows(runPart<LoadBench>("bench/config-load.ts"))) row(...loadRow);
// Applying redirects under a rate limit, in a process of its own with its own emulator.
const paced = runPart<{
  redirects: number;
  limit: number;
  windowMs: number;
  requests: number;
  throttled: number;
  writes: number;
  wallMs: number;
  requestsSpanMs: number;
  idealMs: number;
}>("bench/rate-limit.ts");
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
  "≤ 3×",
);

const widths = [0, 1, 2].map((i) =>
  Math.max(...rows.map((r) => r[i]!.length), ["what", "measured", "target"][i]!.length),
);
const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
console.log(line(["what", "measured", "target"]));
console.log(line(widths.map((w) => "-".repeat(w))));
for (const r of rows) console.log(line(r));
