// Drift is a plan read the other way round: not "what apply would do" but "how the live
// organization differs from the configuration", item by item and field by field. The report
// and the plan map onto each other both ways: `driftReport` reads a plan as drift, and
// `planOfDrift` gives back the plan a (parsed) report was made from, for the renderers of plans.

import type { Change, ChangeAction, FieldChange, Plan } from "../model/plan.ts";

export type DriftState = "missing" | "live-only" | "differs" | "must-replace" | "out-of-order";

export interface DriftField {
  field: string;
  live?: unknown;
  configured?: unknown;
  sensitive?: boolean;
  /** `live` as people read it, when its JSON says less (a destination as `section "docs"`). */
  liveText?: string;
  /** `configured` as people read it. */
  configuredText?: string;
  /** The item's main value (a redirect's destination): shown without the field's name. */
  main?: true;
}

export interface DriftItem {
  address: string;
  kind: string;
  state: DriftState;
  fields: DriftField[];
  note?: string;
  highRisk?: boolean;
  /** The item's own name in its address, unquoted. */
  name?: string;
  /** The addresses of the items it is in, outermost first. */
  parents?: string[];
}

export interface DriftReport {
  format: "docsync-drift";
  version: 1;
  organization: string;
  drifted: boolean;
  items: DriftItem[];
  warnings: string[];
}

const STATES: Record<ChangeAction, DriftState> = {
  create: "missing",
  delete: "live-only",
  update: "differs",
  replace: "must-replace",
  move: "out-of-order",
};

const ACTIONS = Object.fromEntries(
  Object.entries(STATES).map(([action, state]) => [state, action]),
) as Record<DriftState, ChangeAction>;

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
      if (field.fromText !== undefined) drift.liveText = field.fromText;
      if (field.toText !== undefined) drift.configuredText = field.toText;
      if (field.main) drift.main = true;
      return drift;
    }),
  };
  if (change.note) item.note = change.note;
  if (change.highRisk) item.highRisk = true;
  if (change.name !== undefined) item.name = change.name;
  if (change.parents) item.parents = change.parents;
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

/** The change a drift item was read from; its id is its position (`c1`, `c2`, …), it has no calls. */
function changeOf(item: DriftItem, index: number): Change {
  const change: Change = {
    id: `c${index + 1}`,
    action: ACTIONS[item.state],
    kind: item.kind,
    address: item.address,
    fields: item.fields.map((field) => {
      const change: FieldChange = { field: field.field };
      if ("live" in field) change.from = field.live;
      if ("configured" in field) change.to = field.configured;
      if (field.sensitive) change.sensitive = true;
      if (field.liveText !== undefined) change.fromText = field.liveText;
      if (field.configuredText !== undefined) change.toText = field.configuredText;
      if (field.main) change.main = true;
      return change;
    }),
    calls: [],
  };
  if (item.note) change.note = item.note;
  if (item.highRisk) change.highRisk = true;
  if (item.name !== undefined) change.name = item.name;
  if (item.parents) change.parents = item.parents;
  return change;
}

/** The plan a drift report was made from, as far as the report tells it (no calls): what
 * renderDriftMarkdown and driftSummaryLine read. */
export function planOfDrift(report: DriftReport): Plan {
  const changes = report.items.map(changeOf);
  const summary = { create: 0, update: 0, replace: 0, move: 0, delete: 0 };
  for (const change of changes) summary[change.action]++;
  return {
    format: "docsync-plan",
    version: 1,
    organization: report.organization,
    changes,
    calls: [],
    warnings: report.warnings,
    summary,
  };
}
