// The cancellation of executePlan, in-process: once the signal aborts, no call starts; the calls
// in flight finish (or are given up on after the drain time) and the rest are not started.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CallOutcome, executePlan } from "../../src/apply/execute.ts";
import type { Plan } from "../../src/model/plan.ts";
import { sectionsConfig } from "../support/configs.ts";
import { type Harness, startHarness } from "../support/harness.ts";

const CONFIG = sectionsConfig(8);

describe("executePlan, cancelled", () => {
  let h: Harness;
  let plan: Plan;
  beforeEach(async () => {
    h = await startHarness();
    plan = JSON.parse((await h.run(["plan", "-c", await h.config(CONFIG), "--json"])).stdout);
  });
  afterEach(() => h.close());

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
