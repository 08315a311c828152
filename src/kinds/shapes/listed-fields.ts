// The fields of a listed kind (listed.ts), as data, and what each says of one item: its configured
// value, the live one, how the two compare, what a body sends and what an export writes.

import type { ErrorCode } from "../../errors.ts";
import { type Address, addressOf } from "../../model/address.ts";
import type { FieldChange } from "../../model/plan.ts";
import { compareField } from "../compare.ts";
import type { ExportContext, PlanContext } from "../types.ts";
import { answerOf } from "./concerns.ts";

export { answerOf } from "./concerns.ts";

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
   * changes it: a team's members); `never`, the key that names the item, which no rename
   * changes: sent to create it, exported, never compared (its address shows it).
   */
  change?: "patch" | "replace" | "once" | "never";
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
   * It names an item of a sibling kind (a SAML provider's default team): written as that item's
   * key, listed under `collection` (configured as `{ [key]: value }`), or as `{ id }` for a live
   * one; the calls send and the answer holds its id. A call that changes it, or deletes this
   * item, stops referring to the item it named; an export names it by its key when it lists it.
   */
  refers?: { kind: string; collection: string; key: string };
  /** For a field the configuration may leave out but a create needs: the error a create
   * without it stops the plan with, and what to give (`a URL, or { text: ... }`). */
  neededToCreate?: { code: ErrorCode; give: string };
  /** The configured value of the raw one, when they differ (a URL → `{ url }`). */
  resolve?(raw: unknown): unknown;
  /** Its changes, when it is not compared as one value (a source the API answers in part). */
  diff?(desired: D, live: L | undefined): FieldChange[];
  /** What an export writes for the answer's value, undefined for nothing (default: the value,
   * unless null). */
  exported?(value: unknown): unknown;
}

/** Where the configured values are worked out: the plan, and the container of the item. */
export interface Valuing {
  ctx: PlanContext;
  container: Address;
}

/** The field's configured value as calls send it; undefined when not set. */
export function configuredValue<D, L>(field: ListedField<D, L>, desired: D, at: Valuing): unknown {
  const value = (desired as Record<string, unknown>)[field.name];
  if (!field.refers || typeof value !== "object" || value === null) return value;
  const named = value as Record<string, string>;
  if ("id" in named) return named.id;
  // An item named by its key: its id, live or to be filled in once this plan creates it.
  return at.ctx.idOf(addressOf(at.container, field.refers.kind, named[field.refers.key]!));
}

/** The field's changes: against the live item, or for a new item against what it is made with. */
export function fieldChanges<D, L>(
  field: ListedField<D, L>,
  desired: D,
  live: L | undefined,
  at: Valuing,
): FieldChange[] {
  if (field.diff) return field.diff(desired, live);
  const changes: FieldChange[] = [];
  const have = live !== undefined ? answerOf(field, live) : field.afterCreate ? field.initial : undefined;
  const options = field.sensitive ? { sensitive: true } : {};
  compareField(changes, field.name, configuredValue(field, desired, at), have, options);
  return changes;
}

/** The configured values of `fields` set, by name, in order: a body. */
export function bodyOf<D, L>(
  fields: readonly ListedField<D, L>[],
  desired: D,
  at: Valuing,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = configuredValue(field, desired, at);
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
  if (field.refers) return ctx.exportedKey(field.refers.kind, String(value)) ?? { id: value };
  return value;
}

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
