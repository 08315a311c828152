// The fields of a listed kind (listed.ts), as data, and what each says of one item: its configured
// value, the live one, how the two compare, what a body sends and what an export writes.

import type { ErrorCode } from "../../errors.ts";
import type { FieldChange } from "../../model/plan.ts";
import { compareField } from "../compare.ts";
import type { ExportContext, PlanContext } from "../types.ts";

/** One field a listed kind manages. `D` is its configured item, `L` its live one. */
export interface ListedField<D, L> {
  /** Its name in the configuration and in the bodies of calls. */
  name: string;
  /** Where the answer holds it, when not under `name`: a dotted path (`defaultTeam.id`). */
  answer?: string;
  /**
   * The value the service holds for it when nothing sets it (a share link is made active): what
   * an answer without it means, and what a new item has until the call that sets it.
   */
  initial?: unknown;
  /**
   * How it changes: `patch` (default) by the update call; `replace`, a change needs a new item;
   * `once`, given to a new item only, never compared after (the API neither answers nor
   * changes it: a team's members).
   */
  change?: "patch" | "replace" | "once";
  /** The create call does not take it: a PATCH sets it once the item exists. */
  afterCreate?: boolean;
  /**
   * The API keeps it unique in the container: a call that takes a value waits for the call that
   * gives it up, and two items exchanging values go by a temporary one.
   */
  unique?: boolean;
  /** Compared, never shown (a certificate). */
  sensitive?: boolean;
  /**
   * The sibling kind whose live item's id it holds (a SAML provider's default team): an update
   * that changes it, or the delete of this item, stops referring to that item, and an export
   * names it by its key there.
   */
  refers?: string;
  /** For a field the configuration may leave out but a create needs: the error a create
   * without it stops the plan with, and what to give (`a URL, or { text: ... }`). */
  neededToCreate?: { code: ErrorCode; give: string };
  /** The configured value of the raw one, when they differ (a team title → `{ title }`). */
  resolve?(raw: unknown): unknown;
  /** The value compared and sent, when not the configured one (a team title → its id). */
  value?(desired: D, ctx: PlanContext): unknown;
  /** Its changes, when it is not compared as one value (a source the API answers in part). */
  diff?(desired: D, live: L | undefined): FieldChange[];
  /** What an export writes for the answer's value, undefined for nothing (default: the value,
   * unless null). */
  exported?(value: unknown): unknown;
}

/** The field's configured value: given, and undefined when not set. */
export const configuredValue = <D, L>(field: ListedField<D, L>, desired: D, ctx: PlanContext): unknown =>
  field.value ? field.value(desired, ctx) : (desired as Record<string, unknown>)[field.name];

/** The field's value in an answer. */
export function answerOf<D, L>(field: ListedField<D, L>, live: L): unknown {
  let value: unknown = live;
  for (const key of (field.answer ?? field.name).split(".")) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The field's changes: against the live item, or for a new item against what it is made with. */
export function fieldChanges<D, L>(
  field: ListedField<D, L>,
  desired: D,
  live: L | undefined,
  ctx: PlanContext,
): FieldChange[] {
  if (field.diff) return field.diff(desired, live);
  const changes: FieldChange[] = [];
  const have = live !== undefined ? answerOf(field, live) : field.afterCreate ? field.initial : undefined;
  const options = field.sensitive ? { sensitive: true } : {};
  compareField(changes, field.name, configuredValue(field, desired, ctx), have, options);
  return changes;
}

/** The configured values of `fields` set, by name, in order: a body. */
export function bodyOf<D, L>(
  fields: readonly ListedField<D, L>[],
  desired: D,
  ctx: PlanContext,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = configuredValue(field, desired, ctx);
    if (value !== undefined) body[field.name] = value;
  }
  return body;
}

/** What an export writes for the field, or undefined. */
export function exportedValue<D, L>(field: ListedField<D, L>, live: L, ctx: ExportContext): unknown {
  const value = answerOf(field, live);
  if (field.exported) return field.exported(value);
  if (value === undefined || value === null) return undefined;
  // An id of another kind's item: its key there when the export lists it.
  if (field.refers) return ctx.exportedKey(field.refers, String(value)) ?? { id: value };
  return value;
}

/** The live ids of items the fields `refers` to that a live item names. */
export const referred = <D, L>(fields: readonly ListedField<D, L>[], live: L): string[] =>
  fields.flatMap((field) => {
    const value = field.refers ? answerOf(field, live) : undefined;
    return value === undefined || value === null ? [] : [String(value)];
  });

/** An answer as docsync keeps it: its id and the fields' values, absent ones at their initial value. */
export function kept<D, L>(
  fields: readonly ListedField<D, L>[],
  answer: Record<string, unknown>,
  onlyFields: boolean,
): L {
  const item: Record<string, unknown> = onlyFields ? { id: String(answer.id) } : { ...answer };
  for (const field of fields) {
    // The answer's own field, of which a dotted `answer` is a part.
    const key = (field.answer ?? field.name).split(".")[0]!;
    if (onlyFields && field.change !== "once") item[key] = answer[key];
    if ("initial" in field && item[key] === undefined) item[key] = field.initial;
  }
  return item as L;
}
