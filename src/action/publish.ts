// What a step leaves behind: its outputs, the report file, the plan files and the job summary.

import { appendFile, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Made } from "../engine/words.ts";
import type { ErrorCode } from "../errors.ts";
import type { Plan } from "../model/plan.ts";
import type { Log } from "./log.ts";
import { commentMarker, provenanceLine } from "./provenance.ts";
import type { ActionCommand } from "./report.ts";
import { outputEntry } from "./workflow-commands.ts";

export interface Result {
  /** docsync's exit code (1 when docsync did not run because an input or the configuration was wrong). */
  exitCode: number;
  changes: boolean;
  report: string;
  /** JSON for the plan-file output. */
  planJson?: string;
  /** The self-contained HTML report, for the html-file output. */
  html?: string;
  /** One line on the changes, for the annotation when the step fails (or warns) on them. */
  headline?: string;
  /** The plan (or the drift, as a plan) whose counts become outputs. */
  counted?: Plan;
  /**
   * plan: the plan saved for `apply` (the `plan` input of a later step); apply: the plan for now
   * when it applied nothing and left a plan to approve.
   */
  savedPlan?: string;
  /** apply: the changes made, and the requests sent for them. */
  made?: Made;
  /** When docsync failed: its error's code (docs/json-formats.md). */
  failureReason?: ErrorCode;
}

/** Writes the outputs, the report file and the job summary; false when one could not be written. */
export async function publish(
  env: NodeJS.ProcessEnv,
  step: { command: ActionCommand | "docsync"; label: string; dir: string | undefined },
  result: Result,
  log: Log,
): Promise<boolean> {
  const { command, label } = step;
  try {
    const dir = step.dir ?? (await mkdtemp(join(env.RUNNER_TEMP || tmpdir(), `docsync-${command}-`)));
    const marker = commentMarker(command, label);
    // The marker first, so that a workflow finds this step's comment again by it.
    const report = log.redact(`${marker}\n${result.report}\n${provenanceLine(env, label)}\n`);
    const reportFile = join(dir, "report.md");
    await writeFile(reportFile, report);
    let htmlFile = "";
    if (result.html !== undefined) {
      htmlFile = join(dir, command === "drift" ? "drift.html" : "plan.html");
      await writeFile(htmlFile, log.redact(result.html));
    }
    let planFile = "";
    if (result.planJson !== undefined) {
      planFile = join(dir, command === "drift" ? "drift.json" : "plan.json");
      await writeFile(planFile, log.redact(result.planJson));
    }
    const outputs: Record<string, string> = {
      changes: String(result.changes),
      "exit-code": String(result.exitCode),
      "plan-file": planFile,
      "report-file": reportFile,
      "html-file": htmlFile,
      "saved-plan": result.savedPlan ?? "",
      "comment-marker": marker,
      "failure-reason": result.failureReason ?? "",
      ...countOutputs(result.counted, command === "drift"),
      "changes-made": String(result.made?.changes ?? 0),
      "calls-made": String(result.made?.calls ?? 0),
    };
    if (env.GITHUB_OUTPUT) {
      const entries = Object.entries(outputs).map(([name, value]) => outputEntry(name, log.redact(value)));
      await appendFile(env.GITHUB_OUTPUT, entries.join(""));
    }
    if (env.GITHUB_STEP_SUMMARY) await appendFile(env.GITHUB_STEP_SUMMARY, `${report}\n`);
    return true;
  } catch (error) {
    log.command(
      "error",
      `Could not write the step's outputs: ${error instanceof Error ? error.message : String(error)}`,
    );
    return false;
  }
}

/**
 * The creates, updates, moves and deletes outputs, counted as the summary line counts them: in a
 * plan a replacement is a create and a delete; in drift it is an item that differs.
 */
function countOutputs(plan: Plan | undefined, drift: boolean): Record<string, string> {
  const summary = plan?.summary ?? { create: 0, update: 0, replace: 0, move: 0, delete: 0 };
  const replaced = drift ? 0 : summary.replace;
  return {
    creates: String(summary.create + replaced),
    updates: String(summary.update + summary.replace - replaced),
    moves: String(summary.move),
    deletes: String(summary.delete + replaced),
  };
}
