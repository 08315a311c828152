// Custom fields of an organization and their values on spaces. A field is identified by its
// name, unique in the organization and immutable; only select and multi-select fields carry
// options, and a space's value always fits its field's type.

import { badRequest, conflict, notFound } from "../core/http-error.ts";
import type { EmulatorState, OrganizationRecord, SpaceRecord } from "../core/state.ts";
import { checkValue, withoutStaleOptions } from "./values.ts";

export const CUSTOM_FIELD_TYPES = ["text", "number", "boolean", "date", "select", "multi-select"] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export interface CustomFieldRecord {
  id: string;
  organizationId: string;
  name: string;
  type: CustomFieldType;
  title?: string;
  description?: string;
  placeholder?: string;
  options?: string[];
  createdAt: Date;
  updatedAt: Date;
}

export type CustomFieldChanges = Partial<
  Pick<CustomFieldRecord, "title" | "description" | "placeholder" | "options">
>;

interface CustomFieldState {
  fields: Map<string, CustomFieldRecord>;
  /** Values by space id, then by field id. */
  values: Map<string, Map<string, unknown>>;
}

const stateOf = (state: EmulatorState) =>
  state.family<CustomFieldState>("custom-fields", () => ({ fields: new Map(), values: new Map() }));

const hasOptions = (type: CustomFieldType): boolean => type === "select" || type === "multi-select";

function checkOptions(type: CustomFieldType, options: string[] | undefined): void {
  if (!hasOptions(type)) {
    if (options !== undefined)
      throw badRequest(`options: only allowed for types select and multi-select, not ${type}`);
    return;
  }
  if (options === undefined) throw badRequest(`options: required for type ${type}`);
  options.forEach((option, i) => {
    if (options.indexOf(option) !== i) throw badRequest(`options[${i}]: "${option}" is listed twice`);
  });
}

export function listFields(state: EmulatorState, organizationId: string): CustomFieldRecord[] {
  return [...stateOf(state).fields.values()].filter((field) => field.organizationId === organizationId);
}

export function findField(state: EmulatorState, organizationId: string, name: string): CustomFieldRecord {
  const field = listFields(state, organizationId).find((f) => f.name === name);
  if (!field) throw notFound("custom field", name);
  return field;
}

export function createField(
  state: EmulatorState,
  organization: OrganizationRecord,
  input: CustomFieldChanges & { name: string; type: CustomFieldType },
): CustomFieldRecord {
  if (listFields(state, organization.id).some((field) => field.name === input.name)) {
    throw conflict(`custom field "${input.name}" already exists in organization "${organization.id}"`);
  }
  checkOptions(input.type, input.options);
  const { fields } = stateOf(state);
  const now = state.now();
  const field: CustomFieldRecord = {
    ...input,
    id: state.ids.fresh("cf", (id) => fields.has(id)),
    organizationId: organization.id,
    createdAt: now,
    updatedAt: now,
  };
  fields.set(field.id, field);
  return field;
}

/**
 * Applies changes; a key present with the value undefined removes that optional field. Values
 * of spaces that name an option the change removes lose that option.
 */
export function updateField(
  state: EmulatorState,
  field: CustomFieldRecord,
  changes: CustomFieldChanges,
): void {
  if ("options" in changes) checkOptions(field.type, changes.options);
  Object.assign(field, changes, { updatedAt: state.now() });
  if (!changes.options) return;
  for (const values of stateOf(state).values.values()) {
    if (!values.has(field.id)) continue;
    const kept = withoutStaleOptions(field, values.get(field.id));
    if (kept === undefined) values.delete(field.id);
    else values.set(field.id, kept);
  }
}

export function deleteField(state: EmulatorState, field: CustomFieldRecord): void {
  const { fields, values } = stateOf(state);
  fields.delete(field.id);
  for (const spaceValues of values.values()) spaceValues.delete(field.id);
}

/** The fields that hold a value on the space, in field creation order. */
export function spaceValues(
  state: EmulatorState,
  space: SpaceRecord,
): { field: CustomFieldRecord; value: unknown }[] {
  const values = stateOf(state).values.get(space.id);
  if (!values) return [];
  return listFields(state, space.organizationId)
    .filter((field) => values.has(field.id))
    .map((field) => ({ field, value: values.get(field.id) }));
}

/** Sets values by field name, all or none: every name and value is checked before any is stored. */
export function setSpaceValues(
  state: EmulatorState,
  space: SpaceRecord,
  input: Record<string, unknown>,
): void {
  const fields = listFields(state, space.organizationId);
  const changes = Object.entries(input).map(([name, value]) => {
    const field = fields.find((f) => f.name === name);
    if (!field)
      throw badRequest(
        `values.${name}: no custom field named "${name}" in organization "${space.organizationId}"`,
      );
    checkValue(field, value, `values.${name}.value`);
    return { field, value };
  });
  const { values } = stateOf(state);
  const stored = values.get(space.id) ?? new Map<string, unknown>();
  for (const { field, value } of changes) {
    if (value === null) stored.delete(field.id);
    else stored.set(field.id, value);
  }
  values.set(space.id, stored);
}

export function copySpaceValues(state: EmulatorState, fromSpaceId: string, toSpaceId: string): void {
  const { values } = stateOf(state);
  const source = values.get(fromSpaceId);
  if (source) values.set(toSpaceId, new Map(structuredClone([...source])));
}

/** Fields belong to an organization, so a space that leaves it leaves its values behind. */
export function clearSpaceValues(state: EmulatorState, spaceId: string): void {
  stateOf(state).values.delete(spaceId);
}
