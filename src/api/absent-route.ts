// Whether a failed request's answer says the service has no such route (an operation this
// deployment lacks), as opposed to an item the route names that does not exist. A 405 always
// means the route is absent. A 404 does when it carries no message of its own, or the words
// routers use for an unknown route ("no route for POST /…", "Cannot POST /…", "route not
// found"); a 404 that names what is missing ("section group "g" not found") is about an item.

import type { ApiError } from "./errors.ts";

const ROUTER_WORDS =
  /\bno route\b|\broute not found\b|\bunknown route\b|^cannot (get|post|put|patch|delete) \//i;

export function isRouteAbsent(error: Pick<ApiError, "status" | "apiMessage">): boolean {
  if (error.status === 405) return true;
  if (error.status !== 404) return false;
  const message = error.apiMessage?.trim() ?? "";
  return message === "" || /^(404 )?not found\.?$/i.test(message) || ROUTER_WORDS.test(message);
}
