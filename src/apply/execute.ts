// Walks a plan's call graph: every call starts as soon as the calls it depends on have
// succeeded, up to `parallelism` at once. A failed call skips everything that depends on it;
// the rest goes on, so the report can say exactly what was done, what failed and what was skipped.

import type { ApiClient } from "../api/client.ts";
import { DocsyncError } from "../errors.ts";
import { dependentsOf } from "../plan/graph.ts";
import type { Call, Plan } from "../plan/types.ts";
import { capturedId } from "./captures.ts";
import { fillPath, fillValue } from "./placeholders.ts";

export type CallOutcome =
  | { call: Call; status: "done" }
  | { call: Call; status: "failed"; error: string }
  | { call: Call; status: "skipped"; because: string };

export interface ApplyResult {
  outcomes: CallOutcome[];
  /** Ids of the items created, by address. */
  created: Map<string, string>;
}

export interface ExecuteOptions {
  parallelism: number;
  onOutcome?: (outcome: CallOutcome) => void;
  /** Names a call for people, e.g. with its item's address. */
  describe?: (call: Call) => string;
}

export async function executePlan(
  plan: Plan,
  client: ApiClient,
  options: ExecuteOptions,
): Promise<ApplyResult> {
  const ids = new Map<string, string>();
  const outcomes: CallOutcome[] = [];
  const byId = new Map(plan.calls.map((call) => [call.id, call]));
  const waitingOn = new Map(plan.calls.map((call) => [call.id, new Set(call.dependsOn)]));
  const dependents = dependentsOf(plan.calls);
  const record = (outcome: CallOutcome) => {
    outcomes.push(outcome);
    options.onOutcome?.(outcome);
  };

  const skipDependents = (failed: Call, reason: string) => {
    const queue = [...(dependents.get(failed.id) ?? [])];
    while (queue.length > 0) {
      const id = queue.shift()!;
      if (!waitingOn.has(id)) continue;
      waitingOn.delete(id);
      record({ call: byId.get(id)!, status: "skipped", because: reason });
      queue.push(...(dependents.get(id) ?? []));
    }
  };

  /** Makes one call; true when it succeeded. */
  const run = async (call: Call): Promise<boolean> => {
    try {
      const answer = await client.send<unknown>({
        method: call.method,
        path: fillPath(call.path, ids),
        ...(call.body === undefined ? {} : { body: fillValue(call.body, ids) }),
        ...(call.recover ? { recover: fillValue(call.recover, ids) } : {}),
      });
      for (const capture of call.captures ?? []) {
        const id = capturedId(answer, capture);
        if (id === undefined)
          throw new DocsyncError("apply.no-id", `the answer did not include the id of ${capture.address}`);
        ids.set(capture.address, id);
      }
      record({ call, status: "done" });
      return true;
    } catch (error) {
      record({ call, status: "failed", error: error instanceof Error ? error.message : String(error) });
      skipDependents(call, `${options.describe?.(call) ?? call.summary} failed`);
      return false;
    }
  };

  // Start every call whose dependencies are done, keeping at most `parallelism` in flight.
  const ready = plan.calls.filter((call) => call.dependsOn.length === 0).map((call) => call.id);
  const inFlight = new Set<Promise<void>>();
  const startReady = () => {
    while (ready.length > 0 && inFlight.size < options.parallelism) {
      const id = ready.shift()!;
      if (!waitingOn.delete(id)) continue;
      const task: Promise<void> = run(byId.get(id)!).then((succeeded) => {
        inFlight.delete(task);
        if (!succeeded) return;
        for (const dependent of dependents.get(id) ?? []) {
          const waiting = waitingOn.get(dependent);
          if (!waiting) continue;
          waiting.delete(id);
          if (waiting.size === 0) ready.push(dependent);
        }
      });
      inFlight.add(task);
    }
  };
  startReady();
  while (inFlight.size > 0) {
    await Promise.race(inFlight);
    startReady();
  }
  return { outcomes, created: ids };
}
