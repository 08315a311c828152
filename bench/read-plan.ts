// Only the read + plan part of the benchmark, for working on it: applies the large organization
// to an emulator in its own process, records its answers, then measures read + plan against the
// emulator and against the replay server in alternation, and prints each run and the medians.
//   npx tsx bench/read-plan.ts [rounds]

import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApiClient } from "../src/api/client.ts";
import type { Output } from "../src/cli/output.ts";
import { runDocsync } from "../src/cli/program.ts";
import { loadConfig } from "../src/config/load.ts";
import { readLiveState } from "../src/live/read.ts";
import { buildPlan } from "../src/plan/build.ts";
import { plainStyle } from "../src/render/style.ts";
import { configYaml, FLAT_SITES, fullShape } from "./org-model.ts";
import { startRecorder, startReplay } from "./replay.ts";

const LATENCY_MS = 20;
const PARALLELISM = 64;
const rounds = Number(process.argv[2] ?? 7);
/** With --timeline, each request of the last replay run: when it was sent and answered. */
const timeline = process.argv.includes("--timeline");

const silent: Output = {
  out: () => {},
  err: () => {},
  style: plainStyle,
  interactive: false,
  ask: async () => "",
};

async function startEmulator(token: string) {
  const child = spawn(
    process.execPath,
    ["bin/docsync.js", "emulator", "--port", "0", "--latency", String(LATENCY_MS), "--token", token],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    child.on("exit", (code) => reject(new Error(`the emulator exited (${code})`)));
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      const listening = /listening on (\S+)/.exec(chunk);
      if (listening) resolve(listening[1]!);
    });
  });
  return { url, stop: () => new Promise((resolve) => child.once("exit", resolve).kill("SIGINT")) };
}

const token = randomBytes(16).toString("hex");
const emulator = await startEmulator(token);
const dir = await mkdtemp(join(tmpdir(), "docsync-readplan-"));
const env = { DOCSYNC_API_URL: emulator.url, DOCSYNC_TOKEN: token, DOCSYNC_ORG: "org_acme" };

const session = new Session();
const profiles: unknown[] = [];
let profiling = false;

async function readAndPlan(config: string, baseUrl: string) {
  const desired = await loadConfig({ paths: [config], env });
  const events: string[] = [];
  let started = 0;
  const client = createApiClient({
    baseUrl,
    token,
    parallelism: PARALLELISM,
    onEvent: (event) => {
      if (event.type !== "request") return;
      const now = performance.now() - started;
      events.push(`${(now - event.durationMs).toFixed(1)} → ${now.toFixed(1)} ${event.path}`);
    },
  });
  const marks: Record<string, number[]> = { create: [], connected: [], headers: [], trailers: [] };
  const note = (name: string) => () => marks[name]!.push(performance.now() - started);
  const handlers = Object.keys(marks).map((name) => [name, note(name)] as const);
  for (const [name, handler] of handlers)
    subscribe(name === "connected" ? "undici:client:connected" : `undici:request:${name}`, handler);
  if (profiling) await session.post("Profiler.start");
  try {
    started = performance.now();
    const cpu = process.cpuUsage();
    const live = await readLiveState(client, desired);
    const readMs = performance.now() - started;
    const summary = (name: string) => {
      const times = marks[name]!;
      return `${name} ${times.length}: ${Math.min(...times).toFixed(1)}..${Math.max(...times).toFixed(1)}`;
    };
    events.unshift(Object.keys(marks).map(summary).join("; "));
    events.unshift(`creates ${marks.create!.map((t) => t.toFixed(1)).join(" ")}`);
    events.unshift(`headers ${marks.headers!.map((t) => t.toFixed(1)).join(" ")}`);
    const plan = buildPlan(desired, live);
    const used = process.cpuUsage(cpu);
    if (profiling) profiles.push((await session.post("Profiler.stop")).profile);
    events.unshift(`read done ${readMs.toFixed(1)}, plan done ${(performance.now() - started).toFixed(1)}`);
    return {
      ms: performance.now() - started,
      readMs,
      cpuMs: (used.user + used.system) / 1000,
      changes: plan.changes.length,
      events,
    };
  } finally {
    for (const [name, handler] of handlers)
      unsubscribe(name === "connected" ? "undici:client:connected" : `undici:request:${name}`, handler);
    await client.close();
  }
}

type Run = Awaited<ReturnType<typeof readAndPlan>>;
const median = (runs: Run[], field: "ms" | "readMs" | "cpuMs") =>
  [...runs].map((run) => run[field]).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;

try {
  const config = join(dir, "full.yaml");
  await writeFile(config, configYaml(fullShape(), true, FLAT_SITES));
  const code = await runDocsync(["apply", "-c", config, "--yes", "--parallelism", "64"], {
    output: silent,
    env,
    exitCode: 0,
  });
  if (code !== 0) throw new Error(`apply failed (${code})`);
  const recorder = await startRecorder(emulator.url);
  await readAndPlan(config, recorder.url);
  await recorder.close();
  const replay = await startReplay(recorder.exchanges, LATENCY_MS);
  const bytes = recorder.exchanges.reduce((sum, exchange) => sum + exchange.body.length, 0);
  await readAndPlan(config, emulator.url);
  await readAndPlan(config, replay.url);
  const emulatorRuns: Run[] = [];
  const replayRuns: Run[] = [];
  const profile = process.env.PROFILE;
  if (profile) {
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 100 });
    profiling = true;
  }
  for (let round = 0; round < rounds; round++) {
    if (!profile) emulatorRuns.push(await readAndPlan(config, emulator.url));
    replayRuns.push(await readAndPlan(config, replay.url));
  }
  if (profile) {
    await writeFile(profile, JSON.stringify(profiles));
    emulatorRuns.push(...replayRuns);
  }
  const show = (name: string, runs: Run[]) =>
    console.log(
      `${name}: median ${median(runs, "ms").toFixed(0)} ms (read ${median(runs, "readMs").toFixed(0)}, CPU ${median(runs, "cpuMs").toFixed(0)}); runs ${runs.map((run) => run.ms.toFixed(0)).join(" ")}; changes ${runs[0]!.changes}`,
    );
  if (process.env.DUMP)
    await writeFile(
      process.env.DUMP,
      JSON.stringify(recorder.exchanges.map((e) => ({ target: e.target, body: e.body.toString("utf8") }))),
    );
  console.log(`${recorder.exchanges.length} answers, ${(bytes / 1e6).toFixed(2)} MB`);
  show("emulator", emulatorRuns);
  show("replay  ", replayRuns);
  if (timeline)
    for (const run of [...emulatorRuns, ...replayRuns]) console.log(run.events.slice(0, 2).join("\n"));
  console.log(`misses ${(await replay.misses()).length}`);
  await replay.stop();
} finally {
  await emulator.stop();
  await rm(dir, { recursive: true, force: true });
}
