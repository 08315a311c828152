// Sensitive values (certificates, secrets) never leave docsync: field changes marked sensitive
// show no value, and any sensitive value that still appears in a text is replaced.

import type { Change, Plan } from "../plan/types.ts";

export const SENSITIVE = "(sensitive)";

/** Replaces every occurrence of a sensitive value in a text. */
export function redactText(text: string, sensitiveValues: readonly string[]): string {
  let result = text;
  for (const value of sensitiveValues) {
    if (value.length >= 4) result = result.split(value).join(SENSITIVE);
  }
  return result;
}

/** A copy of a JSON value with every sensitive value in its strings replaced. */
export function redactValue<T>(value: T, sensitiveValues: readonly string[]): T {
  return redactDeep(value, sensitiveValues) as T;
}

function redactDeep(value: unknown, sensitiveValues: readonly string[]): unknown {
  if (typeof value === "string") return redactText(value, sensitiveValues);
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, sensitiveValues));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, redactDeep(item, sensitiveValues)]),
    );
  }
  return value;
}

function redactChange(change: Change): Change {
  return {
    ...change,
    fields: change.fields.map((field) => {
      if (!field.sensitive) return field;
      const redacted = { ...field };
      if ("from" in redacted) redacted.from = SENSITIVE;
      if ("to" in redacted) redacted.to = SENSITIVE;
      return redacted;
    }),
  };
}

/** A copy of the plan that is safe to print or store. */
export function redactPlan(plan: Plan, sensitiveValues: readonly string[]): Plan {
  const redacted = { ...plan, changes: plan.changes.map(redactChange) };
  return redactDeep(redacted, sensitiveValues) as Plan;
}
