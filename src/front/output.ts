// Where commands write. Commands take an Output instead of touching process streams, so that
// tests can run them in-process and read exactly what a user would see.

import type { ApiEvent } from "../api/client-types.ts";
import type { ProgressEvent } from "../progress/events.ts";
import { type Style, styleFor } from "../render/style.ts";
import type { Redactor } from "../secrets/redactor.ts";
import type { ProgressMode } from "./progress.ts";

/** The run's progress, as commands feed it (progress-display.ts shows it). */
export interface RunProgress {
  /** Decides how progress is shown, for a command given `--progress flag`. */
  start(flag: ProgressMode | undefined, env: NodeJS.ProcessEnv): void;
  /** An event of the engine. */
  readonly listen: (event: ProgressEvent) => void;
  /** An event of the API client. */
  readonly apiEvent: (event: ApiEvent) => void;
}

export interface Output {
  out(text: string): void;
  err(text: string): void;
  /** Styling for the standard output stream. */
  style: Style;
  /** Whether a person can answer a question at the terminal. */
  interactive: boolean;
  /** Asks a question on the terminal and resolves with the answer. */
  ask(question: string): Promise<string>;
  /** Whether the error stream is a terminal (where progress may update a line in place). */
  errorTerminal?: boolean;
  /** The error stream's terminal width, when it is one. */
  errorColumns?: number;
  /** The run's progress (progress-display.ts), which takes its line away before each write. */
  progress?: RunProgress;
}

export function processOutput(): Output {
  // A reader that goes away (`docsync plan | head`) is no failure of the command: an apply goes on
  // to its end and its exit code, and what it would have written there is dropped.
  const out = writerTo(process.stdout);
  const err = writerTo(process.stderr);
  return {
    out,
    err,
    style: styleFor(process.stdout),
    interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY),
    errorTerminal: Boolean(process.stderr.isTTY),
    ...(process.stderr.columns ? { errorColumns: process.stderr.columns } : {}),
    async ask(question) {
      const { createInterface } = await import("node:readline/promises");
      const prompt = createInterface({ input: process.stdin, output: process.stdout });
      // At a terminal, readline reads Ctrl+C as a key: make it the signal it stands for.
      prompt.on("SIGINT", () => process.kill(process.pid, "SIGINT"));
      // The input ending (Ctrl+D) leaves the question pending for good: it is an empty answer.
      const ended = new Promise<string>((resolve) => prompt.once("close", () => resolve("")));
      try {
        return await Promise.race([prompt.question(question), ended]);
      } finally {
        prompt.close();
      }
    },
  };
}

/** Writes to `stream` until its reader has gone (EPIPE); any other error of the stream is thrown. */
function writerTo(stream: NodeJS.WriteStream): (text: string) => void {
  let readerGone = false;
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
    readerGone = true;
  });
  return (text) => {
    if (!readerGone) stream.write(text);
  };
}

/** The same output, with every text redacted of the secrets on its way out. */
export function redactingOutput(output: Output, secrets: Redactor): Output {
  return {
    out: (text) => output.out(secrets.redact(text)),
    err: (text) => output.err(secrets.redact(text)),
    style: output.style,
    interactive: output.interactive,
    ask: (question) => output.ask(secrets.redact(question)),
    ...(output.errorTerminal === undefined ? {} : { errorTerminal: output.errorTerminal }),
    ...(output.errorColumns === undefined ? {} : { errorColumns: output.errorColumns }),
  };
}
