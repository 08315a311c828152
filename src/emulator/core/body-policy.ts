// What happens to a body field an operation does not list. The service's published request
// schemas are open objects, so by default such a field is accepted, ignored and recorded for the
// request log; in strict mode (docsync's own tests) it is a 400 naming the field. The policy is
// per request: one process may run a strict and a lenient emulator side by side, so it travels
// with the request's async context rather than in a module variable.

import { AsyncLocalStorage } from "node:async_hooks";
import { badRequest } from "./http-error.ts";

export interface BodyPolicy {
  strict: boolean;
  /** Full names of the fields ignored so far in this request (`position.extra`). */
  ignored: string[];
}

const current = new AsyncLocalStorage<BodyPolicy>();

/** Runs `work` (a handler) under `policy`. */
export function withBodyPolicy<T>(policy: BodyPolicy, work: () => T): T {
  return current.run(policy, work);
}

/**
 * A field that the operation does not list: 400 in strict mode, else recorded and ignored.
 * Outside a request (direct calls in unit code) the strict answer applies.
 */
export function unknownField(field: string): void {
  const policy = current.getStore();
  if (!policy || policy.strict) throw badRequest(`${field}: unknown field`);
  if (!policy.ignored.includes(field)) policy.ignored.push(field);
}
