// What a command runs with: where it writes, its environment, and the exit code it sets.
// Passed explicitly so that commands can run in-process (tests) as they do in a terminal.

import type { Output } from "./output.ts";

export interface CommandContext {
  output: Output;
  env: NodeJS.ProcessEnv;
  /** Set by a command that ends without an error but must not exit 0 (e.g. 2: changes). */
  exitCode: number;
}
