// The client under the emulator's rate limit, over real HTTP: a burst of parallel requests is
// paced within the window's budget instead of being turned away, even when answers come back
// in another order than the service counted them; a service that sends no rate-limit headers
// (or a limit the job fits in) sees the requests go as fast as they can.

import { afterEach, describe, expect, it } from "vitest";
import { orgPath } from "../../src/kinds/paths.ts";
import { clientFor, type Emulator, startEmulator } from "./harness.ts";

let emulator: Emulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

/** Sends `count` reads of the organization at once through a client of `parallelism`. */
async function burst(running: Emulator, count: number, parallelism: number) {
  const { api, events } = clientFor(running, { parallelism });
  try {
    const path = orgPath(running.organizationId);
    const results = await Promise.all(Array.from({ length: count }, () => api.get<{ id: string }>(path)));
    expect(results.every((result) => result.id === running.organizationId)).toBe(true);
  } finally {
    await api.close();
  }
  return { events, throttled: running.requests.filter((entry) => entry.status === 429).length };
}

/** The emulator's answers, each as when it arrived and when it was answered. */
type Spans = [number, number][];

/** Starts an emulator that notes when each request arrived and was answered. */
async function startNoting(options: Parameters<typeof startEmulator>[0]) {
  const spans: Spans = [];
  emulator = await startEmulator({
    ...options,
    onRequest: (entry) => {
      const end = performance.now();
      spans.push([end - entry.durationMs, end]);
    },
  });
  return { running: emulator, spans };
}

/** The most requests the emulator was handling at once. */
function mostAtOnce(spans: Spans): number {
  const events = spans.flatMap(([start, end]) => [
    [start, 1],
    [end, -1],
  ]);
  // At equal times an answer goes before an arrival: they did not overlap.
  events.sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
  let open = 0;
  let most = 0;
  for (const [, change] of events) {
    open += change!;
    most = Math.max(most, open);
  }
  return most;
}

describe("pacing under the service's rate limit", () => {
  it("keeps a burst of parallel requests within the window's budget: no 429", async () => {
    emulator = await startEmulator({ port: 0, rateLimit: { limit: 20, windowMs: 1000 } });
    // Half a window more than one: the pacing at the window's end is what is tested.
    const { throttled, events } = await burst(emulator, 30, 8);
    expect(emulator.requests).toHaveLength(30);
    expect(throttled).toBe(0);
    expect(events.filter((event) => event.type === "retry")).toEqual([]);
  });

  it("keeps within the budget when answers come back in another order than the service counted them", async () => {
    // Answers held up to 60 ms after the service counted them: a late one tells of more left.
    emulator = await startEmulator({
      port: 0,
      seed: 2,
      rateLimit: { limit: 10, windowMs: 500 },
      faults: { replyJitterMs: 60 },
    });
    const { throttled } = await burst(emulator, 25, 8);
    expect(emulator.requests).toHaveLength(25);
    expect(throttled).toBe(0);
  });

  it("keeps within the budget with more requests in flight than the window allows", async () => {
    emulator = await startEmulator({ port: 0, rateLimit: { limit: 10, windowMs: 1000 } });
    const { throttled } = await burst(emulator, 20, 16);
    // Before the first answer nothing is known of the limit: only that first wave can exceed it.
    expect(throttled).toBeLessThanOrEqual(6);
    expect(emulator.requests.filter((entry) => entry.status === 200)).toHaveLength(20);
    const afterFirstWave = emulator.requests.filter((entry) => entry.seq > 16);
    expect(afterFirstWave.filter((entry) => entry.status === 429)).toEqual([]);
  });

  it("does not slow a service that sends no rate-limit headers", async () => {
    const { running, spans } = await startNoting({ port: 0, faults: { latencyMs: 20 } });
    await burst(running, 40, 8);
    expect(running.requests[0]?.status).toBe(200);
    expect(mostAtOnce(spans)).toBe(8);
  });

  it("does not slow a job that fits well within the window", async () => {
    const { running, spans } = await startNoting({
      port: 0,
      faults: { latencyMs: 20 },
      rateLimit: { limit: 1000, windowMs: 60_000 },
    });
    const { throttled } = await burst(running, 40, 8);
    expect(throttled).toBe(0);
    expect(mostAtOnce(spans)).toBe(8);
  });
});
