// What the value-returning library API takes and gives: plain options in, plain data out, and
// what happens on the way as events. Nothing here prints, reads argv or exits.

import type { ApiEvent } from "../api/client-types.ts";
import type { CallOutcome } from "../apply/execute.ts";
import type { Made } from "../apply/report.ts";
import type { DesiredState } from "../config/types.ts";
import type { ErrorCode } from "../errors.ts";
import type { Change, Plan, PlanSummary, Refusal } from "../model/plan.ts";

/** Where the configuration is, and what its `${VAR}` references read. */
export interface ConfigurationOptions {
  /** Files or folders, as `docsync -c` takes them (a folder: every *.yaml and *.yml in it). */
  config: string | readonly string[];
  /** The organization, for a configuration that says `organization: ${DOCSYNC_ORG}`. */
  org?: string;
  /** The variables `${VAR}` reads; default process.env. `org` overrides its DOCSYNC_ORG. */
  env?: Readonly<Record<string, string | undefined>>;
  /** The folder relative paths start from; default process.cwd(). */
  cwd?: string;
}

/** A configuration loaded and checked once, to plan, drift or apply with as often as needed. */
export interface Configuration {
  /** The organization it manages. */
  readonly organization: string;
  /** The resolved configuration (docsync's own form of it). */
  readonly desired: DesiredState;
}

/** What a run reports as it goes: the API client's events, the plan's warnings, apply's calls. */
export type DocsyncEvent =
  | ApiEvent
  | { type: "warning"; message: string }
  | {
      type: "call";
      /** What the call does, as apply's progress shows it: `create section`. */
      summary: string;
      /** The address of the item it changes: `site "Docs" > section "api"`. */
      address: string;
      status: CallOutcome["status"];
      /** A failed call's error and its code. */
      error?: string;
      code?: ErrorCode;
    };

/** How to reach the API. The token is never in a result, an event or an error's message. */
export interface ConnectionSettings {
  /** The API's base URL (https, or http on this machine). */
  apiUrl: string;
  token: string;
  /** API requests in flight at once (1 to 256; default 8). */
  parallelism?: number;
  /** Seconds each request waits for its answer; default DOCSYNC_TIMEOUT of `env`, else 30. */
  timeoutSeconds?: number;
  /** Told of every event of the run, as it happens. */
  onEvent?: (event: DocsyncEvent) => void;
}

/** A configuration to load (paths), or one loaded with loadConfiguration. */
export type ConfigurationInput = ConfigurationOptions | { config: Configuration };

export type DriftOptions = ConfigurationInput & ConnectionSettings;

export type PlanOptions = ConfigurationInput &
  ConnectionSettings & {
    /** Only these items, what is below them and what they need: `site "Docs" > section "api"`. */
    targets?: readonly string[];
    /** Deletes beyond the configuration's policy.maxDestroy are allowed (`--allow-destroy`). */
    allowDestroy?: boolean;
  };

export type ApplyOptions = PlanOptions & {
  /** Once aborted, no call starts; those in flight are given a few seconds to end. */
  signal?: AbortSignal;
};

/** A plan, as `docsync plan --format json` prints it, and its parts at hand. */
export interface PlanResult {
  /** The whole plan, sensitive values redacted: the same document as `plan --format json`. */
  plan: Plan;
  organization: string;
  summary: PlanSummary;
  changes: Change[];
  warnings: string[];
  /** What apply would refuse (policy.maxDestroy, protect); empty when it would make the plan. */
  refusals: Refusal[];
  /** Whether the plan changes anything. */
  hasChanges: boolean;
}

/** An apply that ended with the live organization matching the configuration. */
export interface ApplyResult {
  /** The plan that was applied (redacted). */
  plan: Plan;
  /** Changes made, and requests sent for them. */
  made: Made;
}
