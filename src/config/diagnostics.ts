// Configuration errors: every problem is a diagnostic pinned to a file position, and all of
// them travel together in one ConfigError so a user can fix everything in one pass.

import { DocsyncError } from "../errors.ts";
import type { KeyPath } from "../model/desired.ts";

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

/** Diagnostics printed in full; past this, a count of the rest. Thousands of lines help nobody,
 * and the first ones are usually the cause of the others. */
export const DIAGNOSTICS_SHOWN = 50;

export class ConfigError extends DocsyncError {
  override readonly name: string = "ConfigError";
  /** Sorted by file (in load order), line, column; every text already escaped (one line each). */
  readonly diagnostics: Diagnostic[];

  constructor(diagnostics: Diagnostic[]) {
    const clean = diagnostics.map(escapeDiagnostic);
    super("config.invalid", formatDiagnostics(clean), { exitCode: 1 });
    this.diagnostics = clean;
  }
}

/** Sorts by file (in the order given), then line and column; drops exact repeats. */
export function sortDiagnostics(diagnostics: Diagnostic[], fileOrder: string[]): Diagnostic[] {
  const ranks = new Map<string, number>();
  fileOrder.forEach((file, index) => {
    if (!ranks.has(file)) ranks.set(file, index);
  });
  const rank = (file: string) => ranks.get(file) ?? fileOrder.length;
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

/** `FILE:LINE:COL: PATH: MESSAGE`; the path part is left out for whole-file problems. Always
 * one line: control characters in any part are escaped. */
export function formatDiagnostic(d: Diagnostic): string {
  const { file, line, column, path, message } = escapeDiagnostic(d);
  return `${file}:${line}:${column}: ${path === "" ? "" : `${path}: `}${message}`;
}

/** The first DIAGNOSTICS_SHOWN diagnostics, a count of the rest, then the total. */
export function formatDiagnostics(diagnostics: readonly Diagnostic[], shown = DIAGNOSTICS_SHOWN): string {
  const lines = diagnostics.slice(0, shown).map(formatDiagnostic);
  const rest = diagnostics.length - lines.length;
  if (rest > 0) lines.push(`… and ${plural(rest, "more error")}`);
  lines.push(`${countDiagnostics(diagnostics)}.`);
  return lines.join("\n");
}

/** `3 errors in 2 files` */
export function countDiagnostics(diagnostics: readonly Diagnostic[]): string {
  const files = new Set(diagnostics.map((d) => d.file)).size;
  return `${plural(diagnostics.length, "error")} in ${plural(files, "file")}`;
}

function plural(n: number, word: string): string {
  return `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;
}

/**
 * Characters that would break a diagnostic over several lines, move the cursor or start a
 * terminal escape sequence (C0, DEL, C1, the Unicode line and paragraph separators), or reorder
 * what is shown (bidirectional overrides). Keys and values come from the user's files and file
 * names from the disk: any of them may hold one.
 */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** The same, without the global flag: a test that keeps no state between calls. */
const HAS_UNPRINTABLE = new RegExp(UNPRINTABLE.source);

const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** Text with every unprintable character written as an escape (`\n`, `\x1b`, `\u2028`). */
export function escapeControl(text: string): string {
  if (!HAS_UNPRINTABLE.test(text)) return text;
  return text.replace(UNPRINTABLE, (c) => {
    const named = NAMED[c];
    if (named !== undefined) return named;
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16)}`;
  });
}

/** Longest path or message printed; past it, the middle is left out. A key or value quoted in a
 * message may be megabytes long. */
const TEXT_SHOWN = 1000;

function escapeDiagnostic(d: Diagnostic): Diagnostic {
  return { ...d, file: escapeControl(d.file), path: printable(d.path), message: printable(d.message) };
}

function printable(text: string): string {
  const clipped =
    text.length <= TEXT_SHOWN ? text : `${text.slice(0, TEXT_SHOWN / 2)} … ${text.slice(-TEXT_SHOWN / 2)}`;
  return escapeControl(clipped);
}

/** Segments shown at each end of a path too long to show whole. */
const PATH_SHOWN = 16;

/** `sites[0].sections[1].path`; keys that are not plain names are quoted: `spaces["my space"]`. */
export function formatPath(path: KeyPath): string {
  // A path thousands of levels deep (nesting that is itself the error) is shown by its ends.
  if (path.length > PATH_SHOWN * 2) {
    return `${formatPath(path.slice(0, PATH_SHOWN))}…${formatPath(path.slice(-PATH_SHOWN)).replace(/^\./, "")}`;
  }
  let text = "";
  for (const segment of path) {
    if (typeof segment === "number") text += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(segment)) text += text === "" ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
}
