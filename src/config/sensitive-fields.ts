// The fields whose values must never be printed: interpolation gathers their values for
// redaction, and the readers note where they are.

/** Paths of sensitive fields; `*` stands for any list index. */
export const SENSITIVE_FIELDS: string[][] = [["samlProviders", "*", "certificate"]];

/** Their last keys: a value under one of them is looked at even when it interpolates nothing. */
export const SENSITIVE_KEYS: ReadonlySet<string> = new Set(
  SENSITIVE_FIELDS.map((pattern) => pattern.at(-1) as string),
);
