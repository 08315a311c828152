// The docsync program: its commands, and the one place that turns errors into a message and
// an exit code. A DocsyncError is expected (bad input, an API failure) and printed without a
// stack trace; anything else is a bug, printed with its stack so that it can be reported.

import { Command, CommanderError } from "commander";
import { DocsyncError } from "../errors.ts";
import { Redactor } from "../secrets/redactor.ts";
import { registerApplyCommand } from "./commands/apply.ts";
import { registerDriftCommand } from "./commands/drift.ts";
import { registerEmulatorCommand } from "./commands/emulator.ts";
import { registerExportCommand } from "./commands/export.ts";
import { registerPlanCommand } from "./commands/plan.ts";
import { registerValidateCommand } from "./commands/validate.ts";
import type { CallerContext, CommandContext } from "./context.ts";
import { redactingOutput } from "./output.ts";

const EXAMPLES = `
Examples:
  $ docsync validate -c docsync.yaml
  $ docsync plan -c docsync.yaml --api-url https://api.example.com
  $ docsync plan -c config/ --detailed-exitcode     # exit 2 when there are changes
  $ docsync apply -c docsync.yaml --yes
  $ docsync plan -c docsync.yaml --out plan.json && docsync apply plan.json -c docsync.yaml
  $ docsync drift -c docsync.yaml --format markdown  # exit 2 when live differs
  $ docsync export --org org_123 -o docsync.yaml     # adopt an existing organization
  $ docsync emulator --port 4010                    # a local API to try configurations on

Environment:
  DOCSYNC_TOKEN     API token (required by every command that calls the API; never printed)
  DOCSYNC_API_URL   base URL of the API, instead of --api-url
  NO_COLOR          no colour, even at a terminal
`;

export function buildProgram(context: CommandContext): Command {
  const program = new Command("docsync")
    .description("Configuration as code for the Docs Platform API: plan and apply docs sites from YAML.")
    .version("0.1.0")
    .addHelpText("after", EXAMPLES)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => context.output.out(text),
      writeErr: (text) => context.output.err(text),
    });
  registerValidateCommand(program, context);
  registerPlanCommand(program, context);
  registerApplyCommand(program, context);
  registerDriftCommand(program, context);
  registerExportCommand(program, context);
  registerEmulatorCommand(program, context);
  for (const command of program.commands) command.exitOverride();
  return program;
}

/**
 * Runs docsync with `args` (without the node and script names); resolves with the exit code.
 * Everything it prints, errors included, is redacted of the token and, once the configuration
 * is loaded, of its sensitive values.
 */
export async function runDocsync(args: string[], caller: CallerContext): Promise<number> {
  const secrets = caller.secrets ?? new Redactor();
  secrets.add([caller.env.DOCSYNC_TOKEN]);
  const context: CommandContext = { ...caller, secrets, output: redactingOutput(caller.output, secrets) };
  const program = buildProgram(context);
  try {
    await program.parseAsync(args, { from: "user" });
    return context.exitCode;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 1;
    if (error instanceof DocsyncError) {
      context.observer?.failed?.(error);
      context.output.err(`Error: ${error.message}\n`);
      return error.exitCode;
    }
    context.output.err(
      `Internal error (please report it): ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    return 1;
  }
}
