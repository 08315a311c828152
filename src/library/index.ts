// docsync's value-returning API: load, plan, drift and apply, with results as data and progress
// as events. Nothing here prints, reads argv or exits.

export { apply } from "./apply.ts";
export { drift, plan } from "./plan.ts";
export { loadConfiguration } from "./session.ts";
export type * from "./types.ts";
