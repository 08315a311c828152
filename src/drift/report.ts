// Drift is a plan read the other way round: not "what apply would do" but "how the live
// organization differs from the configuration", item by item and field by field.

import type { Change, Plan } from "../plan/types.ts";

export type DriftState = "missing" | "live-only" | "differs" | "must-replace" | "out-of-order";

export interface DriftField {
  field: string;
  live?: unknown;
  configured?: unknown;
  sensitive?: boolean;
}

export interface DriftItem {
  address: string;
  kind: string;
  state: DriftState;
  fields: DriftField[];
  note?: string;
  highRisk?: boolean;
}

export interface DriftReport {
  format: "docsync-drift";
  version: 1;
  organization: string;
  drifted: boolean;
  items: DriftItem[];
  warnings: string[];
}

const STATES: Record<Change["action"], DriftState> = {
  create: "missing",
  delete: "live-only",
  update: "differs",
  replace: "must-replace",
  move: "out-of-order",
};

function driftItem(change: Change): DriftItem {
  const item: DriftItem = {
    address: change.address,
    kind: change.kind,
    state: STATES[change.action],
    fields: change.fields.map((field) => {
      const drift: DriftField = { field: field.field };
      if ("from" in field) drift.live = field.from;
      if ("to" in field) drift.configured = field.to;
      if (field.sensitive) drift.sensitive = true;
      return drift;
    }),
  };
  if (change.note) item.note = change.note;
  if (change.highRisk) item.highRisk = true;
  return item;
}

/** The drift report of an (already redacted) plan. */
export function driftReport(plan: Plan): DriftReport {
  return {
    format: "docsync-drift",
    version: 1,
    organization: plan.organization,
    drifted: plan.changes.length > 0,
    items: plan.changes.map(driftItem),
    warnings: plan.warnings,
  };
}
