// Field comparison shared by the kinds: only fields the configuration sets are compared, and
// `null` in the configuration means "remove", which matches a live value that is absent.

import { isDeepStrictEqual } from "node:util";
import type { FieldChange } from "../model/plan.ts";

const isAbsent = (value: unknown): boolean => value === undefined || value === null;

/** Whether a configured value already holds live. */
export function holds(desired: unknown, live: unknown): boolean {
  if (desired === live) return true;
  if (desired === null) return isAbsent(live);
  return typeof desired === "object" && isDeepStrictEqual(desired, live);
}

/**
 * Adds a change for `field` when the configuration sets it (`desired` not undefined) and the
 * live value differs. Returns whether it added one.
 */
export function compareField(
  changes: FieldChange[],
  field: string,
  desired: unknown,
  live: unknown,
  options: { sensitive?: boolean } = {},
): boolean {
  if (desired === undefined || holds(desired, live)) return false;
  const change: FieldChange = { field };
  if (!isAbsent(live)) change.from = live;
  if (desired !== null) change.to = desired;
  if (options.sensitive) change.sensitive = true;
  changes.push(change);
  return true;
}

/** The body of a PATCH: the new value of each changed field (`null` for removed ones). */
export function patchBody(
  changes: readonly FieldChange[],
  fields: readonly string[],
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const change of changes) {
    if (fields.includes(change.field)) body[change.field] = change.to === undefined ? null : change.to;
  }
  return body;
}

/** The fields of a configured item that are set, for a create body. */
export function definedFields<T extends object>(
  item: T,
  fields: readonly (keyof T)[],
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = item[field];
    if (value !== undefined && value !== null) body[field as string] = value;
  }
  return body;
}

/** A change that only happens at creation, as it is shown for a created item. */
export function creationFields<T extends object>(
  item: T,
  fields: readonly (keyof T)[],
  sensitive: readonly string[] = [],
) {
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const value = item[field];
    if (value === undefined) continue;
    const change: FieldChange = { field: field as string, to: value };
    if (sensitive.includes(field as string)) change.sensitive = true;
    changes.push(change);
  }
  return changes;
}
