// What a command runs with: where it writes, its environment, and the exit code it sets.
// Passed explicitly so that commands can run in-process (tests) as they do in a terminal.

import type { Interruption } from "../front/interruption.ts";
import type { Output } from "../front/output.ts";
import type { KindSet } from "../kinds/kind-set.ts";
import type { Redactor } from "../secrets/redactor.ts";

export interface CommandContext {
  output: Output;
  env: NodeJS.ProcessEnv;
  /** Set by a command that ends without an error but must not exit 0 (e.g. 2: changes). */
  exitCode: number;
  /** What SIGINT and SIGTERM do; absent when no signal can reach the command (in-process runs). */
  interruption?: Interruption;
  /**
   * Rejects when the process runs out of work before the command has answered (unanswered.ts):
   * the command then ends through the failure path instead of in silence.
   */
  unanswered?: Promise<never>;
  /**
   * The secrets known so far (the API token, the configuration's sensitive values once it is
   * loaded). `output` is already redacted of them; files a command writes must be too.
   */
  secrets: Redactor;
  /** The kinds the command reads, plans and exports; default: the built-in ones. A program
   * that embeds docsync passes `builtInKinds.with(kind, parent)` for a kind of its own. */
  kinds?: KindSet;
  /** Milliseconds, for the rate and time left of the progress line; Date.now by default. */
  clock?: () => number;
}

/** What a caller of runDocsync gives: a redactor of its own to share, or none to have one made. */
export type CallerContext = Omit<CommandContext, "secrets"> & { secrets?: Redactor };
