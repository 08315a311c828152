// A configuration error in a step: one error annotation per diagnostic, on the configuration's
// file, line and column, so that a pull request shows it on the line it is about.

import { relative, resolve, sep } from "node:path";
import { DIAGNOSTICS_SHOWN, type Diagnostic, formatDiagnostics } from "../config/diagnostics.ts";
import { workspaceFolder } from "./environment.ts";
import { type Log, printUntrusted } from "./log.ts";
import type { Result } from "./publish.ts";
import { type ActionCommand, configErrorReport } from "./report.ts";

/**
 * Configuration errors: one annotation per diagnostic, pinned to the file, line and column, for
 * the first ones (as many as the CLI prints); the log says how many more there are.
 */
export function configErrors(
  command: ActionCommand,
  diagnostics: readonly Diagnostic[],
  env: NodeJS.ProcessEnv,
  log: Log,
): Result {
  printUntrusted(log, `${formatDiagnostics(diagnostics)}\n`);
  for (const d of diagnostics.slice(0, DIAGNOSTICS_SHOWN)) {
    log.command("error", d.path === "" ? d.message : `${d.path}: ${d.message}`, {
      file: annotationPath(d.file, env),
      line: d.line,
      col: d.column,
    });
  }
  // publish redacts the report, as everything it writes.
  return { exitCode: 1, changes: false, report: configErrorReport(command, diagnostics) };
}

/** Annotations name files relative to the repository (the workspace), with forward slashes. */
function annotationPath(file: string, env: NodeJS.ProcessEnv): string {
  const workspace = resolve(workspaceFolder(env));
  const absolute = resolve(workspace, file);
  const path = absolute.startsWith(workspace + sep) ? relative(workspace, absolute) : file;
  return path.split(sep).join("/");
}
