// Requests of an operation the service may not have (ApiRequest.optional): the first answer that
// shows the route absent is remembered for the client's life and reported once; every later
// request of the route fails at once with that error, without being sent, so that the caller
// does the same work another way without paying a round trip per request.

import { isRouteAbsent } from "./absent-route.ts";
import type { ApiEvent, ApiRequest } from "./client-types.ts";
import { ApiError } from "./errors.ts";

type Optional = NonNullable<ApiRequest["optional"]>;

export function optionalRoutes<A>(
  execute: (request: ApiRequest) => Promise<A>,
  emit: (event: ApiEvent) => void,
): (request: ApiRequest, optional: Optional) => Promise<A> {
  const absent = new Map<string, ApiError>();
  return async (request, optional) => {
    const known = absent.get(optional.route);
    if (known) throw known;
    try {
      return await execute(request);
    } catch (error) {
      if (!(error instanceof ApiError) || !isRouteAbsent(error) || absent.has(optional.route)) throw error;
      absent.set(optional.route, error);
      emit({
        type: "alternate",
        method: request.method,
        path: error.path,
        attempt: error.attempts,
        route: optional.route,
        status: error.status as number,
        instead: optional.instead,
      });
      throw error;
    }
  };
}
