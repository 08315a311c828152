// The JSON documents of validate, apply and export (`--format json`), and the error document
// of any command that fails (`docsync-error`). Like the plan (`docsync-plan`) and the drift
// report (`docsync-drift`), each names its `format` and `version`; schemas/ holds their JSON
// Schemas and docs/json-formats.md the promise they keep.

import type { Diagnostic } from "../config/diagnostics.ts";
import type { EngineEvent } from "../engine/events.ts";
import { type CallOutcome, callName, changesById, type Made } from "../engine/words.ts";
import type { ErrorCode } from "../errors.ts";
import type { Plan, PlanSummary } from "../model/plan.ts";
import { pathText } from "../model/references.ts";
import { Redactor } from "../secrets/redactor.ts";

export interface ValidationReport {
  format: "docsync-validation";
  version: 1;
  valid: boolean;
  files: string[];
  /** Items of each top-level kind, by collection (when it is valid). */
  counts?: Record<string, number>;
  diagnostics: Diagnostic[];
  /** When it is not valid: `config.invalid`. */
  code?: ErrorCode;
}

/** What a command that fails prints with `--format json`, unless it has a document of its own. */
export interface ErrorReport {
  format: "docsync-error";
  version: 1;
  /** The command that failed, when the command line names one. */
  command?: string;
  code: ErrorCode;
  error: string;
  /** The exit code docsync exits with. */
  exitCode: number;
}

/** How a command failed: the error's code and message. */
export interface Failure {
  code: ErrorCode;
  message: string;
}

export type CallStatus = CallOutcome["status"];

export interface AppliedCall {
  id: string;
  /** The address of the item the call changes. */
  address: string;
  method: string;
  path: string;
  summary: string;
  status: CallStatus;
  /** failed: what the API or the network said. */
  error?: string;
  /** failed: why, as a stable code (`api.unauthorized`, `api.timeout`, …). */
  code?: ErrorCode;
  /** skipped: the failed call it needed. */
  because?: string;
  /** done: a delete that found its item already gone (404), with what the service said. */
  gone?: string;
}

export interface ApplyRound {
  summary: PlanSummary;
  /** Changes whose every call was made. */
  changesMade: number;
  /** Requests sent to the API while the calls were made (retries and other forms included). */
  callsMade: number;
  calls: AppliedCall[];
  /** The plan's warnings, when it has some (a live item it matched to nothing). */
  warnings?: string[];
}

export interface ApplyReport {
  format: "docsync-apply";
  version: 1;
  organization?: string;
  /**
   * `applied`: every call made, live state matches; `no-changes`: nothing to do; `failed`: a call
   * failed (the others were made or skipped); `error`: apply stopped before or between rounds;
   * `already-applied`: a saved plan whose changes are all in place already (nothing was sent).
   */
  status: "applied" | "no-changes" | "already-applied" | "failed" | "error";
  /** The saved plan applied, when it was one. */
  planFile?: string;
  /** The changes made, over every round. */
  changesMade: number;
  /** The requests sent to make them, over every round. */
  callsMade: number;
  rounds: ApplyRound[];
  /** `failed` and `error`: why, as a code and a message. */
  code?: ErrorCode;
  error?: string;
}

export interface ExportReport {
  format: "docsync-export";
  version: 1;
  organization: string;
  /** The file written; absent when the configuration is in `yaml` instead. */
  file?: string;
  counts: Record<string, number>;
  warnings: string[];
  /** The variables the configuration interpolates in place of live secrets, to set to their values. */
  variables: { name: string; holds: string }[];
  yaml?: string;
}

/** Collects what apply does, round by round, into an ApplyReport. */
export class ApplyRecorder {
  private organization: string | undefined;
  private readonly rounds: ApplyRound[] = [];
  private planned = false;
  private applied = false;

  constructor(private readonly planFile?: string) {}

  /** The engine's events of the apply, which the report is made of. */
  readonly listen = (event: EngineEvent): void => {
    if (event.type === "planned") this.plan(event.plan);
    else if (event.type === "already-applied") this.alreadyApplied(event.approved);
    else if (event.type === "applied") this.round(event.safe, event.outcomes, event.sensitive, event.made);
  };

  /** Apply showed a plan (the first, or one between rounds). */
  plan(plan: Plan): void {
    this.organization = plan.organization;
    this.planned = true;
  }

  /** The saved plan was applied before: the live organization already matches it. */
  alreadyApplied(plan: Plan): void {
    this.organization = plan.organization;
    this.applied = true;
  }

  /** A round of calls, from the redacted plan, their outcomes, and the values to keep out. */
  round(safe: Plan, outcomes: readonly CallOutcome[], sensitive: readonly string[], made: Made): void {
    const changes = changesById(safe);
    const calls = new Map(outcomes.map((outcome) => [outcome.call.id, outcome.call]));
    const redactor = new Redactor(sensitive);
    const round: ApplyRound = {
      summary: safe.summary,
      changesMade: made.changes,
      callsMade: made.calls,
      calls: outcomes.map((outcome) => {
        const call: AppliedCall = {
          id: outcome.call.id,
          address: changes.get(outcome.call.change)?.address ?? outcome.call.change,
          method: outcome.call.method,
          path: pathText(outcome.call.path),
          summary: outcome.call.summary,
          status: outcome.status,
        };
        if (outcome.status === "failed") {
          call.error = redactor.redact(outcome.error);
          call.code = outcome.code;
        }
        if (outcome.status === "done" && outcome.gone) call.gone = redactor.redact(outcome.gone);
        if (outcome.status === "skipped") {
          const cause = calls.get(outcome.cause);
          call.because = `${cause ? callName(cause, changes) : outcome.cause} failed`;
        }
        return call;
      }),
    };
    if (safe.warnings.length > 0) round.warnings = safe.warnings;
    this.rounds.push(round);
  }

  /** The report of the apply, which ended with `failure` or made everything it showed. */
  report(failure?: Failure): ApplyReport {
    const status: ApplyReport["status"] =
      failure !== undefined
        ? failure.code === "apply.failed"
          ? "failed"
          : "error"
        : this.applied
          ? "already-applied"
          : this.rounds.length === 0 && this.planned
            ? "no-changes"
            : "applied";
    const report: ApplyReport = {
      format: "docsync-apply",
      version: 1,
      status,
      changesMade: this.rounds.reduce((sum, round) => sum + round.changesMade, 0),
      callsMade: this.rounds.reduce((sum, round) => sum + round.callsMade, 0),
      rounds: this.rounds,
    };
    if (this.organization !== undefined) report.organization = this.organization;
    if (this.planFile !== undefined) report.planFile = this.planFile;
    if (failure !== undefined) {
      report.code = failure.code;
      report.error = failure.message;
    }
    return report;
  }
}

export const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
