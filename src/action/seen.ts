// What a step's run of docsync told the action, besides its exit code: what it printed on each
// stream, and, as data, what it loaded, planned, applied, showed or failed with (never read back
// from the printed text). The step's run (step.ts) fills it in as the engine answers.

import type { DriftReport, Made } from "../engine/words.ts";
import type { DocsyncError } from "../errors.ts";
import type { Plan } from "../model/plan.ts";
import type { ApplyOutcome } from "./approval.ts";

/** What plan and drift show, as data: the redacted plan, the drift report. */
export type Shown = { command: "plan"; plan: Plan } | { command: "drift"; drift: DriftReport };

export class Seen {
  out = "";
  err = "";
  organization: string | undefined;
  failure: DocsyncError | undefined;
  applyHadChanges = false;
  counted: Plan | undefined;
  shown: Shown | undefined;
  readonly applied: ApplyOutcome = { made: { changes: 0, calls: 0 } };

  /** A round of apply's calls made `made`: added to what the step made. */
  addMade(made: Made): void {
    const before = this.applied.made;
    this.applied.made = { changes: before.changes + made.changes, calls: before.calls + made.calls };
  }
}
