// The route table as a matcher: a request path (relative to /v1) finds its route and the
// values of the route's `:name` parameters (still encoded: see decodeParams). A path that some route knows under
// another method yields the methods it allows, for a 405.

import type { HttpMethod, Route } from "./core/context.ts";
import { badRequest } from "./core/http-error.ts";

interface CompiledRoute {
  route: Route;
  /** A literal segment, or null where the pattern has a parameter. */
  segments: (string | null)[];
  names: string[];
}

export type Match =
  | { kind: "route"; route: Route; params: Record<string, string> }
  | { kind: "method-not-allowed"; allow: HttpMethod[] }
  | { kind: "none" };

const split = (path: string): string[] => path.split("/").slice(1);

function compile(route: Route): CompiledRoute {
  const parts = split(route.path);
  return {
    route,
    segments: parts.map((part) => (part.startsWith(":") ? null : part)),
    names: parts.filter((part) => part.startsWith(":")).map((part) => part.slice(1)),
  };
}

function fits(compiled: CompiledRoute, parts: string[]): boolean {
  return (
    compiled.segments.length === parts.length &&
    compiled.segments.every((segment, i) => (segment === null ? parts[i] !== "" : segment === parts[i]))
  );
}

/** Literal segments win over parameters, from the left: `/a/b` over `/a/:x`. */
function moreSpecific(a: CompiledRoute, b: CompiledRoute): boolean {
  for (let i = 0; i < a.segments.length; i++) {
    const aLiteral = a.segments[i] !== null;
    const bLiteral = b.segments[i] !== null;
    if (aLiteral !== bLiteral) return aLiteral;
  }
  return false;
}

/** Path parameters as handlers see them: URI-decoded; malformed percent-encoding is a 400. */
export function decodeParams(raw: Record<string, string>): Record<string, string> {
  const decoded: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    try {
      decoded[name] = decodeURIComponent(value);
    } catch {
      throw badRequest(`path: "${value}" is not valid percent-encoding`);
    }
  }
  return decoded;
}

export class Router {
  private readonly routes: CompiledRoute[];

  constructor(routes: readonly Route[]) {
    this.routes = routes.map(compile);
    const seen = new Set<string>();
    for (const { route, segments } of this.routes) {
      const shape = `${route.method} /${segments.map((s) => s ?? ":").join("/")}`;
      if (seen.has(shape)) throw new Error(`two routes answer ${route.method} ${route.path}`);
      seen.add(shape);
    }
  }

  match(method: string, path: string): Match {
    const parts = split(path);
    const candidates = this.routes.filter((compiled) => fits(compiled, parts));
    let best: CompiledRoute | undefined;
    for (const candidate of candidates) {
      if (candidate.route.method === method && (!best || moreSpecific(candidate, best))) best = candidate;
    }
    if (!best) {
      if (candidates.length === 0) return { kind: "none" };
      return { kind: "method-not-allowed", allow: [...new Set(candidates.map((c) => c.route.method))] };
    }
    const params: Record<string, string> = {};
    const values = parts.filter((_, i) => best.segments[i] === null);
    best.names.forEach((name, i) => {
      params[name] = values[i] as string;
    });
    return { kind: "route", route: best.route, params };
  }
}
