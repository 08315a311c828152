// The fields whose values must never be printed: interpolation gathers their values for
// redaction, and the readers note where they are. A run's own come from its kind set
// (`KindSet.sensitiveFields`, which loadConfig passes to interpolation); these are the built-in
// kinds', for callers that pass none.

import { builtInKinds } from "../kinds/registry.ts";

/** Paths of sensitive fields of the built-in kinds; `*` stands for any list index. */
export const SENSITIVE_FIELDS: readonly (readonly string[])[] = builtInKinds.sensitiveFields;

/** Their last keys: a value under one of them is looked at even when it interpolates nothing. */
export const sensitiveKeys = (fields: readonly (readonly string[])[]): ReadonlySet<string> =>
  new Set(fields.map((pattern) => pattern.at(-1) as string));

/** The last keys of the built-in kinds' sensitive fields. */
export const SENSITIVE_KEYS: ReadonlySet<string> = sensitiveKeys(SENSITIVE_FIELDS);
