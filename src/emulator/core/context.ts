// What a handler receives and returns. Handlers are thin: they check the body, call the
// store, and render the resource; routing, auth, JSON and faults live in the server.

import type { EmulatorState, UserRecord } from "./state.ts";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RequestContext {
  method: HttpMethod;
  /** Path parameters by the names used in the route pattern, URI-decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body, or undefined when the request had none. */
  body: unknown;
  /** The authenticated caller. */
  user: UserRecord;
  state: EmulatorState;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (ctx: RequestContext) => Reply | Promise<Reply>;

export interface Route {
  method: HttpMethod;
  /** Relative to /v1, with `:name` parameters, e.g. `/orgs/:organizationId/sites/:siteId`. */
  path: string;
  handler: Handler;
}

export const ok = (body: unknown): Reply => ({ status: 200, body });
export const created = (body: unknown): Reply => ({ status: 201, body });
export const noContent = (): Reply => ({ status: 204 });

/** A path parameter that the route pattern guarantees. */
export function param(ctx: RequestContext, name: string): string {
  const value = ctx.params[name];
  if (value === undefined) throw new Error(`route has no parameter "${name}"`);
  return value;
}
