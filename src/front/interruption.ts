// What SIGINT and SIGTERM do to a docsync process (the CLI and the GitHub Action alike).
//
// Before apply makes its first call, a signal ends the process at once: nothing was changed.
// While apply makes calls, the first signal aborts `signal`: no call starts any more, the calls
// in flight get a bounded time to finish, and apply reports what was done, failed and not
// started before it exits with the signal's code. A second signal ends the process at once,
// naming the calls that may still be in flight.

import { DEFAULT_DRAIN_MS } from "../engine/words.ts";
import type { ErrorCode } from "../errors.ts";

export type SignalName = "SIGINT" | "SIGTERM";

/** The shell's convention: 128 + the signal's number. */
export const SIGNAL_EXIT_CODES: Record<SignalName, number> = { SIGINT: 130, SIGTERM: 143 };

/** A signal that ends the process at once: why, in the words of a JSON error document. */
export interface SignalExit {
  /** `cli.interrupted` before apply makes its first call, `apply.interrupted` from then on. */
  code: ErrorCode;
  message: string;
  exitCode: number;
}

export interface Interruption {
  /** Aborted by the first signal received while calls are made. */
  readonly signal: AbortSignal;
  /** The first signal received, if any. */
  readonly received: SignalName | undefined;
  /**
   * Runs `work`, the stretch in which calls are made: a first signal then aborts `signal`
   * instead of ending the process. `inFlight` names the calls that may be in flight.
   */
  makingCalls<T>(inFlight: () => readonly string[], work: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /**
   * What to do just before a signal ends the process at once (print a JSON document); the last
   * one given is done, `undefined` does nothing.
   */
  onExit(report: ((exit: SignalExit) => void) | undefined): void;
  /** Stops handling signals (for a command that handles them itself, such as `emulator`). */
  dispose(): void;
}

/** What the watcher needs from the process; tests pass their own. */
export interface SignalHost {
  on(signal: SignalName, listener: (signal: SignalName) => void): void;
  off(signal: SignalName, listener: (signal: SignalName) => void): void;
  /** Writes to the error stream. */
  write(text: string): void;
  exit(code: number): void;
}

const processHost: SignalHost = {
  on: (signal, listener) => process.on(signal, listener),
  off: (signal, listener) => process.off(signal, listener),
  write: (text) => process.stderr.write(text),
  exit: (code) => process.exit(code),
};

const SIGNALS: SignalName[] = ["SIGINT", "SIGTERM"];

export function watchInterruptions(host: SignalHost = processHost): Interruption {
  const controller = new AbortController();
  let received: SignalName | undefined;
  let phase: "before" | "calls" | "after" = "before";
  let inFlight: () => readonly string[] = () => [];
  let report: ((exit: SignalExit) => void) | undefined;

  const exit = (text: string, code: number) => {
    host.write(text);
    try {
      report?.({
        code: phase === "before" ? "cli.interrupted" : "apply.interrupted",
        message: text.trim(),
        exitCode: code,
      });
    } finally {
      host.exit(code);
    }
  };

  const onSignal = (signal: SignalName) => {
    const code = SIGNAL_EXIT_CODES[signal];
    const first = received === undefined;
    received ??= signal;
    if (phase === "before") {
      exit(`\nInterrupted (${signal}): nothing was changed.\n`, code);
      return;
    }
    if (phase === "calls" && first) {
      controller.abort();
      const count = inFlight().length;
      host.write(
        `\nInterrupted (${signal}): no new call will start; waiting up to ${DEFAULT_DRAIN_MS / 1000} s for the ${count} call(s) in flight. Send the signal again to exit at once.\n`,
      );
      return;
    }
    const calls = phase === "calls" ? inFlight() : [];
    const lines = [`\nInterrupted again (${signal}): exiting now.`];
    if (calls.length > 0) {
      lines.push("These calls may still be in flight; each may or may not be made:");
      lines.push(...calls.map((call) => `  ? ${call}`));
    } else if (first) {
      lines[0] = `\nInterrupted (${signal}) after the calls of the plan were made: exiting now.`;
    }
    lines.push("Run `docsync plan` to see the live state.\n");
    exit(lines.join("\n"), code);
  };
  for (const signal of SIGNALS) host.on(signal, onSignal);

  return {
    signal: controller.signal,
    get received() {
      return received;
    },
    async makingCalls(names, work) {
      phase = "calls";
      inFlight = names;
      try {
        return await work(controller.signal);
      } finally {
        phase = "after";
        inFlight = () => [];
      }
    },
    onExit(next) {
      report = next;
    },
    dispose() {
      for (const signal of SIGNALS) host.off(signal, onSignal);
    },
  };
}
