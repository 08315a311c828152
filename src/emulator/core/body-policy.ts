// What happens to a body field an operation does not list. The service's published request
// schemas are open objects, so by default such a field is accepted, ignored and recorded for the
// request log; in strict mode (docsync's own tests) it is a 400 naming the field. The policy is
// per request: one process may run a strict and a lenient emulator side by side. It holds while
// the request's handler runs, up to its first wait: handlers check their body before anything
// else, synchronously. (An AsyncLocalStorage would carry it past waits, but on Node.js 20 it
// hooks every promise of the process from its first use on, which made the client and
// everything else sharing the process slower.)

import { badRequest } from "./http-error.ts";

export interface BodyPolicy {
  strict: boolean;
  /** Full names of the fields ignored so far in this request (`position.extra`). */
  ignored: string[];
}

/** The policy of the handler running now; undefined outside a handler. */
let current: BodyPolicy | undefined;

/** Runs `work` (a handler) under `policy`, up to its first wait. */
export function withBodyPolicy<T>(policy: BodyPolicy, work: () => T): T {
  const outer = current;
  current = policy;
  try {
    return work();
  } finally {
    current = outer;
  }
}

/**
 * A field that the operation does not list: 400 in strict mode, else recorded and ignored.
 * Outside a request (direct calls in unit code) the strict answer applies.
 */
export function unknownField(field: string): void {
  const policy = current;
  if (!policy || policy.strict) throw badRequest(`${field}: unknown field`);
  if (!policy.ignored.includes(field)) policy.ignored.push(field);
}
