// docsync as a library. Two ways in:
// - plan, drift, apply (and loadConfiguration): options in, data out, progress as events; they
//   print nothing, read no argv and never exit (src/library/).
// - runDocsync: run a command in-process, as the CLI does, with your own output and environment.
// And the types of the JSON documents docsync prints (plan, drift report, error document) and of
// its errors.

export type { CommandContext } from "./cli/context.ts";
export { runDocsync } from "./cli/program.ts";
export type { DriftReport } from "./drift/report.ts";
export { DocsyncError, ERROR_CODES, type ErrorCode } from "./errors.ts";
export type { ErrorReport } from "./front/json-reports.ts";
export type { Output } from "./front/output.ts";
export {
  type ApplyOptions,
  type ApplyResult,
  apply,
  type Configuration,
  type ConfigurationOptions,
  type ConnectionSettings,
  type DocsyncEvent,
  type DriftOptions,
  drift,
  loadConfiguration,
  type PlanOptions,
  type PlanResult,
  plan,
} from "./library/index.ts";
export type { Change, Plan, PlanSummary, Refusal } from "./model/plan.ts";
export { VERSION } from "./version.ts";
