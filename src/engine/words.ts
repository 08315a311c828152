// What the adapters render the engine's results with, without loading its operations (validate
// and the signal handler load this, not the planner): the types of the results, and the words
// apply, drift and the safety checks have for them.

export type { CallOutcome } from "../apply/execute.ts";
export { DEFAULT_DRAIN_MS } from "../apply/execute.ts";
export { readyChoiceOf } from "../apply/order.ts";
export { applyReport, callName, changesById, type Made, madeText, progressLine } from "../apply/report.ts";
export { type DriftReport, planOfDrift } from "../drift/report.ts";
export type { PlanDifference } from "../plan/compare.ts";
export { REFUSED_EXIT_CODE, refusalError } from "../plan/safety.ts";
export {
  alreadyAppliedText,
  appliedText,
  callLogText,
  notConvergedText,
  STALE_HEADING,
  savedAppliedText,
} from "./apply-log.ts";
