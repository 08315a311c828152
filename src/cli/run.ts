// The edge: runs a commander program and maps every error to a message and an exit code.
// A DocsyncError is expected (bad input, API failure) and printed without a stack trace;
// anything else is a bug, printed with its stack so it can be reported.

import { type Command, CommanderError } from "commander";
import { DocsyncError } from "../errors.ts";

export async function runCli(program: Command, argv: string[]): Promise<number> {
  program.exitOverride();
  program.configureOutput({ writeErr: (text) => process.stderr.write(text) });
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === "number" ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander already printed help, the version or the usage error.
      return error.exitCode === 0 ? 0 : 1;
    }
    if (error instanceof DocsyncError) {
      process.stderr.write(`Error: ${error.message}\n`);
      return error.exitCode;
    }
    process.stderr.write(`Internal error (please report it): ${error instanceof Error ? error.stack : String(error)}\n`);
    return 1;
  }
}
