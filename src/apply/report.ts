// What apply says while it works and when it ends: one progress line per call done or failed
// (a batch call's line stands for the items it carried), then a report: how many changes were
// made in how many requests, each failed call with the API's error and the changes skipped
// because of it (a count and the first few), and, when apply was interrupted, the changes not
// started and the calls given up on while in flight. Every change is counted once.
// The texts hold the API's error messages as they are: callers redact what they print.

import { SEPARATOR } from "../model/address.ts";
import type { Call, Change, Plan } from "../model/plan.ts";
import type { Style } from "../render/style.ts";
import type { ApplyResult, CallOutcome } from "./execute.ts";

/** Skipped or not-started calls listed by name under each heading; the rest are counted. */
export const LISTED_CALLS = 5;

export function changesById(plan: Plan): Map<string, Change> {
  return new Map(plan.changes.map((change) => [change.id, change]));
}

/**
 * `site "Docs" › section "api": create section`. A batch call is named by the container of its
 * items: `site "Docs": make 300 changes in one call of the bulk operation`.
 */
export function callName(call: Call, changes: ReadonlyMap<string, Change>): string {
  const address = changes.get(call.change)?.address ?? call.change;
  if (!call.batch) return `${address}: ${call.summary}`;
  const at = address.lastIndexOf(SEPARATOR);
  return `${at < 0 ? address : address.slice(0, at)}: ${call.summary}`;
}

/**
 * The progress line of a call that ended: done or failed; other outcomes wait for the report.
 * A call its batch call carried has none: the batch call's line stands for it.
 */
export function progressLine(
  outcome: CallOutcome,
  changes: ReadonlyMap<string, Change>,
  style: Style,
): string {
  if (outcome.status === "done") {
    if (outcome.carried) return "";
    // A bulk call the service turned away made nothing: its items follow, one line each.
    if (outcome.instead)
      return `  ${style.yellow("↷")} ${callName(outcome.call, changes)}: ${outcome.instead}\n`;
    const gone = outcome.gone ? ` (${outcome.gone})` : "";
    return `  ${style.green("✓")} ${callName(outcome.call, changes)}${gone}\n`;
  }
  if (outcome.status === "failed")
    return `  ${style.red("✗")} ${callName(outcome.call, changes)}: ${outcome.error}\n`;
  return "";
}

/** What an apply made: changes whose every call was made, and the requests sent for them. */
export interface Made {
  changes: number;
  /** Requests sent to the API while making the calls: retries, other forms and the reads of a recovery included. */
  calls: number;
}

/** `302 changes in 4 calls`. */
export const madeText = (made: Made): string =>
  `${plural(made.changes, "change")} in ${plural(made.calls, "call")}`;

const plural = (n: number, word: string) => `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;

/** What became of each change, the worst of its calls' outcomes first. */
const WORST_FIRST: readonly CallOutcome["status"][] = [
  "failed",
  "abandoned",
  "skipped",
  "not-started",
  "done",
];

/** Each change's outcome: the worst outcome of its calls (a change without calls is done). */
export function changeOutcomes(plan: Plan, result: ApplyResult): Map<string, CallOutcome["status"]> {
  const byCall = new Map(result.outcomes.map((outcome) => [outcome.call.id, outcome.status]));
  const outcomes = new Map<string, CallOutcome["status"]>();
  for (const change of plan.changes) {
    let worst = WORST_FIRST.length - 1;
    for (const id of change.calls)
      worst = Math.min(worst, WORST_FIRST.indexOf(byCall.get(id) ?? "not-started"));
    outcomes.set(change.id, WORST_FIRST[worst]!);
  }
  return outcomes;
}

/** How many changes were made, with the requests sent for them. */
export function madeOf(plan: Plan, result: ApplyResult, calls: number): Made {
  let changes = 0;
  for (const status of changeOutcomes(plan, result).values()) if (status === "done") changes += 1;
  return { changes, calls };
}

type Of<S extends CallOutcome["status"]> = Extract<CallOutcome, { status: S }>;

function byStatus<S extends CallOutcome["status"]>(result: ApplyResult, status: S): Of<S>[] {
  return result.outcomes.filter((outcome): outcome is Of<S> => outcome.status === status);
}

/**
 * The first LISTED_CALLS changes of `calls`, each by its first call there, then how many more.
 * Batch calls are no change of their own: their items are listed.
 */
function listChanges(
  calls: Call[],
  changes: ReadonlyMap<string, Change>,
  listed: (change: string) => boolean,
  marker: string,
  indent: string,
) {
  const first = new Map<string, Call>();
  for (const call of calls)
    if (!call.batch && !first.has(call.change) && listed(call.change)) first.set(call.change, call);
  const shown = [...first.values()];
  const lines = shown.slice(0, LISTED_CALLS).map((call) => `${indent}${marker} ${callName(call, changes)}`);
  if (shown.length > LISTED_CALLS) lines.push(`${indent}… and ${shown.length - LISTED_CALLS} more`);
  return { count: shown.length, lines };
}

/**
 * The headline counts, e.g. `3 of 11 changes made in 4 calls; 1 failed, 7 skipped`: each change
 * counted once, by the worst outcome of its calls; `calls` the requests really sent.
 */
export function countsLine(plan: Plan, result: ApplyResult, calls: number): string {
  const counts = new Map<CallOutcome["status"], number>();
  for (const status of changeOutcomes(plan, result).values())
    counts.set(status, (counts.get(status) ?? 0) + 1);
  const parts = [`${counts.get("failed") ?? 0} failed`, `${counts.get("skipped") ?? 0} skipped`];
  if (result.interrupted) {
    parts.push(`${counts.get("not-started") ?? 0} not started`);
    const abandoned = counts.get("abandoned") ?? 0;
    if (abandoned > 0) parts.push(`${abandoned} given up on while in flight`);
  }
  const made = `${counts.get("done") ?? 0} of ${plural(plan.changes.length, "change")} made in ${plural(calls, "call")}`;
  return `${made}; ${parts.join(", ")}`;
}

/** The report of an apply that did not make every call: failed, or interrupted. */
export function applyReport(plan: Plan, result: ApplyResult, calls: number, style: Style): string {
  const changes = changesById(plan);
  const callsById = new Map(plan.calls.map((call) => [call.id, call]));
  const planOrder = new Map(plan.calls.map((call, index) => [call.id, index]));
  const inPlanOrder = (list: Call[]) =>
    list.sort((a, b) => (planOrder.get(a.id) ?? 0) - (planOrder.get(b.id) ?? 0));
  const title = result.interrupted ? "Apply interrupted" : "Apply failed";
  const lines = ["", style.bold(`${title}: ${countsLine(plan, result, calls)}.`)];

  // Each change is listed under the worst outcome of its calls only.
  const outcomes = changeOutcomes(plan, result);
  const whose = (status: CallOutcome["status"]) => (change: string) => outcomes.get(change) === status;
  const made = madeOf(plan, result, calls);
  if (made.changes > 0)
    lines.push(
      "",
      `Made: ${plural(made.changes, "change")}; their calls are marked above with ${style.green("✓")}.`,
    );

  const failed = byStatus(result, "failed");
  const skipped = byStatus(result, "skipped");
  if (failed.length > 0) {
    lines.push("", "Failed:");
    for (const failure of failed) {
      lines.push(`  ${style.red("✗")} ${callName(failure.call, changes)}: ${failure.error}`);
      const because = listChanges(
        inPlanOrder(
          skipped.filter((outcome) => outcome.cause === failure.call.id).map((outcome) => outcome.call),
        ),
        changes,
        whose("skipped"),
        style.yellow("○"),
        "      ",
      );
      if (because.count === 0) continue;
      lines.push(`    ${plural(because.count, "change")} skipped because of it:`, ...because.lines);
    }
  }
  // A skipped call whose cause is not among the failed ones would be a bug; still, list it.
  const orphans = skipped.filter((outcome) => !failed.some((f) => f.call.id === outcome.cause));
  if (orphans.length > 0) {
    lines.push("", "Skipped:");
    for (const { call, cause } of orphans) {
      const causeCall = callsById.get(cause);
      const why = causeCall ? ` (after ${callName(causeCall, changes)})` : "";
      lines.push(`  ${style.yellow("○")} ${callName(call, changes)}${why}`);
    }
  }

  const abandoned = byStatus(result, "abandoned").map((outcome) => outcome.call);
  if (abandoned.length > 0) {
    lines.push("", "Given up on while in flight (each may or may not have been made):");
    for (const call of abandoned) lines.push(`  ${style.yellow("?")} ${callName(call, changes)}`);
  }
  const notStarted = listChanges(
    inPlanOrder(byStatus(result, "not-started").map((outcome) => outcome.call)),
    changes,
    whose("not-started"),
    "-",
    "  ",
  );
  if (notStarted.count > 0)
    lines.push("", `Not started: ${plural(notStarted.count, "change")}:`, ...notStarted.lines);
  lines.push("", "Run `docsync plan` to see what is left; a new apply starts from the live state.");
  return `${lines.join("\n")}\n`;
}

/** One line for the error stream: the failed call (or the first of them) and its error. */
export function failureSummary(plan: Plan, result: ApplyResult): string {
  const changes = changesById(plan);
  const failed = byStatus(result, "failed");
  const [first] = failed;
  if (!first) return "Apply failed.";
  const more = failed.length > 1 ? ` (and ${failed.length - 1} more failed call(s); see the report)` : "";
  return `Apply failed: ${callName(first.call, changes)}: ${first.error.replace(/\s*\n\s*/g, " ")}${more}`;
}
