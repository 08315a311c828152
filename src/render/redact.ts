// Sensitive values (certificates, secrets) never leave docsync: field changes marked sensitive
// show no value, and any sensitive value that still appears in a plan's strings is replaced.
// Text on its way out is redacted once more, at the boundary (src/secrets/redactor.ts).

import type { Change, Plan } from "../model/plan.ts";
import { REDACTED, Redactor } from "../secrets/redactor.ts";

export const SENSITIVE = REDACTED;

function maskChange(change: Change): Change {
  // Most changes have no sensitive field: kept as they are, not copied.
  if (!change.fields.some((field) => field.sensitive)) return change;
  return {
    ...change,
    fields: change.fields.map((field) => {
      if (!field.sensitive) return field;
      const masked = { ...field };
      if ("from" in masked) masked.from = SENSITIVE;
      if ("to" in masked) masked.to = SENSITIVE;
      return masked;
    }),
  };
}

/** The plan with the values of sensitive field changes replaced by `(sensitive)`. */
export function maskSensitiveFields<T extends Plan>(plan: T): T {
  return { ...plan, changes: plan.changes.map(maskChange) };
}

/** A copy of the plan that is safe to print or store. */
export function redactPlan(plan: Plan, secrets: Redactor | readonly string[]): Plan {
  const redactor = secrets instanceof Redactor ? secrets : new Redactor(secrets);
  return redactor.redactValue(maskSensitiveFields(plan));
}
