// Validation pieces the sites bodies share, on top of the core's parseBody/checkNested: the
// path and URL rules, and boolean/enum query parameters.

import { badRequest } from "../core/http-error.ts";
import { booleanQuery } from "../core/query.ts";
import { checkField, type FieldRule } from "../core/validate.ts";
import { PATH_MAX, SEGMENT_PATTERN, SEGMENT_PATTERN_TEXT } from "./paths.ts";

/** Basename and paths: one URL segment. */
export const segmentRule: FieldRule = {
  type: "string",
  min: 1,
  max: PATH_MAX,
  pattern: SEGMENT_PATTERN,
  patternText: SEGMENT_PATTERN_TEXT,
};

/** A condition expression; null removes it. */
export const conditionRule: FieldRule = { type: "string", min: 1, max: 1024, nullable: true };

export const ICON_MAX = 50;

/** External redirect destinations: absolute http(s) URLs. */
export const httpUrlRule = { type: "url", max: 2048 } as const satisfies FieldRule;

/** The service's own form of a proxy: a host and a path, without a scheme (`acme.com/docs`). */
export const PROXY_HOST_PATH = /^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(\/[\w-]+)+$/;
export const PROXY_HOST_PATH_MAX = 512;

/**
 * A site's proxy: the service's form (host and path, at most 512 characters) or, as the spec
 * says, an absolute http(s) URL (at most 2048); null removes it. Kept as sent.
 */
export function checkProxy(value: unknown): void {
  if (value === undefined || value === null) return;
  if (typeof value === "string" && !/^[a-z][a-z0-9+.-]*:/i.test(value)) {
    if (value.length > PROXY_HOST_PATH_MAX) {
      throw badRequest(`proxy: must be at most ${PROXY_HOST_PATH_MAX} characters, got ${value.length}`);
    }
    if (!PROXY_HOST_PATH.test(value)) {
      throw badRequest(
        "proxy: must be a host and path such as acme.com/docs, or an absolute http or https URL",
      );
    }
    return;
  }
  checkField("proxy", value, httpUrlRule);
}

/** A boolean filter: `true`/`false`, or undefined when the parameter is absent. */
export function optionalBooleanQuery(query: URLSearchParams, name: string): boolean | undefined {
  return query.has(name) ? booleanQuery(query, name, false) : undefined;
}

/** A repeatable enum parameter that also takes comma-separated values; undefined when absent. */
export function enumListQuery(
  query: URLSearchParams,
  name: string,
  values: readonly string[],
): ReadonlySet<string> | undefined {
  const raw = query.getAll(name);
  if (raw.length === 0) return undefined;
  const items = raw.flatMap((entry) => entry.split(",")).map((item) => item.trim());
  for (const item of items) {
    if (!values.includes(item)) {
      throw badRequest(`${name}: must be one of ${values.join(", ")}, got "${item}"`);
    }
  }
  return new Set(items);
}
