// The environment a step's run of docsync sees: the step's, without the action's own inputs,
// with the connection (the token, and the `api-url` input as DOCSYNC_API_URL).

import { getInput } from "./inputs.ts";

/**
 * The folder a step's relative paths (the `config` and `plan` inputs) start from: the workspace
 * the runner names, where it starts an action (a step's `working-directory` is for `run` steps
 * only); the process's own folder where no workspace is named.
 */
export const workspaceFolder = (env: NodeJS.ProcessEnv): string => env.GITHUB_WORKSPACE || process.cwd();

export function docsyncEnvironment(token: string, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const docsyncEnv: NodeJS.ProcessEnv = Object.fromEntries(
    Object.entries(env).filter(([name]) => !name.startsWith("INPUT_")),
  );
  docsyncEnv.DOCSYNC_TOKEN = token;
  // The error stream is shown once docsync is done, where progress lines would only be noise;
  // apply's own lines, one per call, are in the log as they happen.
  docsyncEnv.DOCSYNC_PROGRESS ||= "never";
  const apiUrl = getInput(env, "api-url");
  if (apiUrl !== "") docsyncEnv.DOCSYNC_API_URL = apiUrl;
  return docsyncEnv;
}
