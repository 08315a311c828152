// The one rule for a delete that finds nothing to delete. A DELETE of the plan answered 404 for
// the item it names (not for a route the service lacks) means the item is already gone: someone
// deleted it by hand since the plan was read, or the service took it along with another item.
// That is what the call was for, so it counts as done, and says so, never as a failure.

import { isRouteAbsent } from "../api/absent-route.ts";
import { ApiError, describeStatus } from "../api/errors.ts";
import type { Call } from "../model/plan.ts";

/** Why the call is done although it failed (`already gone: 404 Not Found: …`), or undefined. */
export function alreadyGone(call: Call, error: unknown): string | undefined {
  if (call.method !== "DELETE" || !(error instanceof ApiError) || error.status !== 404) return undefined;
  if (isRouteAbsent(error)) return undefined;
  const said = error.apiMessage === undefined ? "" : `: ${error.apiMessage}`;
  return `already gone: ${describeStatus(404)}${said}`;
}
