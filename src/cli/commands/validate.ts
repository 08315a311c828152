import type { Command } from "commander";
import { ConfigError } from "../../config/diagnostics.ts";
import { configOption } from "../../front/config-option.ts";
import { reportedInDocument } from "../../front/failure.ts";
import { json, type ValidationReport } from "../../front/json-reports.ts";
import { configuredCounts, kindsOf } from "../../kinds/registry.ts";
import { textOrJson } from "../apply-json.ts";
import { loadDesired } from "../configuration.ts";
import type { CommandContext } from "../context.ts";

export function registerValidateCommand(program: Command, context: CommandContext): void {
  configOption(
    program.command("validate").description("Check the configuration files without calling the API"),
  )
    .option(
      "--format <format>",
      "text, or json: the diagnostics as a docsync-validation document",
      textOrJson,
      "text",
    )
    .action(async (options: { config: string[]; format: "text" | "json" }) => {
      const count = (list?: unknown) => (Array.isArray(list) ? list.length : 0);
      if (options.format === "json") {
        // The diagnostics are the document; the message on the error stream and exit code 1 stay.
        // Any other failure (no configuration, a usage error) prints the error document.
        try {
          const desired = await loadDesired(options.config, context, { checkOnly: true });
          const lists = desired as unknown as Record<string, unknown>;
          const report: ValidationReport = {
            format: "docsync-validation",
            version: 1,
            valid: true,
            files: desired.files,
            counts: {
              spaces: Object.keys(desired.spaces).length,
              ...Object.fromEntries(
                kindsOf(desired).reported.map((kind) => [kind.collection, count(lists[kind.collection])]),
              ),
            },
            diagnostics: [],
          };
          context.output.out(json(report));
        } catch (error) {
          if (error instanceof ConfigError) {
            const files = [...new Set(error.diagnostics.map((d) => d.file))];
            const report: ValidationReport = {
              format: "docsync-validation",
              version: 1,
              valid: false,
              files,
              diagnostics: [...error.diagnostics],
              code: error.code,
            };
            context.output.out(json(report));
            reportedInDocument(error);
          }
          throw error;
        }
        return;
      }
      const desired = await loadDesired(options.config, context, { checkOnly: true });
      const counts = configuredCounts(desired).map(({ kind, count }) => `${count} ${kind}(s)`);
      context.output.out(`Configuration is valid: ${desired.files.length} file(s), ${counts.join(", ")}.\n`);
    });
}
