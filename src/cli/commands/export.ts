import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import type { Command } from "commander";
import { type ExportResult, exportLive, listed, type SecretVariable } from "../../engine/export.ts";
import { DocsyncError } from "../../errors.ts";
import { connect } from "../../front/connection.ts";
import { type ExportReport, json } from "../../front/json-reports.ts";
import { connectionOptions } from "../../front/options.ts";
import { type KindSet, pluralOf } from "../../kinds/kind-set.ts";
import { builtInKinds } from "../../kinds/registry.ts";
import { textOrJson } from "../apply-json.ts";
import type { CommandContext } from "../context.ts";
import { commandSession } from "../engine-session.ts";

interface ExportOptions {
  org?: string;
  output?: string;
  force?: boolean;
  pruneOrg?: boolean;
  apiUrl?: string;
  parallelism: number;
  verbose?: boolean;
  format: "text" | "json";
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The count of each kind an export writes (a kind with no `toConfig` is never exported). */
function summary(counts: ExportResult["counts"], kinds: KindSet): string {
  // A singleton is one object, not a count; a kind the export does not write is not counted.
  return kinds.reported
    .filter((kind) => !kind.singleton && kind.toConfig)
    .map((kind) => plural(counts[kind.collection] ?? 0, kind.kind, pluralOf(kind)))
    .join(", ");
}

/** The variables an exported file interpolates in place of secrets, for the error stream. */
function variablesToSet(variables: readonly SecretVariable[], file: string | undefined): string {
  const lines = variables.map((variable) => `  ${variable.name}: ${variable.holds}\n`);
  const where = file === undefined ? "the configuration" : file;
  return `Secrets are kept out of ${where}. Set these environment variables to their live values before docsync reads it:\n${lines.join("")}`;
}

const exists = (path: string) =>
  new DocsyncError("export.file-exists", `${path} already exists; pass --force to overwrite it.`);

export function registerExportCommand(program: Command, context: CommandContext): void {
  const command = program
    .command("export")
    .description("Write the configuration of a live organization, which then plans to no changes");
  connectionOptions(command)
    .option("--org <id>", "organization id (default: $DOCSYNC_ORG)")
    .option("-o, --output <file>", "write the configuration to this file instead of standard output")
    .option("--force", "overwrite the output file when it exists")
    .option(
      "--prune-org",
      // A singleton, and a kind whose items the export finds (no call lists them), is never pruned.
      // The help is made before any session: the run's kinds are the context's.
      `also prune ${listed((context.kinds ?? builtInKinds).reported.filter((kind) => !kind.exportFind && !kind.singleton).map(pluralOf))}: live ones the file does not list are deleted`,
    )
    .option(
      "--format <format>",
      "text, or json: what was written, as a docsync-export document (with the YAML when there is no -o)",
      textOrJson,
      "text",
    )
    .action(async (options: ExportOptions) => {
      const organization = options.org ?? context.env.DOCSYNC_ORG;
      if (!organization) {
        throw new DocsyncError("cli.no-organization", "No organization: pass --org or set DOCSYNC_ORG.");
      }
      // Before any request: a refusal should not wait for the whole organization to be read.
      if (options.output !== undefined && !options.force && existsSync(options.output)) {
        throw exists(options.output);
      }
      const client = connect(options, context.env, context.output);
      const session = commandSession(context, client);
      let result: ExportResult;
      try {
        result = await exportLive(session, organization, {
          pruneOrganizationWide: options.pruneOrg === true,
        });
      } finally {
        await client.close();
      }
      for (const warning of result.warnings) context.output.err(`Warning: ${warning}\n`);
      if (result.variables.length > 0) context.output.err(variablesToSet(result.variables, options.output));
      const report: ExportReport = {
        format: "docsync-export",
        version: 1,
        organization,
        counts: { ...result.counts } as Record<string, number>,
        warnings: result.warnings,
        variables: result.variables,
      };
      if (options.output === undefined) {
        if (options.format === "json") {
          context.output.out(json({ ...report, yaml: result.yaml }));
          return;
        }
        context.output.out(result.yaml);
        return;
      }
      try {
        await writeFile(options.output, context.secrets.redact(result.yaml), {
          flag: options.force ? "w" : "wx",
        });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") throw exists(options.output);
        throw new DocsyncError(
          "export.write",
          `Cannot write ${options.output}: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
      if (options.format === "json") {
        context.output.out(json({ ...report, file: options.output }));
        return;
      }
      context.output.out(
        `Exported organization ${organization} to ${options.output}: ${summary(result.counts, session.kinds)}.\n` +
          `Check it with: docsync plan -c ${options.output}${result.variables.length > 0 ? ", once the variables above are set" : ""} (it shows no changes).\n`,
      );
    });
}
