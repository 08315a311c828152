// The JSON documents of validate, apply and export (`--format json`). Like the plan
// (`docsync-plan`) and the drift report (`docsync-drift`), each names its `format` and
// `version`; schemas/ holds their JSON Schemas and docs/json-formats.md the promise they keep.

import type { CallOutcome } from "../apply/execute.ts";
import { callName, changesById } from "../apply/report.ts";
import type { Diagnostic } from "../config/diagnostics.ts";
import type { Plan, PlanSummary } from "../model/plan.ts";
import { Redactor } from "../secrets/redactor.ts";

export interface ValidationReport {
  format: "docsync-validation";
  version: 1;
  valid: boolean;
  files: string[];
  /** Items the configuration lists, by kind (when it is valid). */
  /** Items of each top-level kind, by collection. */
  counts?: Record<string, number>;
  diagnostics: Diagnostic[];
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
  /** skipped: the failed call it needed. */
  because?: string;
  /** done: a delete that found its item already gone (404), with what the service said. */
  gone?: string;
}

export interface ApplyRound {
  summary: PlanSummary;
  calls: AppliedCall[];
}

export interface ApplyReport {
  format: "docsync-apply";
  version: 1;
  organization?: string;
  /**
   * `applied`: every call made, live state matches; `no-changes`: nothing to do; `failed`: a call
   * failed (the others were made or skipped); `error`: apply stopped before or between rounds.
   */
  status: "applied" | "no-changes" | "failed" | "error";
  /** The saved plan applied, when it was one. */
  planFile?: string;
  rounds: ApplyRound[];
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
  yaml?: string;
}

/** Collects what apply does, round by round, into an ApplyReport. */
export class ApplyRecorder {
  private organization: string | undefined;
  private readonly rounds: ApplyRound[] = [];
  private planned = false;

  constructor(private readonly planFile?: string) {}

  /** Apply showed a plan (the first, or one between rounds). */
  plan(plan: Plan): void {
    this.organization = plan.organization;
    this.planned = true;
  }

  /** A round of calls, from the redacted plan, their outcomes, and the values to keep out. */
  round(safe: Plan, outcomes: readonly CallOutcome[], sensitive: readonly string[]): void {
    const changes = changesById(safe);
    const calls = new Map(outcomes.map((outcome) => [outcome.call.id, outcome.call]));
    const redactor = new Redactor(sensitive);
    this.rounds.push({
      summary: safe.summary,
      calls: outcomes.map((outcome) => {
        const call: AppliedCall = {
          id: outcome.call.id,
          address: changes.get(outcome.call.change)?.address ?? outcome.call.change,
          method: outcome.call.method,
          path: outcome.call.path,
          summary: outcome.call.summary,
          status: outcome.status,
        };
        if (outcome.status === "failed") call.error = redactor.redact(outcome.error);
        if (outcome.status === "done" && outcome.gone) call.gone = redactor.redact(outcome.gone);
        if (outcome.status === "skipped") {
          const cause = calls.get(outcome.cause);
          call.because = `${cause ? callName(cause, changes) : outcome.cause} failed`;
        }
        return call;
      }),
    });
  }

  report(error?: string): ApplyReport {
    const failed = this.rounds.some((round) => round.calls.some((call) => call.status !== "done"));
    const status: ApplyReport["status"] =
      error !== undefined
        ? "error"
        : failed
          ? "failed"
          : this.rounds.length === 0 && this.planned
            ? "no-changes"
            : "applied";
    const report: ApplyReport = { format: "docsync-apply", version: 1, status, rounds: this.rounds };
    if (this.organization !== undefined) report.organization = this.organization;
    if (this.planFile !== undefined) report.planFile = this.planFile;
    if (error !== undefined) report.error = error;
    return report;
  }
}

export const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
