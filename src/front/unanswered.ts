// The last line of defence against a command that never ends: a promise that neither settles nor
// fails (a socket error swallowed, a queue never drained) would let the event loop empty while
// the command still waits, and Node would then end the process with exit code 13 and no word.
// When the loop empties before the command has answered, `ended` rejects, so that the end goes
// through the failure path like any error: an `Error:` line, the JSON document, exit code 1.

import { DocsyncError } from "../errors.ts";

/** What the process offers: `beforeExit`, emitted when the event loop has nothing left to do. */
export interface IdleHost {
  once(event: "beforeExit", listener: () => void): void;
  off(event: "beforeExit", listener: () => void): void;
}

export interface Unanswered {
  /** Rejects (with `cli.unanswered`) if the process runs out of work first; never resolves. */
  readonly ended: Promise<never>;
  /** The command answered: nothing more to watch. */
  dispose(): void;
}

export function unansweredError(): DocsyncError {
  return new DocsyncError(
    "cli.unanswered",
    "docsync ended without an answer: the command was still waiting for something that can no longer " +
      "come (a request neither answered nor failed). Run it again; if it ends this way again, please " +
      "report it with what it printed (--verbose shows the requests).",
  );
}

export function watchUnanswered(host: IdleHost = process): Unanswered {
  let listener: () => void = () => {};
  const ended = new Promise<never>((_, reject) => {
    listener = () => reject(unansweredError());
    host.once("beforeExit", listener);
  });
  // Nobody may be racing it when it rejects (the command answered meanwhile): no unhandled rejection.
  ended.catch(() => {});
  return { ended, dispose: () => host.off("beforeExit", listener) };
}
