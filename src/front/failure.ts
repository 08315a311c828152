// The one place that turns what ended a command into what its user sees: the message on the
// error stream (a DocsyncError's without a stack trace; anything else is a bug, printed with its
// stack so that it can be reported), the exit code, and, when the command line asks for JSON, one
// JSON document on the standard output that carries the error's code. That document is the
// command's own when it printed one for the error (validate's for an invalid configuration,
// apply's), else a docsync-error.

import { CommanderError } from "commander";
import { DocsyncError } from "../errors.ts";
import type { Interruption } from "./interruption.ts";
import { type ErrorReport, type Failure, json } from "./json-reports.ts";
import type { Output } from "./output.ts";

/**
 * Errors that a command reported in a document of its own: a mark on the error itself (keyed by
 * the error object, which one run throws), so nothing is kept from one run to the next.
 */
const documented = new WeakSet<object>();

/** Marks an error as reported in the command's own JSON document: no error document follows. */
export function reportedInDocument(error: unknown): void {
  if (typeof error === "object" && error !== null) documented.add(error);
}

/** Whether the command line asks for JSON: `--format json` (or `=json`), or plan's `--json`. */
export function asksForJson(args: readonly string[]): boolean {
  const end = args.indexOf("--");
  const options = end === -1 ? args : args.slice(0, end);
  return options.some(
    (arg, at) =>
      arg === "--json" || arg === "--format=json" || (arg === "--format" && options[at + 1] === "json"),
  );
}

/** The code and message of what ended a command, as its JSON document gives them. */
export function failureOf(error: unknown): Failure {
  if (error instanceof DocsyncError) return { code: error.code, message: error.message };
  if (error instanceof CommanderError) {
    return { code: "cli.usage", message: error.message.replace(/^error: /, "") };
  }
  const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { code: "internal", message: `Internal error (please report it): ${what}` };
}

export function errorReport(command: string | undefined, failure: Failure, exitCode: number): ErrorReport {
  return {
    format: "docsync-error",
    version: 1,
    ...(command === undefined ? {} : { command }),
    code: failure.code,
    error: failure.message,
    exitCode,
  };
}

/** What a failure is told through: a CLI command's context, or the like. */
export interface Telling {
  output: Output;
  /** Its signals, whose immediate exits are told too (reportSignalExits). */
  interruption?: Interruption | undefined;
}

export interface Ended {
  /** The command the command line names, if any. */
  command: string | undefined;
  /** Whether the command line asks for JSON. */
  json: boolean;
}

/** Reports the error that ended a command and returns the exit code. */
export function reportFailure(error: unknown, context: Telling, ended: Ended): number {
  let exitCode = 1;
  if (error instanceof CommanderError) {
    // --help and --version end this way too; commander has printed its message already.
    if (error.exitCode === 0) return 0;
  } else if (error instanceof DocsyncError) {
    context.output.err(`Error: ${error.message}\n`);
    exitCode = error.exitCode;
  } else {
    context.output.err(
      `Internal error (please report it): ${error instanceof Error ? error.stack : String(error)}\n`,
    );
  }
  if (ended.json && !documented.has(error as object)) {
    context.output.out(json(errorReport(ended.command, failureOf(error), exitCode)));
  }
  return exitCode;
}

/**
 * With JSON asked for, a signal that ends the process at once (before apply's first call, or a
 * second signal) leaves the error document too; a command with its own document (apply) puts
 * its own in place of this one.
 */
export function reportSignalExits(context: Telling, ended: Ended): void {
  if (!ended.json) return;
  context.interruption?.onExit((exit) =>
    context.output.out(json(errorReport(ended.command, exit, exit.exitCode))),
  );
}
