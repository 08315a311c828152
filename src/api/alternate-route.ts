// Requests with another form (ApiRequest.alternate): the first answer that shows the primary
// route absent is remembered for the client's life and reported once, and from then on the
// request goes in its other form at once, without a round trip to the absent route first.

import { isRouteAbsent } from "./absent-route.ts";
import type { AlternateRequest, ApiEvent, ApiRequest } from "./client-types.ts";
import { ApiError } from "./errors.ts";

export function alternateRoutes<A>(
  execute: (request: ApiRequest) => Promise<A>,
  emit: (event: ApiEvent) => void,
): (primary: ApiRequest, alternate: AlternateRequest) => Promise<A> {
  /** Routes found absent (by AlternateRequest.route): their requests go in their other form. */
  const absent = new Set<string>();
  return async (primary, alternate) => {
    const instead: ApiRequest = {
      ...primary,
      method: alternate.method,
      path: alternate.path,
      body: alternate.body,
    };
    if (absent.has(alternate.route)) return execute(instead);
    try {
      return await execute(primary);
    } catch (error) {
      if (!(error instanceof ApiError) || !isRouteAbsent(error)) throw error;
      if (!absent.has(alternate.route)) {
        absent.add(alternate.route);
        emit({
          type: "alternate",
          method: primary.method,
          path: error.path,
          attempt: error.attempts,
          route: alternate.route,
          status: error.status as number,
          instead: `${alternate.method} ${alternate.path}`,
        });
      }
      return execute(instead);
    }
  };
}
