// SIGINT and SIGTERM sent to the real docsync process, against the emulator of this process.
// A first signal during apply stops new calls, waits for those in flight, prints the report and
// exits 130 (SIGINT) or 143 (SIGTERM); a second one exits at once; before any call, a signal
// exits at once with nothing changed. Either way, no write reaches the API once docsync is gone:
// docsync reaches the emulator through a relay, which tells when every request it passed on has
// ended there.

import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RequestLogEntry } from "../../src/emulator/index.ts";
import { sectionsConfig } from "../support/configs.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";
import { spawnDocsync } from "../support/process.ts";
import { type SeverableLink, severableLink } from "../support/severable-link.ts";

const CONFIG = sectionsConfig(12);

describe("signals", () => {
  let h: Harness;
  let link: SeverableLink;
  /** docsync's environment: the emulator through the relay. */
  let env: NodeJS.ProcessEnv;
  /** Writes the emulator received, with when each arrived (performance.now()). */
  let writes: { entry: RequestLogEntry; arrivedAt: number }[];
  let onWrite: () => void;
  let poll: NodeJS.Timeout | undefined;
  beforeEach(async () => {
    h = await startHarness();
    link = await severableLink(h.emulator.url);
    env = { ...h.env, DOCSYNC_API_URL: link.url };
    writes = [];
    onWrite = () => {};
    // Every answer takes a while, so that apply is mid-way when the signal comes.
    h.emulator.setFaults({ latencyMs: 150 });
  });
  afterEach(async () => {
    clearInterval(poll);
    await link.close();
    await h.close();
  });

  /** Collects the writes as the emulator logs them (the harness starts it without onRequest). */
  const seen = new Set<number>();
  function collectWrites(): void {
    for (const entry of h.emulator.requests) {
      if (entry.method === "GET" || seen.has(entry.seq)) continue;
      seen.add(entry.seq);
      writes.push({ entry, arrivedAt: performance.now() - entry.durationMs });
      onWrite();
    }
  }
  function watchWrites(): void {
    seen.clear();
    poll = setInterval(collectWrites, 5);
  }

  /** Once docsync is gone: every request it sent has ended at the emulator, and is collected. */
  async function allEnded(): Promise<void> {
    await link.sever();
    collectWrites();
  }

  const writesDone = (count: number) =>
    new Promise<void>((resolve) => {
      onWrite = () => {
        if (writes.length >= count) resolve();
      };
    });

  it.each([
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)(
    "%s during apply: the calls in flight finish, the report, exit %i, then apply converges",
    async (signal, code) => {
      const path = await h.config(CONFIG);
      watchWrites();
      const run = spawnDocsync(["apply", "-c", path, "--yes"], env);
      await writesDone(3);
      run.child.kill(signal);
      const exit = await run.exited;
      expect(exit.code).toBe(code);

      const stdout = run.stdout();
      const report =
        /Apply interrupted: (\d+) of (\d+) changes made in (\d+) calls?; 0 failed, 0 skipped, (\d+) not started\./.exec(
          stdout,
        );
      expect(report).not.toBeNull();
      const [made, calls, notStarted] = [Number(report![1]), Number(report![3]), Number(report![4])];
      expect(calls).toBeGreaterThanOrEqual(3);
      expect(made).toBeGreaterThanOrEqual(1);
      expect(notStarted).toBeGreaterThan(0);
      expect(stdout).toContain(`Not started: ${notStarted} change${notStarted === 1 ? "" : "s"}:`);
      const done = stdout.match(/ {2}✓ /g)?.length ?? 0;
      expect(run.stderr()).toContain(`Interrupted (${signal}): no new call will start; waiting up to 10 s`);
      expect(run.stderr()).toContain(`Error: Apply interrupted (${signal}): ${made} of `);

      // What the report says was done is what the emulator did; nothing arrived after the exit.
      await allEnded();
      expect(writes.filter((write) => write.entry.status >= 200 && write.entry.status < 300)).toHaveLength(
        done,
      );
      // No more calls are said to be made than requests were sent (reads of the plan's calls included).
      expect(writes.length).toBeLessThanOrEqual(calls);
      expect(writes.filter((write) => write.arrivedAt > exit.at)).toEqual([]);

      h.emulator.setFaults({});
      // Apply ends by planning once more as a check, and fails when that plan is not empty
      // (apply.not-converged): its success says that it converged.
      const again = await applied(h, path);
      expect(again.stdout).toContain(`Plan: ${notStarted > 0 ? "" : ""}`);
    },
  );

  it("a second signal exits at once and names the calls that may still be in flight", async () => {
    h.emulator.setFaults({ latencyMs: 800 });
    const path = await h.config(CONFIG);
    watchWrites();
    const run = spawnDocsync(["apply", "-c", path, "--yes", "--parallelism", "1"], env);
    await writesDone(2);
    // The call in flight now stays in flight until docsync is gone, however long the signals take.
    link.hold();
    run.child.kill("SIGINT");
    await run.stderrHas("Interrupted (SIGINT): no new call will start");
    run.child.kill("SIGTERM");
    const exit = await run.exited;
    expect(exit.code).toBe(143);
    expect(run.stderr()).toMatch(
      /Interrupted again \(SIGTERM\): exiting now\.\nThese calls may still be in flight; each may or may not be made:\n {2}\? site "Docs" › section "s\d+"(?: › site space "\w+")?: \w+ [\w ]+\nRun `docsync plan` to see the live state\.\n$/,
    );
    expect(run.stdout()).not.toContain("Apply interrupted:");
    await allEnded();
    expect(writes.filter((write) => write.arrivedAt > exit.at)).toEqual([]);
  });

  it("before any call, a signal exits at once: nothing was changed", async () => {
    // With the site there, planning reads in two rounds: the sites, then what is in the site.
    h.emulator.setFaults({});
    await applied(h, await h.config(CONFIG.replace(/ {4}sections:[\s\S]*$/, "")));
    h.emulator.resetLog();
    h.emulator.setFaults({ latencyMs: 400 });
    const run = spawnDocsync(["apply", "-c", await h.config(CONFIG), "--yes"], env);
    while (h.emulator.stats().total === 0) await sleep(5);
    run.child.kill("SIGINT");
    const exit = await run.exited;
    expect(exit.code).toBe(130);
    expect(run.stderr()).toBe("\nInterrupted (SIGINT): nothing was changed.\n");
    await allEnded();
    expect(h.writes()).toBe(0);
  });
});
