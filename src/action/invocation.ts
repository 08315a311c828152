// The docsync command line a step runs, made from the step's typed options (options.ts): the
// command, the configuration, the options of `args` as the CLI parsed them, and the arguments the
// action adds for each command; and the environment docsync sees (the step's, without the
// action's own inputs, with the connection).

import { getInput } from "./inputs.ts";
import { type StepOptions, savedPlanFile } from "./options.ts";
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
}

/** `dir`: the step's own folder, for the plan it saves. */
export function invocation(
  step: StepOptions,
  token: string,
  dir: string,
  env: NodeJS.ProcessEnv,
): Invocation {
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

  const { runs } = step;
  const args = [runs, ...(step.approved === undefined ? [] : [step.approved])];
  // With a saved plan, -c is the configuration it was made from: apply checks it and plans again.
  args.push(...step.config.flatMap((path) => ["-c", path]));
  args.push(...step.target.flatMap((address) => ["--target", address]));
  if (step.allowDestroy) args.push("--allow-destroy");
  if (step.apiUrl !== undefined) args.push("--api-url", step.apiUrl);
  if (step.parallelism !== undefined) args.push("--parallelism", String(step.parallelism));
  if (step.timeout !== undefined) args.push("--timeout", String(step.timeout));
  if (step.progress !== undefined) args.push("--progress", step.progress);
  if (step.verbose) args.push("--verbose");
  args.push(...OWN_ARGS[runs]);
  if (step.savesPlan) args.push("--out", savedPlanFile(dir));
  return { args, env: docsyncEnv };
}
