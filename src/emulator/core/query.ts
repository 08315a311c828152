// Query parameter readers. A listing's filters are optional; a value that is present but not
// of the documented form is a 400 naming the parameter, never silently ignored.

import { badRequest } from "./http-error.ts";

export function booleanQuery(query: URLSearchParams, name: string, fallback: boolean): boolean {
  const raw = query.get(name);
  if (raw === null) return fallback;
  if (raw === "true") return true;
  if (raw === "false") return false;
  throw badRequest(`${name}: must be true or false, got "${raw}"`);
}

/** The value when present; undefined when absent, unless a fallback is given. */
export function enumQuery<T extends string>(
  query: URLSearchParams,
  name: string,
  values: readonly T[],
): T | undefined;
export function enumQuery<T extends string>(
  query: URLSearchParams,
  name: string,
  values: readonly T[],
  fallback: T,
): T;
export function enumQuery<T extends string>(
  query: URLSearchParams,
  name: string,
  values: readonly T[],
  fallback?: T,
): T | undefined {
  const raw = query.get(name);
  if (raw === null) return fallback;
  if (!(values as readonly string[]).includes(raw))
    throw badRequest(`${name}: must be one of ${values.join(", ")}`);
  return raw as T;
}

export function stringQuery(
  query: URLSearchParams,
  name: string,
  rule: { required?: boolean; max?: number } = {},
): string | undefined {
  const raw = query.get(name);
  if (raw === null) {
    if (rule.required) throw badRequest(`${name}: required query parameter`);
    return undefined;
  }
  if (rule.max !== undefined && raw.length > rule.max) {
    throw badRequest(`${name}: must be at most ${rule.max} characters, got ${raw.length}`);
  }
  return raw;
}

/** Case-insensitive "contains", the matching rule of the API's title and search filters. */
export const containsFolded = (text: string, needle: string): boolean =>
  text.toLowerCase().includes(needle.toLowerCase());
