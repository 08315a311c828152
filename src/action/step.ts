// A step's run of docsync on the engine: where what it prints goes (the Seen record, and for
// apply the log as it happens), the engine's session over the step's client, and the end of a
// run that failed, told as `docsync` tells it. What a step prints is what the CLI prints for the
// same run, so that the log reads the same whichever runs it; only a saved plan is named the
// workflow's way (plan-step.ts), as a workflow applies it.

import type { ApiClient } from "../api/client-types.ts";
import { DEFAULT_PARALLELISM } from "../api/parallelism.ts";
import type { DesiredState } from "../config/types.ts";
import type { CallsOptions } from "../engine/calls.ts";
import { loadConfiguration } from "../engine/configuration.ts";
import type { EngineEvent } from "../engine/events.ts";
import { createSession, type Session } from "../engine/session.ts";
import { callLogText } from "../engine/words.ts";
import { DocsyncError } from "../errors.ts";
import { callsOptions } from "../front/apply-calls.ts";
import type { RequestCounter } from "../front/connection.ts";
import type { Interruption } from "../front/interruption.ts";
import type { Output } from "../front/output.ts";
import { ProgressDisplay } from "../front/progress-display.ts";
import type { Plan } from "../model/plan.ts";
import { redactPlan } from "../render/redact.ts";
import { plainStyle } from "../render/style.ts";
import { renderPlanText } from "../render/text.ts";
import type { Log } from "./log.ts";
import type { StepOptions } from "./options.ts";
import type { ActionCommand } from "./report.ts";
import type { Seen } from "./seen.ts";

/** What a step runs with. */
export interface StepContext {
  step: StepOptions;
  /** The environment docsync sees (environment.ts): `${VAR}`, the connection's variables. */
  env: NodeJS.ProcessEnv;
  /** The folder the step's relative paths start from: the workspace (environment.ts). */
  cwd: string;
  log: Log;
  seen: Seen;
  output: Output;
  interruption?: Interruption | undefined;
}

/**
 * Where the step's run prints: its standard output into `seen.out` (apply's also into the log,
 * as it happens), its error stream into `seen.err`, shown once the run is done (a configuration
 * error is shown as annotations instead). Plan and apply show their progress there as the CLI
 * does; `end` takes the progress away.
 */
export function stepOutput(
  command: ActionCommand,
  log: Log,
  seen: Seen,
): { output: Output; end: () => void } {
  const raw: Output = {
    out: (text) => {
      seen.out += text;
      if (command === "apply") log.text(text);
    },
    err: (text) => {
      seen.err += text;
    },
    style: plainStyle,
    interactive: false,
    ask: async () => "",
  };
  if (command === "drift") return { output: raw, end: () => {} };
  const progress = new ProgressDisplay(raw, (text) => log.redact(text));
  return { output: progress.wrap(raw), end: () => progress.end() };
}

/** The step's configuration, loaded; its organization is what the step's report names. */
export const loadDesired = (context: StepContext): Promise<DesiredState> =>
  loadConfiguration(
    { paths: context.step.config, env: context.env, cwd: context.cwd },
    context.log.secrets,
    (event) => {
      if (event.type === "configuration") context.seen.organization = event.desired.organization;
    },
  );

/** The plan an apply is about to make, as the CLI shows it. */
export const showPlan = (context: StepContext, plan: Plan): void =>
  context.output.out(renderPlanText(redactPlan(plan, context.log.secrets), plainStyle));

/** The engine's session over the step's client: its events become the log and the Seen record. */
export function stepSession(context: StepContext, client: ApiClient, counter?: RequestCounter): Session {
  const { output, seen } = context;
  const onEvent = (event: EngineEvent): void => {
    if (event.type === "progress" || event.type === "wait") output.progress?.listen(event);
    else if (event.type === "configuration") seen.organization = event.desired.organization;
    else if (event.type === "planned") {
      seen.applyHadChanges = event.plan.changes.length > 0;
      seen.counted = event.plan;
      showPlan(context, event.plan);
    } else if (event.type === "applied") seen.addMade(event.made);
    else {
      const text = callLogText(event, plainStyle);
      if (text !== undefined) output.out(context.log.redact(text));
    }
  };
  return createSession({
    client,
    // docsync adds the configuration's sensitive values to the step's redactor as it loads them.
    secrets: context.log.secrets,
    ...(counter ? { sent: () => counter.sent } : {}),
    onEvent,
  });
}

/** How apply makes its calls in a step: the parallelism asked for, the step's signals stopping them. */
export const stepCalls = (context: StepContext): CallsOptions =>
  callsOptions(
    { env: context.env, ...(context.interruption ? { interruption: context.interruption } : {}) },
    context.step.parallelism ?? DEFAULT_PARALLELISM,
  );

/**
 * Runs `work` and resolves with its exit code; what ends it is told as docsync tells it: a
 * DocsyncError's message (recorded in `seen.failure`), anything else as a bug, with its stack.
 * `unanswered` rejects when the process runs out of work first.
 */
export async function runStep(
  context: StepContext,
  work: () => Promise<number>,
  unanswered?: Promise<never>,
): Promise<number> {
  const { output } = context;
  try {
    return await (unanswered ? Promise.race([work(), unanswered]) : work());
  } catch (error) {
    let exitCode = 1;
    if (error instanceof DocsyncError) {
      context.seen.failure = error;
      output.err(`Error: ${error.message}\n`);
      exitCode = error.exitCode;
    } else
      output.err(
        `Internal error (please report it): ${error instanceof Error ? error.stack : String(error)}\n`,
      );
    return exitCode;
  }
}
