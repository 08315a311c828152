import type { Command } from "commander";
import type { CommandContext } from "../context.ts";
import { loadDesired } from "../workflow.ts";
import { configOption } from "./options.ts";

export function registerValidateCommand(program: Command, context: CommandContext): void {
  configOption(
    program.command("validate").description("Check the configuration files without calling the API"),
  ).action(async (options: { config: string[] }) => {
    const desired = await loadDesired(options.config, context);
    const count = (list?: unknown[]) => list?.length ?? 0;
    context.output.out(
      `Configuration is valid: ${desired.files.length} file(s), ${count(desired.sites)} site(s), ${count(desired.teams)} team(s), ` +
        `${count(desired.customFields)} custom field(s), ${count(desired.samlProviders)} SAML provider(s).\n`,
    );
  });
}
