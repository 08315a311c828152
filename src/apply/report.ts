// What apply says while it works and when it ends: one progress line per call done or failed,
// then a report: how many calls were done, each failed call with the API's error and the calls
// skipped because of it (a count and the first few), and, when apply was interrupted, the calls
// not started and those given up on while in flight. Every call appears once in the report.
// The texts hold the API's error messages as they are: callers redact what they print.

import type { Call, Change, Plan } from "../model/plan.ts";
import type { Style } from "../render/style.ts";
import type { ApplyResult, CallOutcome } from "./execute.ts";

/** Skipped or not-started calls listed by name under each heading; the rest are counted. */
export const LISTED_CALLS = 5;

export function changesById(plan: Plan): Map<string, Change> {
  return new Map(plan.changes.map((change) => [change.id, change]));
}

/** `site "Docs" › section "api": create section`. */
export function callName(call: Call, changes: ReadonlyMap<string, Change>): string {
  return `${changes.get(call.change)?.address ?? call.change}: ${call.summary}`;
}

/** The progress line of a call that ended: done or failed; other outcomes wait for the report. */
export function progressLine(
  outcome: CallOutcome,
  changes: ReadonlyMap<string, Change>,
  style: Style,
): string {
  if (outcome.status === "done") {
    const why = outcome.instead ?? outcome.gone;
    const instead = why ? ` (${why})` : "";
    return `  ${style.green("✓")} ${callName(outcome.call, changes)}${instead}\n`;
  }
  if (outcome.status === "failed")
    return `  ${style.red("✗")} ${callName(outcome.call, changes)}: ${outcome.error}\n`;
  return "";
}

type Of<S extends CallOutcome["status"]> = Extract<CallOutcome, { status: S }>;

function byStatus<S extends CallOutcome["status"]>(result: ApplyResult, status: S): Of<S>[] {
  return result.outcomes.filter((outcome): outcome is Of<S> => outcome.status === status);
}

/** The first LISTED_CALLS calls, then how many more. */
function listSome(calls: Call[], changes: ReadonlyMap<string, Change>, marker: string, indent: string) {
  const lines = calls.slice(0, LISTED_CALLS).map((call) => `${indent}${marker} ${callName(call, changes)}`);
  if (calls.length > LISTED_CALLS) lines.push(`${indent}… and ${calls.length - LISTED_CALLS} more`);
  return lines;
}

/** The headline counts, e.g. `3 call(s) done, 1 failed, 7 skipped`. */
export function countsLine(result: ApplyResult): string {
  const parts = [
    `${byStatus(result, "done").length} call(s) done`,
    `${byStatus(result, "failed").length} failed`,
    `${byStatus(result, "skipped").length} skipped`,
  ];
  if (result.interrupted) {
    parts.push(`${byStatus(result, "not-started").length} not started`);
    const abandoned = byStatus(result, "abandoned").length;
    if (abandoned > 0) parts.push(`${abandoned} given up on while in flight`);
  }
  return parts.join(", ");
}

/** The report of an apply that did not make every call: failed, or interrupted. */
export function applyReport(plan: Plan, result: ApplyResult, style: Style): string {
  const changes = changesById(plan);
  const callsById = new Map(plan.calls.map((call) => [call.id, call]));
  const planOrder = new Map(plan.calls.map((call, index) => [call.id, index]));
  const inPlanOrder = (calls: Call[]) =>
    calls.sort((a, b) => (planOrder.get(a.id) ?? 0) - (planOrder.get(b.id) ?? 0));
  const title = result.interrupted ? "Apply interrupted" : "Apply failed";
  const lines = ["", style.bold(`${title}: ${countsLine(result)}.`)];

  const done = byStatus(result, "done");
  if (done.length > 0) lines.push("", `Done: ${done.length} call(s), listed above with ${style.green("✓")}.`);

  const failed = byStatus(result, "failed");
  const skipped = byStatus(result, "skipped");
  if (failed.length > 0) {
    lines.push("", "Failed:");
    for (const failure of failed) {
      lines.push(`  ${style.red("✗")} ${callName(failure.call, changes)}: ${failure.error}`);
      const because = inPlanOrder(
        skipped.filter((outcome) => outcome.cause === failure.call.id).map((outcome) => outcome.call),
      );
      if (because.length === 0) continue;
      lines.push(`    ${because.length} call(s) skipped because of it:`);
      lines.push(...listSome(because, changes, style.yellow("○"), "      "));
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
  const notStarted = inPlanOrder(byStatus(result, "not-started").map((outcome) => outcome.call));
  if (notStarted.length > 0) {
    lines.push("", `Not started: ${notStarted.length} call(s):`);
    lines.push(...listSome(notStarted, changes, "-", "  "));
  }
  lines.push("", "Run `docsync plan` to see what is left; a new apply starts from the live state.");
  return `${lines.join("\n")}\n`;
}

/** One line for the error stream: the failed call (or the first of them) and its error. */
export function failureSummary(plan: Plan, result: ApplyResult): string {
  const changes = changesById(plan);
  const failed = byStatus(result, "failed");
  const [first] = failed;
  if (!first) return `Apply failed: ${countsLine(result)}.`;
  const more = failed.length > 1 ? ` (and ${failed.length - 1} more failed call(s); see the report)` : "";
  return `Apply failed: ${callName(first.call, changes)}: ${first.error.replace(/\s*\n\s*/g, " ")}${more}`;
}
