import type { Command } from "commander";

export function registerEmulatorCommand(program: Command): void {
  program.command("emulator").description("Run the Docs Platform API emulator").action(() => {
    throw new Error("not yet");
  });
}
