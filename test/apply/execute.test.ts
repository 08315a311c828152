// executePlan, in-process: once the signal aborts, no call starts; the calls in flight finish
// (or are given up on after the drain time) and the rest are not started. Ready calls start in
// the order they became ready, or in the order a seeded choice picks, never before what they wait for.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CallOutcome, executePlan } from "../../src/apply/execute.ts";
import { APPLY_ORDER_SEED_VARIABLE, seededChoice } from "../../src/apply/order.ts";
import type { Call, Plan } from "../../src/model/plan.ts";
import { sectionsConfig } from "../support/configs.ts";
import { type Harness, startHarness } from "../support/harness.ts";

const CONFIG = sectionsConfig(8);

// Each case applies the plan of CONFIG to an emulator of its own.
let h: Harness;
let plan: Plan;
beforeEach(async () => {
  h = await startHarness();
  plan = JSON.parse((await h.run(["plan", "-c", await h.config(CONFIG), "--json"])).stdout);
});
afterEach(() => h.close());

describe("executePlan, cancelled", () => {
  it("starts no call once aborted, lets the calls in flight finish, and reports the rest not started", async () => {
    const controller = new AbortController();
    const outcomes: CallOutcome[] = [];
    const result = await executePlan(plan, h.api, {
      parallelism: 1,
      signal: controller.signal,
      onOutcome: (outcome) => {
        outcomes.push(outcome);
        if (outcomes.length === 2) controller.abort();
      },
    });
    expect(result.interrupted).toBe(true);
    const statuses = result.outcomes.map((outcome) => outcome.status);
    expect(statuses.slice(0, 2)).toEqual(["done", "done"]);
    expect(statuses.slice(2)).toEqual(Array(plan.calls.length - 2).fill("not-started"));
    // Every call is accounted for once, and the calls not started were never sent.
    expect(result.outcomes.map((outcome) => outcome.call.id).sort()).toEqual(
      plan.calls.map((call) => call.id).sort(),
    );
    expect(h.writes()).toBe(2);
    // Outcomes after the abort are reported to the caller too.
    expect(outcomes).toEqual(result.outcomes);
  });

  it("gives up on calls still in flight after the drain time, and cuts them off", async () => {
    h.emulator.setFaults({ latencyMs: 5_000, match: { method: "POST" } });
    const controller = new AbortController();
    const result = await executePlan(plan, h.api, {
      parallelism: 4,
      signal: controller.signal,
      drainMs: 50,
      onStart: () => controller.abort(),
    });
    expect(result.interrupted).toBe(true);
    expect(result.outcomes.map((outcome) => outcome.status)).toEqual([
      "abandoned",
      ...Array(plan.calls.length - 1).fill("not-started"),
    ]);
    expect(result.outcomes[0]?.call.summary).toBe("create site");
  });

  it("runs every call when the signal never aborts", async () => {
    const result = await executePlan(plan, h.api, { parallelism: 4, signal: new AbortController().signal });
    expect(result.interrupted).toBe(false);
    expect(result.outcomes.every((outcome) => outcome.status === "done")).toBe(true);
    expect(h.writes()).toBe(plan.calls.length);
  });
});

describe("executePlan, in the order asked for", () => {
  /** Applies the plan one call at a time and returns the calls in the order they started. */
  async function startOrder(choose?: (count: number) => number): Promise<Call[]> {
    const started: Call[] = [];
    const done = new Set<string>();
    const result = await executePlan(plan, h.api, {
      parallelism: 1,
      ...(choose ? { choose } : {}),
      onStart: (call) => {
        // Nothing starts before every call it waits for is done.
        expect(call.dependsOn.filter((id) => !done.has(id))).toEqual([]);
        started.push(call);
      },
      onOutcome: (outcome) => done.add(outcome.call.id),
    });
    expect(result.outcomes.map((outcome) => outcome.status)).toEqual(plan.calls.map(() => "done"));
    return started;
  }

  it("starts the first ready call first by default: a call the plan lists earlier goes first", async () => {
    const order = (await startOrder()).map((call) => call.id);
    // With one call at a time, each section is created and configured before the next is made.
    const creates = plan.calls.filter((call) => call.summary === "create section").map((call) => call.id);
    const configures = plan.calls
      .filter((call) => call.summary === "configure section")
      .map((call) => call.id);
    for (let i = 0; i + 1 < creates.length; i++)
      expect(order.indexOf(configures[i]!)).toBeLessThan(order.indexOf(creates[i + 1]!));
  });

  it("takes the ready calls in the order a seeded choice picks, the same for the same seed", async () => {
    const first = (await startOrder(seededChoice(7))).map((call) => call.summary);
    await h.close();
    h = await startHarness();
    const again = (await startOrder(seededChoice(7))).map((call) => call.summary);
    await h.close();
    h = await startHarness();
    const other = (await startOrder(seededChoice(8))).map((call) => call.summary);
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
    expect([...other].sort()).toEqual([...first].sort());
  });

  it(`refuses a ${APPLY_ORDER_SEED_VARIABLE} that is no seed, before any call`, async () => {
    const path = await h.config(CONFIG);
    h.emulator.resetLog();
    const result = await h.run(["apply", "-c", path, "--yes"], {
      env: { [APPLY_ORDER_SEED_VARIABLE]: "soon" },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `Error: ${APPLY_ORDER_SEED_VARIABLE} must be a whole number from 0 to 4294967295, a seed for the order of apply's calls (got "soon")\n`,
    );
    expect(h.writes()).toBe(0);
  });
});
