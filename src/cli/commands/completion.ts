// `docsync completion bash|zsh|fish`: prints the shell's completion script.

import { Argument, type Command } from "commander";
import type { CommandContext } from "../context.ts";

export function registerCompletionCommand(
  program: Command,
  context: CommandContext,
  whole: () => Promise<Command>,
): void {
  program
    .command("completion")
    .description(
      'Print the shell completion script: eval "$(docsync completion bash)" (or zsh; fish: | source)',
    )
    // Choices rather than a parser: the completion scripts offer them.
    .addArgument(new Argument("<shell>", "bash, zsh or fish").choices(["bash", "zsh", "fish"]))
    .action(async (shell: "bash" | "zsh" | "fish") => {
      // The script describes every command, so it is made from the whole program.
      const [{ completionScript }, all] = await Promise.all([import("../completion.ts"), whole()]);
      context.output.out(completionScript(shell, all));
    });
}
