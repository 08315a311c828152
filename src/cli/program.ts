// The docsync program: its commands, run with every error reported in one place (failure.ts).

import { Command } from "commander";
import { asksForJson, reportFailure, reportSignalExits } from "../front/failure.ts";
import { redactingOutput } from "../front/output.ts";
import { ProgressDisplay } from "../front/progress-display.ts";
import { plainStyle } from "../render/style.ts";
import { Redactor } from "../secrets/redactor.ts";
import { VERSION } from "../version.ts";
import type { CallerContext, CommandContext } from "./context.ts";

const EXAMPLES = `
Examples:
  $ docsync validate -c docsync.yaml
  $ docsync plan -c docsync.yaml --api-url https://api.example.com
  $ docsync plan -c config/ --detailed-exitcode     # exit 2 when there are changes
  $ docsync apply -c docsync.yaml --yes
  $ docsync plan -c docsync.yaml --out plan.json && docsync apply plan.json -c docsync.yaml
  $ docsync drift -c docsync.yaml --format markdown  # exit 2 when live differs
  $ docsync show plan.json --format markdown         # a saved plan, as plan shows it
  $ docsync export --org org_123 -o docsync.yaml     # adopt an existing organization
  $ eval "$(docsync completion bash)"                # completion (bash, zsh or fish)
  $ docsync emulator --port 4010                    # a local API to try configurations on

Environment:
  DOCSYNC_TOKEN     API token (required by every command that calls the API; never printed)
  DOCSYNC_API_URL   base URL of the API, instead of --api-url
  DOCSYNC_ORG       the organization, for configurations that say organization: \${DOCSYNC_ORG}
  DOCSYNC_TIMEOUT   seconds each API request waits for its answer, instead of --timeout (default 30)
  DOCSYNC_PROGRESS  never, auto or always: progress on the error stream, instead of --progress (default auto)
  HTTPS_PROXY, HTTP_PROXY, NO_PROXY   the proxy to reach the API through, and hosts to reach directly
  NO_COLOR          no colour, even at a terminal
  FORCE_COLOR       colour even when not at a terminal (0 or false: never)
`;

/** `whole`: the program with every command, for a command that describes them all (completion). */
type Register = (program: Command, context: CommandContext, whole: () => Promise<Command>) => void;

/**
 * Each command's module, loaded only when the command runs (or help lists them all), so that a
 * command does not pay at start-up for what only others need: the HTTP client, the planner, the
 * Markdown renderer, the emulator.
 */
const COMMANDS: Record<string, () => Promise<Register>> = {
  validate: async () => (await import("./commands/validate.ts")).registerValidateCommand,
  plan: async () => (await import("./commands/plan.ts")).registerPlanCommand,
  apply: async () => (await import("./commands/apply.ts")).registerApplyCommand,
  drift: async () => (await import("./commands/drift.ts")).registerDriftCommand,
  export: async () => (await import("./commands/export.ts")).registerExportCommand,
  show: async () => (await import("./commands/show.ts")).registerShowCommand,
  completion: async () => (await import("./commands/completion.ts")).registerCompletionCommand,
  emulator: async () => (await import("./commands/emulator.ts")).registerEmulatorCommand,
};

/** The command `args` names, if it names one. */
function commandOf(args: readonly string[]): string | undefined {
  const first = args.find((arg) => !arg.startsWith("-"));
  return first !== undefined && Object.hasOwn(COMMANDS, first) ? first : undefined;
}

/** The commands `args` needs: the one it names, or all of them (for help, or a mistyped name). */
function commandsFor(args: readonly string[]): string[] {
  const command = commandOf(args);
  return command !== undefined ? [command] : Object.keys(COMMANDS);
}

export async function buildProgram(context: CommandContext, args: readonly string[] = []): Promise<Command> {
  const program = new Command("docsync")
    .description("Configuration as code for the Docs Platform API: plan and apply docs sites from YAML.")
    .version(VERSION)
    .addHelpText("after", EXAMPLES)
    .exitOverride()
    .option("--no-color", "no colour, whatever the terminal and the environment say")
    .configureOutput({
      writeOut: (text) => context.output.out(text),
      writeErr: (text) => context.output.err(text),
      // One prefix for every error, commander's usage errors included.
      outputError: (text, write) => write(text.replace(/^error: /, "Error: ")),
    });
  const names = commandsFor(args);
  const registers = await Promise.all(names.map((name) => COMMANDS[name]!()));
  for (const register of registers) register(program, context, () => buildProgram(context));
  for (const command of program.commands) command.exitOverride();
  return program;
}

/**
 * Runs docsync with `args` (without the node and script names); resolves with the exit code.
 * Everything it prints, errors included, is redacted of the token and, once the configuration
 * is loaded, of its sensitive values. With `--format json`, a failure prints a JSON document
 * with the error's code, a signal that ends the process at once included.
 */
export async function runDocsync(args: string[], caller: CallerContext): Promise<number> {
  const secrets = caller.secrets ?? new Redactor();
  secrets.add([caller.env.DOCSYNC_TOKEN]);
  // The progress line is written past the redacting output, so that taking it away before each
  // write never goes through it; what it writes is redacted all the same.
  const progress = new ProgressDisplay(caller.output, (text) => secrets.redact(text), {
    ...(caller.clock ? { clock: caller.clock } : {}),
  });
  let context: CommandContext = {
    ...caller,
    secrets,
    output: progress.wrap(redactingOutput(caller.output, secrets)),
  };
  // --no-color holds wherever it is given (before or after the command's name), so it is taken
  // out here rather than parsed by each command.
  const end = args.indexOf("--");
  const options = end === -1 ? args : args.slice(0, end);
  if (options.includes("--no-color")) {
    args = [...options.filter((arg) => arg !== "--no-color"), ...(end === -1 ? [] : args.slice(end))];
    context = { ...context, output: { ...context.output, style: plainStyle } };
  }
  const ended = { command: commandOf(args), json: asksForJson(args) };
  reportSignalExits(context, ended);
  try {
    const run = async () => {
      const program = await buildProgram(context, args);
      await program.parseAsync(args, { from: "user" });
    };
    await (context.unanswered ? Promise.race([run(), context.unanswered]) : run());
    return context.exitCode;
  } catch (error) {
    return reportFailure(error, context, ended);
  } finally {
    progress.end();
    context.interruption?.onExit(undefined);
  }
}
