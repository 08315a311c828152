// What a step's run of docsync told the action, besides its exit code: what it printed on each
// stream, and, as data, what it loaded, planned, applied, showed or failed with (never read back
// from the printed text).

import type { CallerContext, CommandResult } from "../cli/context.ts";
import type { Interruption } from "../cli/interruption.ts";
import type { DocsyncError } from "../errors.ts";
import type { Plan } from "../model/plan.ts";
import { plainStyle } from "../render/style.ts";
import type { ApplyOutcome } from "./approval.ts";
import type { Log } from "./log.ts";
import type { ActionCommand } from "./report.ts";

export class Seen {
  out = "";
  err = "";
  organization: string | undefined;
  failure: DocsyncError | undefined;
  applyHadChanges = false;
  counted: Plan | undefined;
  shown: CommandResult | undefined;
  readonly applied: ApplyOutcome = { made: { changes: 0, calls: 0 } };

  /** What docsync runs with: the step's redactor, and streams and an observer that fill this in. */
  context(
    command: ActionCommand,
    log: Log,
    env: NodeJS.ProcessEnv,
    interruption: Interruption | undefined,
    unanswered: Promise<never> | undefined,
  ): CallerContext {
    return {
      // docsync adds the configuration's sensitive values to the shared redactor as it loads them.
      secrets: log.secrets,
      observer: {
        configuration: (desired) => {
          this.organization = desired.organization;
        },
        planned: (plan) => {
          this.applyHadChanges = plan.changes.length > 0;
          this.counted = plan;
        },
        applied: (_safe, _outcomes, _sensitive, made) => {
          const before = this.applied.made;
          this.applied.made = { changes: before.changes + made.changes, calls: before.calls + made.calls };
        },
        refused: (refusal) => {
          this.applied.refused = refusal;
        },
        result: (result) => {
          this.shown = result;
        },
        failed: (error) => {
          this.failure = error;
        },
      },
      env,
      exitCode: 0,
      ...(interruption ? { interruption } : {}),
      ...(unanswered ? { unanswered } : {}),
      output: {
        out: (text) => {
          this.out += text;
          if (command === "apply") log.text(text);
        },
        // Shown once docsync is done: a configuration error is shown as annotations instead.
        err: (text) => {
          this.err += text;
        },
        style: plainStyle,
        interactive: false,
        ask: async () => "",
      },
    };
  }
}
