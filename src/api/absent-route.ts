// Whether a failed request's answer says the service has no such route (an operation this
// deployment lacks), as opposed to an item the route names that does not exist. A 405 always
// means the route is absent. A 404 does when it carries no message of its own, or the words
// routers use for an unknown route ("no route for POST /…", "Cannot POST /…", "route not
// found"); a 404 that names what is missing ("section group "g" not found") is about an item.

import { DocsyncError } from "../errors.ts";
import { ApiError } from "./errors.ts";

const ROUTER_WORDS =
  /\bno route\b|\broute not found\b|\bunknown route\b|^cannot (get|post|put|patch|delete) \//i;

export function isRouteAbsent(error: Pick<ApiError, "status" | "apiMessage">): boolean {
  if (error.status === 405) return true;
  if (error.status !== 404) return false;
  const message = error.apiMessage?.trim() ?? "";
  return message === "" || /^(404 )?not found\.?$/i.test(message) || ROUTER_WORDS.test(message);
}

/**
 * The error for a read that every Docs Platform API answers (an organization) when the server
 * says it has no such route: not a missing item but a wrong API URL (`…/api` for `…`). Undefined
 * for any other failure.
 */
export function wrongApiUrlError(error: unknown): DocsyncError | undefined {
  if (!(error instanceof ApiError) || error.status !== 404 || !isRouteAbsent(error)) return undefined;
  const root = error.apiRoot;
  const base = root === undefined ? "" : `${root.replace(/\/v1$/, "")} `;
  const prefix = root === undefined ? "" : new URL(root).pathname;
  return new DocsyncError(
    "api.wrong-url",
    `The API URL ${base}looks wrong: the server has no route ${error.method} ${prefix}${error.path} ` +
      `(${error.message.replace(/\.$/, "")}). Check --api-url or DOCSYNC_API_URL: it is the API's base URL, ` +
      "to which docsync adds /v1 and the path of each call.",
    { cause: error },
  );
}
