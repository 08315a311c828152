// Where the configuration is and how every command loads it: the first of the steps the commands
// share, in a module of its own so that validate loads no planner.

import { existsSync } from "node:fs";
import { join } from "node:path";
import type { DesiredState } from "../config/types.ts";
import { loadConfiguration } from "../engine/configuration.ts";
import { DocsyncError } from "../errors.ts";
import type { CommandContext } from "./context.ts";

/** Where the configuration is when no -c is given: the first of these that exists here. */
export const DEFAULT_CONFIGS = ["docsync.yaml", "docsync.yml", "docsync"] as const;

/** The configuration found in `cwd` without -c: one of DEFAULT_CONFIGS, and only one. */
export function defaultConfig(cwd: string = process.cwd()): string[] {
  const found = DEFAULT_CONFIGS.filter((name) => existsSync(join(cwd, name)));
  if (found.length === 0) {
    throw new DocsyncError(
      "config.not-found",
      "No configuration: pass -c FILE or FOLDER, or run where docsync.yaml, docsync.yml or a docsync/ folder is.",
    );
  }
  if (found.length > 1) {
    throw new DocsyncError(
      "config.ambiguous",
      `Both ${found.join(" and ")} are here: pass -c to say which is the configuration.`,
    );
  }
  return found;
}

/** The -c paths given, or the configuration found here without them. */
export function configPaths(paths: string[] | undefined): string[] {
  return paths && paths.length > 0 ? paths : defaultConfig();
}

/** With `checkOnly` (validate), the organization's variable may be unset: no API is called. */
export async function loadDesired(
  paths: string[] | undefined,
  context: CommandContext,
  options: { checkOnly?: boolean } = {},
): Promise<DesiredState> {
  return loadConfiguration(
    {
      paths: configPaths(paths),
      env: context.env,
      ...(context.kinds ? { kinds: context.kinds } : {}),
      ...options,
    },
    context.secrets,
  );
}
