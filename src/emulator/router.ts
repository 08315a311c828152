// The route table as a matcher: a request path (relative to /v1) finds its route and the
// values of the route's `:name` parameters (still encoded: see decodeParams). A path that some route knows under
// another method yields the methods it allows, for a 405. Routes can be switched off, so that
// they answer as if the emulator never had them (a service without an operation).

import type { HttpMethod, Route } from "./core/context.ts";
import { badRequest } from "./core/http-error.ts";

interface CompiledRoute {
  route: Route;
  /** The route's method and path when it was compiled. */
  method: string;
  path: string;
  /** A literal segment, or null where the pattern has a parameter. */
  segments: (string | null)[];
  names: string[];
  shape: string;
}

export type Match =
  | { kind: "route"; route: Route; params: Record<string, string> }
  | { kind: "method-not-allowed"; allow: HttpMethod[] }
  | { kind: "none" };

const split = (path: string): string[] => path.split("/").slice(1);

const segmentsOf = (path: string): (string | null)[] =>
  split(path).map((part) => (part.startsWith(":") ? null : part));

/** `METHOD /a/:/b`: what two routes may not share; parameter names do not count. */
const shapeOf = (method: string, path: string): string =>
  `${method} /${segmentsOf(path)
    .map((s) => s ?? ":")
    .join("/")}`;

/** Routes compiled so far: every emulator started in a process shares the one route table. */
const compiledRoutes = new WeakMap<Route, CompiledRoute>();

function compile(route: Route): CompiledRoute {
  const known = compiledRoutes.get(route);
  // A route is a plain object a caller could change: its compiled form holds while it does not.
  if (known && known.method === route.method && known.path === route.path) return known;
  const parts = split(route.path);
  const compiled = {
    route,
    method: route.method,
    path: route.path,
    segments: segmentsOf(route.path),
    names: parts.filter((part) => part.startsWith(":")).map((part) => part.slice(1)),
    shape: shapeOf(route.method, route.path),
  };
  compiledRoutes.set(route, compiled);
  return compiled;
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

/**
 * The shape of a route named as `METHOD /path/:param`, e.g.
 * `GET /orgs/:organizationId/custom-fields`; undefined when the text is not of that form.
 */
export function routeShape(name: string): string | undefined {
  const parsed = /^(GET|POST|PUT|PATCH|DELETE) (\/\S*)$/.exec(name);
  if (!parsed) return undefined;
  return shapeOf(parsed[1] as string, parsed[2] as string);
}

export class Router {
  private readonly routes: CompiledRoute[];
  /** The routes by their number of segments: a path is only matched against those of its length. */
  private readonly byLength = new Map<number, CompiledRoute[]>();
  private readonly shapes = new Set<string>();
  /** Shapes of the routes switched off: they answer as unknown routes do. */
  private readonly absent = new Set<string>();

  constructor(routes: readonly Route[]) {
    this.routes = routes.map(compile);
    for (const { route, shape } of this.routes) {
      if (this.shapes.has(shape)) throw new Error(`two routes answer ${route.method} ${route.path}`);
      this.shapes.add(shape);
    }
    for (const compiled of this.routes) {
      const same = this.byLength.get(compiled.segments.length);
      if (same) same.push(compiled);
      else this.byLength.set(compiled.segments.length, [compiled]);
    }
  }

  /** Whether `name` (`METHOD /path/:param`) is one of the routes. */
  knows(name: string): boolean {
    const shape = routeShape(name);
    return shape !== undefined && this.shapes.has(shape);
  }

  /** Switches routes off; a name that is no route is a RangeError, and nothing is switched off. */
  remove(names: readonly string[]): void {
    const unknown = names.find((name) => !this.knows(name));
    if (unknown !== undefined) throw new RangeError(`no route ${JSON.stringify(unknown)}`);
    for (const name of names) this.absent.add(routeShape(name) as string);
  }

  /** Switches every route back on. */
  restore(): void {
    this.absent.clear();
  }

  match(method: string, path: string): Match {
    const parts = split(path);
    const fitting = (this.byLength.get(parts.length) ?? []).filter((compiled) => fits(compiled, parts));
    const candidates = fitting.filter((compiled) => !this.absent.has(compiled.shape));
    let best: CompiledRoute | undefined;
    for (const candidate of candidates) {
      if (candidate.route.method === method && (!best || moreSpecific(candidate, best))) best = candidate;
    }
    if (!best) {
      // A route switched off is unknown, whatever else its path answers: a 404, not a 405.
      const switchedOff = fitting.some((compiled) => compiled.route.method === method);
      if (candidates.length === 0 || switchedOff) return { kind: "none" };
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
