// The engine: a run as a value. A session (session.ts) and operations that take values and return
// values (load configuration, plan, apply a plan fresh or saved, drift, export), with progress,
// notices and warnings as events (events.ts). It prints nothing, reads no argv or environment and
// never exits; errors are DocsyncErrors with stable codes. The CLI, the GitHub Action and the
// library are adapters over it, and import what they render from here: the operations' results,
// and the words apply and export have for them.

export { type Applied, type ApplyOptions, applyConfiguration, type Confirmation } from "./apply.ts";
export {
  applySavedPlan,
  approvedPlan,
  type SavedApplied,
  type SavedApplyOptions,
  type SavedPlanInput,
} from "./apply-saved.ts";
export type { CallsOptions, CallsWindow } from "./calls.ts";
export { loadConfiguration } from "./configuration.ts";
export type { AppliedRound, EngineEvent, EngineListener } from "./events.ts";
export { type ExportResult, exportLive, listed, type SecretVariable } from "./export.ts";
export {
  type Drift,
  driftOf,
  type Planned,
  type PlanningOptions,
  planForReview,
  planLive,
  type Review,
} from "./plan.ts";
export {
  applyCommandLine,
  planOfSaved,
  readSavedPlan,
  type SavedPlan,
  type SavePlanOptions,
  savePlan,
} from "./saved.ts";
export { createSession, type Kinds, type Session, type SessionParts } from "./session.ts";
export * from "./words.ts";
