// docsync as a library: run a command in-process with your own output and environment, and the
// types of the JSON documents it prints (plan, drift report, error document) and of its errors.

export type { CommandContext, CommandObserver } from "./cli/context.ts";
export type { ErrorReport } from "./cli/json-reports.ts";
export type { Output } from "./cli/output.ts";
export { runDocsync } from "./cli/program.ts";
export type { DriftReport } from "./drift/report.ts";
export { DocsyncError, ERROR_CODES, type ErrorCode } from "./errors.ts";
export type { Plan, Refusal } from "./model/plan.ts";
export { VERSION } from "./version.ts";
