// The docsync command line a step runs: the command its inputs ask for, the configuration, the
// user's `args`, and the arguments the action adds for each command; and the environment docsync
// sees (the step's, without the action's own inputs, with the connection).

import { join } from "node:path";
import { splitArgs } from "./args.ts";
import { booleanInput, getInput } from "./inputs.ts";
import type { ActionCommand } from "./report.ts";

/** The commands the action runs, with the arguments it adds to the user's for each. */
export const OWN_ARGS: Record<ActionCommand, readonly string[]> = {
  plan: ["--format", "json", "--detailed-exitcode"],
  apply: ["--yes"],
  drift: ["--format", "json"],
};

export interface Invocation {
  args: string[];
  env: NodeJS.ProcessEnv;
  /** apply without an approved plan or auto-approve: it only plans, for the plan to be approved. */
  forApproval: boolean;
  /** Where docsync saves a plan: plan's, or, when apply refuses a saved one, the plan for now. */
  savedPlan: string | undefined;
}

export function invocation(
  command: ActionCommand,
  token: string,
  dir: string,
  env: NodeJS.ProcessEnv,
): Invocation {
  const extra = splitArgs(getInput(env, "args"));
  const configs = (getInput(env, "config") || "docsync.yaml")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");

  // docsync sees the step's environment without the action's own inputs, and the connection.
  const docsyncEnv: NodeJS.ProcessEnv = Object.fromEntries(
    Object.entries(env).filter(([name]) => !name.startsWith("INPUT_")),
  );
  docsyncEnv.DOCSYNC_TOKEN = token;
  // The error stream is shown once docsync is done, where progress lines would only be noise;
  // apply's own lines, one per call, are in the log as they happen.
  docsyncEnv.DOCSYNC_PROGRESS ||= "never";
  const apiUrl = getInput(env, "api-url");
  if (apiUrl !== "") docsyncEnv.DOCSYNC_API_URL = apiUrl;

  const savedPlanInput = getInput(env, "plan");
  // apply without an approved plan applies only when the workflow says so (auto-approve);
  // otherwise it plans, for the plan to be approved.
  const forApproval =
    command === "apply" && savedPlanInput === "" && booleanInput(env, "auto-approve") !== true;
  const runs: ActionCommand = forApproval ? "plan" : command;
  const args = [runs, ...(savedPlanInput === "" ? [] : [savedPlanInput])];
  // With a saved plan, -c is the configuration it was made from: apply checks it and plans again.
  args.push(...configs.flatMap((path) => ["-c", path]));
  const own = [...OWN_ARGS[runs]];
  // plan saves its plan; apply of a saved plan, when it refuses it, the plan for now.
  const savedPlan = runs === "plan" || savedPlanInput !== "" ? join(dir, "saved-plan.json") : undefined;
  if (savedPlan) own.push("--out", savedPlan);
  if (env.RUNNER_DEBUG === "1") own.push("--verbose");
  const end = extra.indexOf("--");
  args.push(...(end === -1 ? [...extra, ...own] : [...extra.slice(0, end), ...own, ...extra.slice(end)]));
  return { args, env: docsyncEnv, forApproval, savedPlan };
}
