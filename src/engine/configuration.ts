// Loading the configuration: read, check and resolve the files, and from then on keep the
// configuration's sensitive values out of everything the session tells.

import { loadConfig } from "../config/load.ts";
import type { DesiredState } from "../config/types.ts";
import type { KindSet } from "../kinds/kind-set.ts";
import type { Redactor } from "../secrets/redactor.ts";
import type { EngineListener } from "./events.ts";

export interface ConfigurationSource {
  /** Files or folders (a folder: every *.yaml and *.yml in it). */
  paths: readonly string[];
  /** What `${VAR}` reads. */
  env: Readonly<Record<string, string | undefined>>;
  /** The folder relative paths start from; default the process's. */
  cwd?: string;
  /** The organization's variable may be unset: no API is called (validate). */
  checkOnly?: boolean;
  /** The kinds the configuration may list; default: the built-in ones. */
  kinds?: KindSet;
}

/**
 * Loads and checks a configuration (a ConfigError `config.invalid` lists every problem); adds its
 * sensitive values to `secrets` and tells it as a `configuration` event before anything else can.
 */
export async function loadConfiguration(
  source: ConfigurationSource,
  secrets: Redactor,
  emit: EngineListener = () => {},
): Promise<DesiredState> {
  const desired = await loadConfig({
    paths: [...source.paths],
    env: source.env,
    ...(source.cwd ? { cwd: source.cwd } : {}),
    ...(source.checkOnly ? { checkOnly: true } : {}),
    ...(source.kinds ? { kinds: source.kinds } : {}),
  });
  secrets.add(desired.sensitiveValues);
  emit({ type: "configuration", desired });
  return desired;
}
