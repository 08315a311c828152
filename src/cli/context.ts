// What a command runs with: where it writes, its environment, and the exit code it sets.
// Passed explicitly so that commands can run in-process (tests) as they do in a terminal.

import type { DesiredState } from "../config/types.ts";
import type { CallOutcome, DriftReport, Made, PlanDifference } from "../engine/words.ts";
import type { DocsyncError } from "../errors.ts";
import type { KindSet } from "../kinds/kind-set.ts";
import type { Plan } from "../model/plan.ts";
import type { Redactor } from "../secrets/redactor.ts";
import type { Interruption } from "./interruption.ts";
import type { Output } from "./output.ts";

/** What a command shows, as data: the redacted plan of `plan`, the drift report of `drift`. */
export type CommandResult = { command: "plan"; plan: Plan } | { command: "drift"; drift: DriftReport };

/**
 * For callers that run docsync in-process and act on more than its text (the GitHub Action):
 * told what a command loaded, planned, showed or failed with, as it happens, so that they never
 * read it back from the printed text.
 */
export interface CommandObserver {
  /** The configuration, as soon as it is loaded (before any output that could hold its values). */
  configuration?(desired: DesiredState): void;
  /** The plan that apply is about to make (not yet redacted). */
  planned?(plan: Plan): void;
  /**
   * A round of apply's calls: the redacted plan, each call's outcome, the values to keep out,
   * and what was made (changes, and the requests sent for them).
   */
  applied?(safe: Plan, outcomes: readonly CallOutcome[], sensitive: readonly string[], made: Made): void;
  /**
   * A saved plan refused because the plan for the live organization now makes other calls: how
   * they differ, approved → now, and the plan for now (both redacted).
   */
  refused?(refusal: { difference: PlanDifference; current: Plan }): void;
  /** A saved plan found already applied: the plan for the live organization now is empty. */
  alreadyApplied?(approved: Plan): void;
  /** What the command shows, as it shows it (redacted). */
  result?(result: CommandResult): void;
  /** The error that ends the command. */
  failed?(error: DocsyncError): void;
}

export interface CommandContext {
  output: Output;
  env: NodeJS.ProcessEnv;
  /** Set by a command that ends without an error but must not exit 0 (e.g. 2: changes). */
  exitCode: number;
  observer?: CommandObserver;
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
