// The GitHub Action: reads the inputs the way the runner passes them (INPUT_* variables), runs
// the step's command on the engine, and hands the result back the way the runner reads it: workflow commands
// on the standard output (masks, annotations), outputs in $GITHUB_OUTPUT, the Markdown report
// appended to $GITHUB_STEP_SUMMARY, and an exit code.
//
// Secrets: the token is masked first of all, reaches docsync only as DOCSYNC_TOKEN, and every
// text the action writes (log, workflow commands, outputs, report and plan files, job summary)
// goes through one redactor, the engine session's too, that holds the token and the configuration's
// sensitive values.
// Text that comes from the configuration or the live state is printed with workflow commands
// stopped, so that a value cannot pass itself off as a command.

import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError } from "../config/diagnostics.ts";
import { refusalError } from "../engine/words.ts";
import { type ErrorCode, errorCodeOf } from "../errors.ts";
import type { Interruption } from "../front/interruption.ts";
import { runApply, runApplySaved } from "./apply-step.ts";
import { refusedResult } from "./approval.ts";
import { configErrors } from "./config-errors.ts";
import { runDrift } from "./drift-step.ts";
import { docsyncEnvironment, workspaceFolder } from "./environment.ts";
import { booleanInput, getInput, InputError } from "./inputs.ts";
import { type ActionStreams, Log, printUntrusted, processStreams } from "./log.ts";
import { type StepOptions, savedPlanFile, stepOptions } from "./options.ts";
import { runPlan } from "./plan-step.ts";
import { LABEL_PATTERN } from "./provenance.ts";
import { publish, type Result } from "./publish.ts";
import { type ActionCommand, applyReport, errorReport } from "./report.ts";
import { Seen } from "./seen.ts";
import { shownResult } from "./shown.ts";
import { runStep, type StepContext, stepOutput } from "./step.ts";

const COMMANDS: readonly ActionCommand[] = ["plan", "apply", "drift"];

/** What a step's run of docsync needs besides its inputs. */
interface StepSetup {
  command: ActionCommand;
  options: StepOptions;
  token: string;
  /** A folder of this step's own under $RUNNER_TEMP, for the report and the plan files. */
  dir: string;
  /** Set when docsync fails: the code of its error (the failure-reason output). */
  failureReason?: ErrorCode;
}

/**
 * Runs the action with the environment the runner gives a step; resolves with the step's exit
 * code. `interruption`: what SIGINT and SIGTERM do (the runner sends them to cancel a job), as
 * for the CLI; `unanswered`: rejects when the process runs out of work first (src/front/unanswered.ts).
 */
export async function runAction(
  env: NodeJS.ProcessEnv,
  streams: ActionStreams = processStreams,
  interruption?: Interruption,
  unanswered?: Promise<never>,
): Promise<number> {
  const log = new Log(streams);
  const token = getInput(env, "token");
  if (token !== "") {
    log.mask(token);
    log.secrets.add([token]);
  }
  const commandInput = getInput(env, "command") || "plan";
  const command = COMMANDS.find((name) => name === commandInput);
  let result: Result;
  let failOnChanges = false;
  let label = "";
  let dir: string | undefined;
  try {
    label = getInput(env, "label");
    if (label !== "" && !LABEL_PATTERN.test(label))
      throw new InputError(
        `Input label must be letters, digits, ".", "_" or "-" (at most 64), not ${JSON.stringify(label)}.`,
      );
    if (!command)
      throw new InputError(
        `Input command must be plan, apply or drift, not ${JSON.stringify(commandInput)}.`,
      );
    if (token === "") throw new InputError("Input token is required: pass the API token from a secret.");
    failOnChanges = booleanInput(env, "fail-on-changes") ?? command === "drift";
    if (getInput(env, "plan") !== "" && command !== "apply")
      throw new InputError("Input plan is a saved plan to apply: it goes with command apply only.");
    if (booleanInput(env, "auto-approve") !== undefined && command !== "apply")
      throw new InputError("Input auto-approve goes with command apply only.");
    // Before anything is written: an `args` docsync's command would not take is an input error.
    const options = stepOptions(command, env);
    dir = await mkdtemp(join(env.RUNNER_TEMP || tmpdir(), `docsync-${command}-`));
    const setup: StepSetup = { command, options, token, dir };
    result = await run(setup, env, log, interruption, unanswered);
    if (setup.failureReason) result.failureReason = setup.failureReason;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!(error instanceof InputError))
      log.text(`${error instanceof Error ? error.stack : message}\n`, "stderr");
    log.command("error", message);
    result = {
      exitCode: 1,
      changes: false,
      report: errorReport(command ?? "docsync", 1, log.redact(message)),
      failureReason: error instanceof InputError ? "action.input" : errorCodeOf(error),
    };
  }

  const reported = await publish(env, { command: command ?? "docsync", label, dir }, result, log);
  let stepCode = result.exitCode;
  if (command !== "apply" && result.exitCode === 2) {
    // Changes are a result, not an error, unless the workflow says they must fail the step.
    stepCode = failOnChanges ? 2 : 0;
    const headline = `${result.headline ?? "There are changes."} See the job summary.`;
    if (failOnChanges) log.command("error", headline);
    else if (command === "drift") log.command("warning", headline);
  }
  return reported ? stepCode : 1;
}

/** Everything from reading the configuration to docsync's report. */
async function run(
  setup: StepSetup,
  env: NodeJS.ProcessEnv,
  log: Log,
  interruption: Interruption | undefined,
  unanswered?: Promise<never>,
): Promise<Result> {
  const { command } = setup;
  const { forApproval } = setup.options;
  const savedPlan = setup.options.savesPlan ? savedPlanFile(setup.dir) : undefined;
  const seen = new Seen();
  const { output, end } = stepOutput(command, log, seen);
  const context: StepContext = {
    step: setup.options,
    env: docsyncEnvironment(setup.token, env),
    cwd: workspaceFolder(env),
    log,
    seen,
    output,
    interruption,
  };
  // apply's progress is long: folded in the log, as what plan and drift print below. An apply
  // that only plans, for approval, prints its plan below as plan does, and nothing before.
  const folded = command === "apply" && !forApproval;
  if (folded) {
    const { runs, approved } = setup.options;
    log.command("group", approved === undefined ? `docsync ${runs}` : `docsync ${runs} ${approved}`);
  }
  log.stopCommands();
  let exitCode: number;
  try {
    exitCode = await runStep(context, () => runOn(context, savedPlan), unanswered);
  } finally {
    end();
    log.resumeCommands();
    if (folded) log.command("endgroup", "");
  }
  const { failure, shown, organization, applied } = seen;
  // A plan that apply will refuse is shown as a plan, its banner first, and fails the step.
  const refusal = shown?.command === "plan" && failure === undefined ? shown.plan.refusals?.[0] : undefined;
  if (exitCode !== 0 && exitCode !== 2) setup.failureReason = failure?.code ?? refusal?.code ?? "internal";
  if (failure instanceof ConfigError) return configErrors(command, failure.diagnostics, env, log);
  printUntrusted(log, seen.err);
  // docsync's own error, as it reported it; a bug's text only from what it printed.
  const error = log.redact(failure?.message ?? errorMessage(seen.err));

  const failed = exitCode !== 0 && exitCode !== 2 && refusal === undefined;
  if (failed) log.command("error", error || `docsync ${command} exited with code ${exitCode}.`);
  if (refusal) log.command("error", log.redact(refusalError(refusal).message));
  if (command === "apply" && !forApproval) {
    if (applied.refused) return refusedResult(exitCode, applied.refused, organization, savedPlan);
    return {
      exitCode,
      changes: seen.applyHadChanges,
      ...(seen.counted ? { counted: seen.counted } : {}),
      made: applied.made,
      report: applyReport({ organization, exitCode, log: log.redact(seen.out), error: failed ? error : "" }),
    };
  }
  if (failed)
    return { exitCode, changes: false, report: errorReport(command, exitCode, error, organization) };
  if (!shown) throw new Error(`docsync ${command} ended without showing its result.`);
  return shownResult(shown, { exitCode, organization, savedPlan, forApproval }, env, log);
}

/** The step's command on the engine: drift, plan (an apply for approval plans), or apply. */
function runOn(context: StepContext, savedPlan: string | undefined): Promise<number> {
  const { runs, approved } = context.step;
  if (runs === "drift") return runDrift(context);
  if (runs === "plan") return runPlan(context, savedPlan);
  return approved === undefined ? runApply(context) : runApplySaved(context, approved, savedPlan!);
}

/** What docsync said went wrong: its last message on the error stream, without `Error: `. */
function errorMessage(err: string): string {
  const at = err.search(/^(?:Error: |Internal error)(?![\s\S]*^(?:Error: |Internal error))/m);
  return (at === -1 ? err : err.slice(at)).replace(/^Error: /, "").trim();
}
