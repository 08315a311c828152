// Configuration errors: every problem is a diagnostic pinned to a file position, and all of
// them travel together in one ConfigError so a user can fix everything in one pass.

import { DocsyncError } from "../errors.ts";

export interface Diagnostic {
  /** The file as the user named it (or relative to the working folder). */
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
  /** Key path inside the file, such as `sites[0].sections[1].path`; empty for the whole file. */
  path: string;
  message: string;
}

export class ConfigError extends DocsyncError {
  override readonly name: string = "ConfigError";
  /** Sorted by file (in load order), line, column. */
  readonly diagnostics: Diagnostic[];

  constructor(diagnostics: Diagnostic[]) {
    super("config.invalid", formatDiagnostics(diagnostics), { exitCode: 1 });
    this.diagnostics = diagnostics;
  }
}

/** Sorts by file (in the order given), then line and column; drops exact repeats. */
export function sortDiagnostics(diagnostics: Diagnostic[], fileOrder: string[]): Diagnostic[] {
  const rank = (file: string) => {
    const index = fileOrder.indexOf(file);
    return index === -1 ? fileOrder.length : index;
  };
  const seen = new Set<string>();
  return [...diagnostics]
    .sort((a, b) => rank(a.file) - rank(b.file) || a.line - b.line || a.column - b.column)
    .filter((d) => {
      const line = formatDiagnostic(d);
      if (seen.has(line)) return false;
      seen.add(line);
      return true;
    });
}

/** `FILE:LINE:COL: PATH: MESSAGE`; the path part is left out for whole-file problems. */
export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.column}: ${d.path === "" ? "" : `${d.path}: `}${d.message}`;
}

export function formatDiagnostics(diagnostics: readonly Diagnostic[]): string {
  return [...diagnostics.map(formatDiagnostic), `${countDiagnostics(diagnostics)}.`].join("\n");
}

/** `3 errors in 2 files` */
export function countDiagnostics(diagnostics: readonly Diagnostic[]): string {
  const files = new Set(diagnostics.map((d) => d.file)).size;
  return `${plural(diagnostics.length, "error")} in ${plural(files, "file")}`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
