// What a step runs, as typed options: the action's inputs, and the `args` input read with the
// CLI's own definitions of the options it takes (one parser: a flag means in `args` what it means
// on the command line). A flag the command does not take is the step's input error, found before
// anything is read or sent.

import { join } from "node:path";
import { Command, CommanderError } from "commander";
import { configOption, connectionOptions, targetOption } from "../front/options.ts";
import type { ProgressMode } from "../front/progress-display.ts";
import { splitArgs } from "./args.ts";
import { booleanInput, getInput, InputError } from "./inputs.ts";
import type { ActionCommand } from "./report.ts";

export interface StepOptions {
  /** What docsync runs: apply waiting for approval runs as plan. */
  runs: ActionCommand;
  /** apply without an approved plan or auto-approve: it only plans, for the plan to be approved. */
  forApproval: boolean;
  /** The approved plan an apply step applies (the `plan` input). */
  approved: string | undefined;
  /** Whether docsync saves a plan: plan's, or, when apply refuses a saved one, the plan for now. */
  savesPlan: boolean;
  /** The configuration: the `config` input's lines, then `-c` of `args`. */
  config: string[];
  target: string[];
  allowDestroy: boolean;
  apiUrl?: string;
  parallelism?: number;
  timeout?: number;
  verbose: boolean;
  progress?: ProgressMode;
}

/** What `args` may set: the CLI's options that choose what is planned and how the API is reached. */
interface ArgsOptions {
  config: string[];
  target?: string[];
  allowDestroy?: boolean;
  apiUrl?: string;
  parallelism?: number;
  timeout?: number;
  verbose?: boolean;
  progress?: ProgressMode;
}

/** The parser of `args` for a command: the CLI's definitions of the options `args` may set. */
function argsParser(runs: ActionCommand): Command {
  const command = connectionOptions(configOption(new Command("args")));
  // drift takes neither, as on the command line.
  if (runs !== "drift")
    targetOption(command).option("--allow-destroy", "deletes beyond policy.maxDestroy are allowed");
  // Colour is never used in a step: --no-color is taken, and changes nothing.
  command.option("--no-color", "no colour");
  return command
    .exitOverride()
    .allowExcessArguments(false)
    .configureOutput({ writeOut: () => {}, writeErr: () => {} });
}

/** The `args` input as typed options; an InputError when docsync's command would not take them. */
export function argsOptions(text: string, runs: ActionCommand): ArgsOptions {
  let words: string[];
  try {
    words = splitArgs(text);
  } catch (error) {
    throw new InputError(`Input ${(error as Error).message}.`);
  }
  const parser = argsParser(runs);
  try {
    parser.parse(words, { from: "user" });
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    const message = error.message.replace(/^error: /, "");
    throw new InputError(`Input args is not for docsync ${runs}: ${message}.`);
  }
  return parser.opts<ArgsOptions>();
}

/** Where the step's plan is saved, in the step's own folder. */
export const savedPlanFile = (dir: string) => join(dir, "saved-plan.json");

/** The step's options: its inputs, `args` among them. */
export function stepOptions(command: ActionCommand, env: NodeJS.ProcessEnv): StepOptions {
  const approvedInput = getInput(env, "plan");
  // apply without an approved plan applies only when the workflow says so (auto-approve);
  // otherwise it plans, for the plan to be approved.
  const forApproval =
    command === "apply" && approvedInput === "" && booleanInput(env, "auto-approve") !== true;
  const runs: ActionCommand = forApproval ? "plan" : command;
  const args = argsOptions(getInput(env, "args"), runs);
  const configs = (getInput(env, "config") || "docsync.yaml")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
  const apiUrl = args.apiUrl ?? (getInput(env, "api-url") || undefined);
  return {
    runs,
    forApproval,
    approved: approvedInput === "" ? undefined : approvedInput,
    // plan saves its plan; apply of a saved plan, when it refuses it, the plan for now.
    savesPlan: runs === "plan" || approvedInput !== "",
    config: [...configs, ...args.config],
    target: args.target ?? [],
    allowDestroy: args.allowDestroy === true,
    verbose: args.verbose === true || env.RUNNER_DEBUG === "1",
    ...(apiUrl === undefined ? {} : { apiUrl }),
    ...(args.parallelism === undefined ? {} : { parallelism: args.parallelism }),
    ...(args.timeout === undefined ? {} : { timeout: args.timeout }),
    ...(args.progress === undefined ? {} : { progress: args.progress }),
  };
}
