// `docsync completion bash|zsh|fish`: prints the shell's completion script.

import { type Command, InvalidArgumentError } from "commander";
import type { CommandContext } from "../context.ts";

const SHELL_NAMES = ["bash", "zsh", "fish"];

export function registerCompletionCommand(program: Command, context: CommandContext): void {
  program
    .command("completion")
    .description(
      'Print the shell completion script: eval "$(docsync completion bash)" (or zsh; fish: | source)',
    )
    .argument("<shell>", "bash, zsh or fish", (value: string) => {
      if (!SHELL_NAMES.includes(value)) throw new InvalidArgumentError("must be bash, zsh or fish");
      return value;
    })
    .action(async (shell: "bash" | "zsh" | "fish") => {
      // The script describes every command, so it is made from the whole program.
      const [{ completionScript }, { buildProgram }] = await Promise.all([
        import("../completion.ts"),
        import("../program.ts"),
      ]);
      context.output.out(completionScript(shell, await buildProgram(context)));
    });
}
