// The fields whose values must never be printed: interpolation gathers their values for
// redaction, and the readers note where they are.

import { TOP_LEVEL_KINDS } from "../kinds/registry.ts";

/** Paths of sensitive fields, as the top-level kinds declare them; `*` stands for any list index. */
export const SENSITIVE_FIELDS: string[][] = TOP_LEVEL_KINDS.flatMap((kind) =>
  (kind.config.sensitive ?? []).map((field) => [kind.collection, "*", field]),
);

/** Their last keys: a value under one of them is looked at even when it interpolates nothing. */
export const SENSITIVE_KEYS: ReadonlySet<string> = new Set(
  SENSITIVE_FIELDS.map((pattern) => pattern.at(-1) as string),
);
