// The docsync command line: one place builds the commands and one place turns errors into
// a message and an exit code.

import { Command } from "commander";
import { registerEmulatorCommand } from "./commands/emulator.ts";
import { runCli } from "./run.ts";

const program = new Command("docsync")
  .description("Configuration as code for the Docs Platform API: plan and apply docs sites from YAML.")
  .version("0.1.0");

registerEmulatorCommand(program);

process.exitCode = await runCli(program, process.argv);
