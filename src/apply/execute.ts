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
import { abortion, delay } from "./waits.ts";

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

export async function executePlan(
  plan: Plan,
  client: ApiClient,
  options: ExecuteOptions,
): Promise<ApplyResult> {
  return new PlanWalk(plan, client, options).execute();
}

/**
 * One walk of a plan's calls, in named steps: start the ready calls, run each (alone or as a
 * batch), record its outcome, then release its dependents or skip them; when interrupted, drain
 * the calls in flight and give up on the rest.
 */
class PlanWalk {
  private readonly ids = new Map<string, string>();
  private readonly outcomes: CallOutcome[] = [];
  private readonly byId: Map<string, Call>;
  /** The calls not yet started, each with the calls it still waits for. */
  private readonly waitingOn: Map<string, Set<string>>;
  private readonly dependents: Map<string, string[]>;
  private readonly running = new Map<string, Call>();
  // Aborted when the walk gives up on the calls in flight: their requests are cut off, and
  // whatever they end with is no longer recorded.
  private readonly giveUp = new AbortController();
  /** The calls whose dependencies are done, in the order they became ready. */
  private readonly ready: string[];
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly plan: Plan,
    private readonly client: ApiClient,
    private readonly options: ExecuteOptions,
  ) {
    this.byId = new Map(plan.calls.map((call) => [call.id, call]));
    this.waitingOn = new Map(plan.calls.map((call) => [call.id, new Set(call.dependsOn)]));
    this.dependents = dependentsOf(plan.calls);
    this.ready = plan.calls.filter((call) => call.dependsOn.length === 0).map((call) => call.id);
    // Every request in flight listens to it (and stops listening when it ends): as many as
    // `parallelism`, more than Node's default warning threshold of 10.
    setMaxListeners(0, this.giveUp.signal);
  }

  async execute(): Promise<ApplyResult> {
    const { signal } = this.options;
    this.progress(0);
    const aborted = abortion(signal);
    try {
      this.startReady();
      while (this.inFlight.size > 0 && !signal?.aborted) {
        await Promise.race([...this.inFlight, aborted.promise]);
        this.startReady();
      }
    } finally {
      aborted.dispose();
    }
    if (!signal?.aborted) return { outcomes: this.outcomes, created: this.ids, interrupted: false };
    await this.drain();
    return { outcomes: this.outcomes, created: this.ids, interrupted: true };
  }

  /** Starts every call whose dependencies are done, keeping at most `parallelism` in flight. */
  private startReady(): void {
    const { options, ready } = this;
    while (ready.length > 0 && this.inFlight.size < options.parallelism && !options.signal?.aborted) {
      const id = options.choose ? ready.splice(options.choose(ready.length), 1)[0]! : ready.shift()!;
      if (!this.waitingOn.delete(id)) continue;
      const call = this.byId.get(id)!;
      this.running.set(id, call);
      options.onStart?.(call);
      const task: Promise<void> = this.run(call).then((succeeded) => {
        this.inFlight.delete(task);
        if (succeeded) this.release(id);
      });
      this.inFlight.add(task);
    }
  }

  /**
   * Interrupted: lets the calls in flight finish, for a while, then gives up on those still
   * running; the calls never started are reported so.
   */
  private async drain(): Promise<void> {
    const deadline = delay(this.options.drainMs ?? DEFAULT_DRAIN_MS);
    try {
      const timedOut = deadline.promise.then(() => "timed out" as const);
      while (this.inFlight.size > 0) {
        if ((await Promise.race([...this.inFlight, timedOut])) === "timed out") break;
      }
    } finally {
      deadline.dispose();
    }
    const abandoned = [...this.running.values()];
    this.giveUp.abort();
    for (const call of abandoned) this.record({ call, status: "abandoned" });
    for (const call of this.plan.calls) {
      if (this.waitingOn.has(call.id)) this.record({ call, status: "not-started" });
    }
  }

  /** Makes one call; true when it succeeded. */
  private async run(call: Call): Promise<boolean> {
    try {
      return call.batch ? await this.runBatch(call) : await this.runOne(call);
    } catch (error) {
      if (this.giveUp.signal.aborted) return false;
      const gone = alreadyGone(call, error);
      if (gone !== undefined) {
        this.record({ call, status: "done", gone });
        return true;
      }
      this.record({
        call,
        status: "failed",
        error: failureMessage(error, call.probe),
        code: errorCodeOf(error),
      });
      this.skipDependents(call);
      return false;
    } finally {
      this.running.delete(call.id);
    }
  }

  /** A batch call: one request for its items, or, without a bulk operation, their own calls. */
  private async runBatch(call: Call): Promise<boolean> {
    const sent = await sendBatch(this.client, call, this.ids, this.giveUp.signal);
    if (this.giveUp.signal.aborted) return false;
    if (sent.absent) {
      // The service has no bulk operation: the items go as their own calls.
      this.record({ call, status: "done", instead: "the service has no bulk operation: one call per item" });
      return true;
    }
    this.record({ call, status: "done" });
    this.recordItems(call, sent.answer);
    return true;
  }

  /** A call of its own: its references filled with the ids captured so far, its captures kept. */
  private async runOne(call: Call): Promise<boolean> {
    const { ids } = this;
    const answer = await this.client.send<unknown>({
      method: call.method,
      path: fillPath(call.path, ids),
      ...(call.body === undefined ? {} : { body: fillBody(call.body, call.ids, ids) }),
      // The call says whether it creates; plans saved before it did: the calls with `recover`.
      create: call.create ?? call.recover !== undefined,
      ...(call.recover ? { recover: fillRecover(call.recover, ids) } : {}),
      ...(call.alternate ? { alternate: fillAlternate(call.alternate, ids) } : {}),
      signal: this.giveUp.signal,
    });
    if (this.giveUp.signal.aborted) return false;
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
    this.record({ call, status: "done" });
    return true;
  }

  /**
   * Each item of a batch call that answered: its result is its call's outcome. Every item is
   * recorded before any dependent is released or skipped, so that an item the service made is
   * never reported skipped because an earlier item of the same call failed.
   */
  private recordItems(batch: Call, answer: unknown): void {
    const results = (answer as { results?: unknown } | undefined)?.results;
    const done: string[] = [];
    const failed: Call[] = [];
    batch.batch!.items.forEach((id, index) => {
      const call = this.byId.get(id)!;
      if (!this.waitingOn.has(id)) return;
      const outcome = batchItemOutcome(call, Array.isArray(results) ? results[index] : undefined);
      // A delete the bulk call refused goes once more as its own call, whose answer says
      // whether its item was already gone.
      if (outcome.status === "failed" && call.method === "DELETE") return;
      this.waitingOn.delete(id);
      if (outcome.status === "failed") {
        this.record(outcome);
        failed.push(call);
        return;
      }
      for (const capture of call.captures ?? []) {
        const address = addressText(capture.address);
        this.ids.set(address, outcome.ids.get(address)!);
      }
      this.record({ call, status: "done", carried: true });
      done.push(id);
    });
    for (const call of failed) this.skipDependents(call);
    for (const id of done) this.release(id);
  }

  /** The calls that wait for `id`, now done, and wait for nothing else go to `ready`. */
  private release(id: string): void {
    for (const dependent of this.dependents.get(id) ?? []) {
      const waiting = this.waitingOn.get(dependent);
      if (!waiting) continue;
      waiting.delete(id);
      if (waiting.size === 0) this.ready.push(dependent);
    }
  }

  /** Everything that depends on a failed call, directly or not, is skipped, naming it. */
  private skipDependents(failed: Call): void {
    const queue = [...(this.dependents.get(failed.id) ?? [])];
    while (queue.length > 0) {
      const id = queue.shift()!;
      if (!this.waitingOn.has(id)) continue;
      this.waitingOn.delete(id);
      this.record({ call: this.byId.get(id)!, status: "skipped", cause: failed.id });
      queue.push(...(this.dependents.get(id) ?? []));
    }
  }

  private record(outcome: CallOutcome): void {
    this.outcomes.push(outcome);
    this.options.onOutcome?.(outcome);
    this.progress(this.outcomes.length);
  }

  private progress(done: number): void {
    this.options.onProgress?.({ type: "progress", phase: "apply", done, total: this.plan.calls.length });
  }
}
