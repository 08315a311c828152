// `-c`, the option of every command that reads the configuration, in a module of its own: validate
// loads it without the renderers that other shared options name.

import { type Command, Option } from "commander";

/** Commander helper for repeatable options. */
export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** `-c`: the configuration files or folders. */
export const configOption = (command: Command): Command =>
  command.addOption(
    new Option("-c, --config <path>", "configuration file or folder (repeatable)")
      .argParser(collect)
      .default([], "docsync.yaml, docsync.yml or the folder docsync/, whichever is here"),
  );
