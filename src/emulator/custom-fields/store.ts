// Custom fields of an organization and their values on spaces. A field is identified by its
// name, unique in the organization and immutable; only select and multi-select fields carry
// options, and a space's value always fits its field's type.

import { badRequest, conflict, notFound } from "../core/http-error.ts";
import { organizationRecords } from "../core/records.ts";
import type { EmulatorState, OrganizationRecord, SpaceRecord } from "../core/state.ts";
import type { CustomFieldRecord, CustomFieldType } from "./record.ts";
import { checkValue, withoutStaleOptions } from "./values.ts";

export { CUSTOM_FIELD_TYPES, type CustomFieldRecord, type CustomFieldType } from "./record.ts";

export type CustomFieldChanges = Partial<
  Pick<CustomFieldRecord, "title" | "description" | "placeholder" | "options">
>;

const fields = organizationRecords<CustomFieldRecord>("custom-fields", "custom field");

/** Values by space id, then by field id. */
const valuesOf = (state: EmulatorState) =>
  state.family("custom-field-values", () => new Map<string, Map<string, unknown>>());

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

export const listFields = fields.list;

const fieldNamed = (state: EmulatorState, organizationId: string, name: string) =>
  listFields(state, organizationId).find((field) => field.name === name);

export function findField(state: EmulatorState, organizationId: string, name: string): CustomFieldRecord {
  const field = fieldNamed(state, organizationId, name);
  if (!field) throw notFound("custom field", name);
  return field;
}

export function createField(
  state: EmulatorState,
  organization: OrganizationRecord,
  input: CustomFieldChanges & { name: string; type: CustomFieldType },
): CustomFieldRecord {
  if (fieldNamed(state, organization.id, input.name)) {
    throw conflict(`custom field "${input.name}" already exists in organization "${organization.id}"`);
  }
  checkOptions(input.type, input.options);
  const now = state.now();
  return fields.add(state, {
    ...input,
    id: fields.freshId(state, "cf"),
    organizationId: organization.id,
    createdAt: now,
    updatedAt: now,
  });
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
  for (const values of valuesOf(state).values()) {
    if (!values.has(field.id)) continue;
    const kept = withoutStaleOptions(field, values.get(field.id));
    if (kept === undefined) values.delete(field.id);
    else values.set(field.id, kept);
  }
}

export function deleteField(state: EmulatorState, field: CustomFieldRecord): void {
  fields.remove(state, field);
  for (const spaceValues of valuesOf(state).values()) spaceValues.delete(field.id);
}

/** The fields that hold a value on the space, in field creation order. */
export function spaceValues(
  state: EmulatorState,
  space: SpaceRecord,
): { field: CustomFieldRecord; value: unknown }[] {
  const values = valuesOf(state).get(space.id);
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
  const organizationFields = listFields(state, space.organizationId);
  const changes = Object.entries(input).map(([name, value]) => {
    const field = organizationFields.find((f) => f.name === name);
    if (!field)
      throw badRequest(
        `values.${name}: no custom field named "${name}" in organization "${space.organizationId}"`,
      );
    checkValue(field, value, `values.${name}.value`);
    return { field, value };
  });
  const values = valuesOf(state);
  const stored = values.get(space.id) ?? new Map<string, unknown>();
  for (const { field, value } of changes) {
    if (value === null) stored.delete(field.id);
    else stored.set(field.id, value);
  }
  values.set(space.id, stored);
}

export function copySpaceValues(state: EmulatorState, fromSpaceId: string, toSpaceId: string): void {
  const values = valuesOf(state);
  const source = values.get(fromSpaceId);
  if (source) values.set(toSpaceId, new Map(structuredClone([...source])));
}

/** Fields belong to an organization, so a space that leaves it leaves its values behind. */
export function clearSpaceValues(state: EmulatorState, spaceId: string): void {
  valuesOf(state).delete(spaceId);
}
