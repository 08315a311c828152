// Walks a plan's call graph: every call starts as soon as the calls it depends on have
// succeeded, up to `parallelism` at once. A failed call skips everything that depends on it;
// the rest goes on, so the report can say exactly what was done, what failed and what was skipped.
//
// A cancellation (`signal`) stops it from starting calls: the calls in flight may finish, for a
// bounded time, and are then given up on (their outcome unknown); the others are not started.

import { setMaxListeners } from "node:events";
import type { ApiClient } from "../api/client.ts";
import { DocsyncError, type ErrorCode, errorCodeOf } from "../errors.ts";
import { addressText } from "../model/address.ts";
import type { Call, Plan } from "../model/plan.ts";
import { dependentsOf } from "../plan/graph.ts";
import type { ProgressListener } from "../progress/events.ts";
import { batchItemOutcome, sendBatch } from "./batch.ts";
import { capturedId, checkProbe, checkRefusal, failureMessage } from "./captures.ts";
import { fillAlternate, fillBody, fillPath, fillRecover } from "./fill.ts";
import { alreadyGone } from "./gone.ts";
import type { ReadyChoice } from "./order.ts";

export type CallOutcome =
  /**
   * `instead`: a batch call the service could not take, whose items then went one by one.
   * `carried`: a call that went as an item of its batch call's request, not as a request of its own.
   * `gone`: a delete that found its item already gone (gone.ts), and what the service said.
   */
  | { call: Call; status: "done"; instead?: string; carried?: true; gone?: string }
  /** `code`: the error's own code (`api.unauthorized`, `api.timeout`, …: src/errors.ts). */
  | { call: Call; status: "failed"; error: string; code: ErrorCode }
  /** `cause`: the id of the failed call it depends on, directly or not. */
  | { call: Call; status: "skipped"; cause: string }
  /** The apply was interrupted before the call could start. */
  | { call: Call; status: "not-started" }
  /** In flight when the apply stopped waiting for it: it may or may not have been made. */
  | { call: Call; status: "abandoned" };

export interface ApplyResult {
  outcomes: CallOutcome[];
  /** Ids of the items created, by address. */
  created: Map<string, string>;
  /** The cancellation signal stopped the walk before every call had its turn. */
  interrupted: boolean;
}

/** How long an interrupted apply waits, by default, for the calls in flight. */
export const DEFAULT_DRAIN_MS = 10_000;

export interface ExecuteOptions {
  parallelism: number;
  onOutcome?: (outcome: CallOutcome) => void;
  /** Called as each call starts (before its first request is sent). */
  onStart?: (call: Call) => void;
  /** Told, as each call ends (done, failed or skipped), how many of the plan's calls have ended. */
  onProgress?: ProgressListener;
  /** Once aborted, no call starts; those in flight get `drainMs` to finish. */
  signal?: AbortSignal;
  /** How long to wait for the calls in flight after `signal` aborts. Default DEFAULT_DRAIN_MS. */
  drainMs?: number;
  /** Which ready call starts next (a test's seeded shuffle); by default the first that became ready. */
  choose?: ReadyChoice;
}

/** Resolves when `signal` aborts (never when there is none); `dispose` drops the listener. */
function abortion(signal: AbortSignal | undefined): { promise: Promise<void>; dispose(): void } {
  if (!signal) return { promise: new Promise<void>(() => {}), dispose: () => {} };
  let listener = () => {};
  const promise = new Promise<void>((resolve) => {
    listener = () => resolve();
    if (signal.aborted) resolve();
    else signal.addEventListener("abort", listener, { once: true });
  });
  return { promise, dispose: () => signal.removeEventListener("abort", listener) };
}

/** Resolves after `ms`; `dispose` cancels the timer so that it keeps no process alive. */
function delay(ms: number): { promise: Promise<void>; dispose(): void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return { promise, dispose: () => clearTimeout(timer) };
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
  const running = new Map<string, Call>();
  // Aborted when the walk gives up on the calls in flight: their requests are cut off, and
  // whatever they end with is no longer recorded.
  const giveUp = new AbortController();
  // Every request in flight listens to it (and stops listening when it ends): as many as
  // `parallelism`, more than Node's default warning threshold of 10.
  setMaxListeners(0, giveUp.signal);
  const record = (outcome: CallOutcome) => {
    outcomes.push(outcome);
    options.onOutcome?.(outcome);
    options.onProgress?.({
      type: "progress",
      phase: "apply",
      done: outcomes.length,
      total: plan.calls.length,
    });
  };
  options.onProgress?.({ type: "progress", phase: "apply", done: 0, total: plan.calls.length });

  const skipDependents = (failed: Call) => {
    const queue = [...(dependents.get(failed.id) ?? [])];
    while (queue.length > 0) {
      const id = queue.shift()!;
      if (!waitingOn.has(id)) continue;
      waitingOn.delete(id);
      record({ call: byId.get(id)!, status: "skipped", cause: failed.id });
      queue.push(...(dependents.get(id) ?? []));
    }
  };

  /** The calls that wait for `id`, now done, and wait for nothing else go to `ready`. */
  const release = (id: string) => {
    for (const dependent of dependents.get(id) ?? []) {
      const waiting = waitingOn.get(dependent);
      if (!waiting) continue;
      waiting.delete(id);
      if (waiting.size === 0) ready.push(dependent);
    }
  };

  /**
   * Each item of a batch call that answered: its result is its call's outcome. Every item is
   * recorded before any dependent is released or skipped, so that an item the service made is
   * never reported skipped because an earlier item of the same call failed.
   */
  const recordItems = (batch: Call, answer: unknown) => {
    const results = (answer as { results?: unknown } | undefined)?.results;
    const done: string[] = [];
    const failed: Call[] = [];
    batch.batch!.items.forEach((id, index) => {
      const call = byId.get(id)!;
      if (!waitingOn.has(id)) return;
      const outcome = batchItemOutcome(call, Array.isArray(results) ? results[index] : undefined);
      // A delete the bulk call refused goes once more as its own call, whose answer says
      // whether its item was already gone.
      if (outcome.status === "failed" && call.method === "DELETE") return;
      waitingOn.delete(id);
      if (outcome.status === "failed") {
        record(outcome);
        failed.push(call);
        return;
      }
      for (const capture of call.captures ?? []) {
        const address = addressText(capture.address);
        ids.set(address, outcome.ids.get(address)!);
      }
      record({ call, status: "done", carried: true });
      done.push(id);
    });
    for (const call of failed) skipDependents(call);
    for (const id of done) release(id);
  };

  /** Makes one call; true when it succeeded. */
  const run = async (call: Call): Promise<boolean> => {
    try {
      if (call.batch) {
        const sent = await sendBatch(client, call, ids, giveUp.signal);
        if (giveUp.signal.aborted) return false;
        if (sent.absent) {
          // The service has no bulk operation: the items go as their own calls.
          record({ call, status: "done", instead: "the service has no bulk operation: one call per item" });
          return true;
        }
        record({ call, status: "done" });
        recordItems(call, sent.answer);
        return true;
      }
      const answer = await client.send<unknown>({
        method: call.method,
        path: fillPath(call.path, ids),
        ...(call.body === undefined ? {} : { body: fillBody(call.body, call.ids, ids) }),
        // The call says whether it creates; plans saved before it did: the calls with `recover`.
        create: call.create ?? call.recover !== undefined,
        ...(call.recover ? { recover: fillRecover(call.recover, ids) } : {}),
        ...(call.alternate ? { alternate: fillAlternate(call.alternate, ids) } : {}),
        signal: giveUp.signal,
      });
      if (giveUp.signal.aborted) return false;
      if (call.probe) checkProbe(call.probe, answer);
      if (call.refusal) checkRefusal(call.refusal, answer);
      for (const capture of call.captures ?? []) {
        const id = capturedId(answer, capture);
        if (id === undefined)
          throw new DocsyncError(
            "apply.no-id",
            `the answer did not include the id of ${addressText(capture.address)}`,
          );
        ids.set(addressText(capture.address), id);
      }
      record({ call, status: "done" });
      return true;
    } catch (error) {
      if (giveUp.signal.aborted) return false;
      const gone = alreadyGone(call, error);
      if (gone !== undefined) {
        record({ call, status: "done", gone });
        return true;
      }
      record({ call, status: "failed", error: failureMessage(error, call.probe), code: errorCodeOf(error) });
      skipDependents(call);
      return false;
    } finally {
      running.delete(call.id);
    }
  };

  // Start every call whose dependencies are done, keeping at most `parallelism` in flight.
  const ready = plan.calls.filter((call) => call.dependsOn.length === 0).map((call) => call.id);
  const inFlight = new Set<Promise<void>>();
  const startReady = () => {
    while (ready.length > 0 && inFlight.size < options.parallelism && !options.signal?.aborted) {
      const id = options.choose ? ready.splice(options.choose(ready.length), 1)[0]! : ready.shift()!;
      if (!waitingOn.delete(id)) continue;
      const call = byId.get(id)!;
      running.set(id, call);
      options.onStart?.(call);
      const task: Promise<void> = run(call).then((succeeded) => {
        inFlight.delete(task);
        if (succeeded) release(id);
      });
      inFlight.add(task);
    }
  };

  const aborted = abortion(options.signal);
  try {
    startReady();
    while (inFlight.size > 0 && !options.signal?.aborted) {
      await Promise.race([...inFlight, aborted.promise]);
      startReady();
    }
  } finally {
    aborted.dispose();
  }
  if (!options.signal?.aborted) return { outcomes, created: ids, interrupted: false };

  // Interrupted: let the calls in flight finish, for a while.
  const deadline = delay(options.drainMs ?? DEFAULT_DRAIN_MS);
  try {
    const timedOut = deadline.promise.then(() => "timed out" as const);
    while (inFlight.size > 0) {
      if ((await Promise.race([...inFlight, timedOut])) === "timed out") break;
    }
  } finally {
    deadline.dispose();
  }
  const abandoned = [...running.values()];
  giveUp.abort();
  for (const call of abandoned) record({ call, status: "abandoned" });
  for (const call of plan.calls) {
    if (waitingOn.has(call.id)) record({ call, status: "not-started" });
  }
  return { outcomes, created: ids, interrupted: true };
}
