// Read + plan of the large organization, the part of the benchmark held to the critical path:
// against the emulator and against the replay server in alternation, next to the floors that the
// data itself sets (parsing the answers, planning once everything is read). The measured span is
// what `docsync plan` does once its configuration is loaded and its client made: reading the
// live state and planning; loading the configuration, making and closing the client are outside.
// Alone, on an emulator of its own:   npx tsx bench/read-plan.ts [rounds] [--timeline]

import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createApiClient } from "../src/api/client.ts";
import type { ApiEvent } from "../src/api/client-types.ts";
import { runDocsync } from "../src/cli/program.ts";
import { loadConfig } from "../src/config/load.ts";
import type { Output } from "../src/front/output.ts";
import { readLiveState } from "../src/live/read.ts";
import { sharedReads } from "../src/live/shared-reads.ts";
import { buildPlan } from "../src/plan/build.ts";
import { plainStyle } from "../src/render/style.ts";
import { startEmulatorProcess } from "./emulator-process.ts";
import { configYaml, FLAT_SITES, fullShape } from "./org-model.ts";
import { type Exchange, startRecorder, startReplay } from "./replay.ts";
import { freshPlanRows, measureFreshPlan } from "./startup.ts";

export const LATENCY_MS = 20;
/** Enough for every read of one level at once (the second level is 74 reads), as the bound
 * assumes: with fewer, a level takes more than one round trip. */
export const PARALLELISM = 96;
/** Dependent round trips: the sites, then what is below them. */
export const CHAIN = 2;
export const BOUND_MS = CHAIN * LATENCY_MS;

export const silent: Output = {
  out: () => {},
  err: () => {},
  style: plainStyle,
  interactive: false,
  ask: async () => "",
};

/** The service docsync talks to: its URL, token and docsync's environment for it. */
export interface Service {
  url: string;
  token: string;
  env: NodeJS.ProcessEnv;
}

/** What `docsync plan` does once the configuration is loaded: read the live state, then plan. */
export async function readAndPlan(
  service: Service,
  config: string,
  parallelism: number,
  baseUrl = service.url,
  onEvent?: (event: ApiEvent) => void,
) {
  const desired = await loadConfig({ paths: [config], env: service.env });
  const client = createApiClient({
    baseUrl,
    token: service.token,
    parallelism,
    ...(onEvent ? { onEvent } : {}),
  });
  try {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const run = sharedReads(client);
    const live = await readLiveState(run, desired);
    const readMs = performance.now() - started;
    const plan = buildPlan(desired, live, { run });
    const used = process.cpuUsage(cpu);
    return {
      ms: performance.now() - started,
      readMs,
      cpuMs: (used.user + used.system) / 1000,
      changes: plan.changes.length,
      desired,
      live,
    };
  } finally {
    await client.close();
  }
}

type ReadAndPlan = Awaited<ReturnType<typeof readAndPlan>>;

const middle = <T>(values: T[], by: (value: T) => number): T =>
  [...values].sort((a, b) => by(a) - by(b))[Math.floor(values.length / 2)]!;

/** The fastest of `rounds` runs of `work`: a floor is what the machine can do at best. */
function fastestMs(rounds: number, work: () => void): number {
  let fastest = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    work();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return fastest;
}

/**
 * What no reading can go below once every answer is in, as the data is: decoding and parsing
 * the answers (they arrive together, after the second round trip, so nothing overlaps their
 * parsing), and planning from the live state read; each the fastest of several runs. The bound
 * plus both is the floor of read + plan on this machine.
 */
function floors(exchanges: Exchange[], run: ReadAndPlan) {
  const bodies = exchanges.map((exchange) => Buffer.from(exchange.body));
  return {
    bytes: bodies.reduce((sum, body) => sum + body.length, 0),
    parseMs: fastestMs(9, () => {
      for (const body of bodies) JSON.parse(body.toString("utf8"));
    }),
    planMs: fastestMs(9, () => buildPlan(run.desired, run.live)),
  };
}

/**
 * Read + plan against the emulator and against the replay server, in alternation so that both
 * see the same load of a shared machine, as the medians of `rounds` runs each. The replay server
 * serves what a run through a recording proxy in front of the emulator received; it is warmed
 * up once, as the emulator was.
 */
export async function emulatorAndReplay(
  service: Service,
  config: string,
  rounds: number,
  onReplayEvent?: (event: ApiEvent) => void,
) {
  const recorder = await startRecorder(service.url);
  try {
    await readAndPlan(service, config, PARALLELISM, recorder.url);
  } finally {
    await recorder.close();
  }
  const replay = await startReplay(recorder.exchanges, LATENCY_MS);
  try {
    const warmed = await readAndPlan(service, config, PARALLELISM, replay.url);
    const emulatorRuns: ReadAndPlan[] = [];
    const replayRuns: ReadAndPlan[] = [];
    for (let round = 0; round < rounds; round++) {
      emulatorRuns.push(await readAndPlan(service, config, PARALLELISM));
      const last = round === rounds - 1;
      replayRuns.push(
        await readAndPlan(service, config, PARALLELISM, replay.url, last ? onReplayEvent : undefined),
      );
    }
    return {
      emulator: middle(emulatorRuns, (run) => run.ms),
      replay: middle(replayRuns, (run) => run.ms),
      runs: { emulator: emulatorRuns.map((run) => run.ms), replay: replayRuns.map((run) => run.ms) },
      changes: Math.max(...emulatorRuns.map((run) => run.changes), ...replayRuns.map((run) => run.changes)),
      recorded: recorder.exchanges.length,
      misses: (await replay.misses()).length,
      floors: floors(recorder.exchanges, warmed),
    };
  } finally {
    await replay.stop();
  }
}

export type Compared = Awaited<ReturnType<typeof emulatorAndReplay>>;
type Row = [what: string, measured: string, target: string];

/** The in-process floor of read + plan: the critical path, parsing the answers and planning. */
export const floorOf = (compared: Compared) => BOUND_MS + compared.floors.parseMs + compared.floors.planMs;

/** The benchmark's rows of read + plan at full parallelism, and of its floors. */
export function comparedRows(compared: Compared, rounds: number): Row[] {
  const { emulator, replay, floors } = compared;
  const ratio = (ms: number) => `${(ms / BOUND_MS).toFixed(2)}×`;
  const floorMs = floorOf(compared);
  return [
    [
      `read + plan, parallelism ${PARALLELISM}`,
      `${emulator.ms.toFixed(0)} ms (docsync CPU ${emulator.cpuMs.toFixed(0)} ms; median of ${rounds})`,
      "",
    ],
    ["critical-path bound", `${BOUND_MS} ms (${CHAIN} round trips × ${LATENCY_MS} ms)`, ""],
    ["read + plan / bound, emulator", ratio(emulator.ms), "≤ 2×"],
    [
      `read + plan, replay server, parallelism ${PARALLELISM}`,
      `${replay.ms.toFixed(0)} ms (docsync CPU ${replay.cpuMs.toFixed(0)} ms; median of ${rounds}; ${compared.recorded} answers recorded, ${compared.misses} not)`,
      "",
    ],
    ["read + plan / bound, replay server", ratio(replay.ms), "≤ 1.5×"],
    [
      "floor: parsing the answers after the last arrives",
      `${floors.parseMs.toFixed(0)} ms (${(floors.bytes / 1e6).toFixed(2)} MB of JSON, decoded and parsed)`,
      "",
    ],
    ["floor: planning once read", `${floors.planMs.toFixed(0)} ms`, ""],
    ["floor: bound + parsing + planning", `${floorMs.toFixed(0)} ms (${ratio(floorMs)} the bound)`, ""],
  ];
}

/** Alone: an emulator of its own with the organization applied, then the rows. */
async function main(args: string[]) {
  const rounds = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 7);
  const token = randomBytes(16).toString("hex");
  const emulator = await startEmulatorProcess(token, LATENCY_MS);
  const env = { DOCSYNC_API_URL: emulator.url, DOCSYNC_TOKEN: token, DOCSYNC_ORG: "org_acme" };
  const service: Service = { url: emulator.url, token, env };
  const dir = await mkdtemp(join(tmpdir(), "docsync-bench-"));
  try {
    const config = join(dir, "full.yaml");
    await writeFile(config, configYaml(fullShape(), true, FLAT_SITES));
    const applied = await runDocsync(["apply", "-c", config, "--yes", "--parallelism", String(PARALLELISM)], {
      output: silent,
      env,
      exitCode: 0,
    });
    if (applied !== 0) throw new Error(`docsync apply failed (${applied})`);
    await readAndPlan(service, config, PARALLELISM);
    // The requests of the last replay run: when each was sent and answered.
    const exchanges: { sent: number; answered: number; path: string }[] = [];
    const compared = await emulatorAndReplay(service, config, rounds, (event) => {
      if (event.type !== "request") return;
      const answered = performance.now();
      exchanges.push({ sent: answered - event.durationMs, answered, path: event.path });
    });
    for (const [what, measured, target] of comparedRows(compared, rounds))
      console.log(`${what}: ${measured}${target ? ` (target ${target})` : ""}`);
    const fresh = await measureFreshPlan(config, env, PARALLELISM);
    for (const [what, measured, target] of freshPlanRows(fresh, floorOf(compared)))
      console.log(`${what}: ${measured} (target ${target})`);
    console.log(`runs, emulator: ${compared.runs.emulator.map((ms) => ms.toFixed(0)).join(" ")}`);
    console.log(`runs, replay:   ${compared.runs.replay.map((ms) => ms.toFixed(0)).join(" ")}`);
    if (args.includes("--timeline")) {
      const start = Math.min(...exchanges.map((exchange) => exchange.sent));
      console.log("last replay run, ms from its first request, sent → answered:");
      for (const { sent, answered, path } of exchanges)
        console.log(`${(sent - start).toFixed(1)} → ${(answered - start).toFixed(1)}  ${path}`);
    }
    if (compared.changes !== 0 || compared.misses !== 0) process.exitCode = 1;
  } finally {
    await emulator.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main(process.argv.slice(2));
