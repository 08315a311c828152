// A small schema language for the nested documents of the published description (a site's
// customization), with one function that checks a value against it and returns the value as
// stored: every field the schema lists, checked; any other field goes to the request's body
// policy (400 when strict) and is left out. Leaves reuse the core's field rules.

import { unknownField } from "../core/body-policy.ts";
import { badRequest } from "../core/http-error.ts";
import { checkField, type FieldRule } from "../core/validate.ts";

export type Spec =
  | FieldRule
  /**
   * An object of named fields; `required` fields must be present. `whole`: a partial update
   * sets it as one value rather than field by field.
   */
  | { type: "group"; fields: Record<string, Field>; nullable?: boolean; whole?: boolean }
  | { type: "list"; items: Spec; max?: number; min?: number; nullable?: boolean }
  /** A mapping of free keys (a language code) to values of one spec. */
  | { type: "map"; values: Spec }
  /** Objects told apart by the value of `tag`. */
  | { type: "tagged"; tag: string; forms: Record<string, Record<string, Field>>; nullable?: boolean }
  /** The first spec whose `accepts` holds for the value decides; `describe` names the forms in errors. */
  | { type: "either"; specs: Spec[]; describe: string; nullable?: boolean };

export type Field = Spec & { required?: boolean };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Whether a value is of the kind a spec is about (a string for a leaf, an object for a group…). */
function accepts(spec: Spec, value: unknown): boolean {
  switch (spec.type) {
    case "group":
    case "map":
    case "tagged":
    case "object":
      return isObject(value);
    case "list":
    case "string[]":
      return Array.isArray(value);
    case "either":
      return spec.specs.some((inner) => accepts(inner, value));
    case "enum":
    case "string":
    case "url":
      return typeof value === "string";
    case "boolean":
      return typeof value === "boolean";
    case "number":
      return typeof value === "number";
    case "any":
      return true;
  }
}

function cleanGroup(field: string, value: unknown, fields: Record<string, Field>): Record<string, unknown> {
  if (!isObject(value)) {
    const kind = value === null ? "null" : Array.isArray(value) ? "an array" : `a ${typeof value}`;
    throw badRequest(`${field || "request body"}: must be an object, got ${kind}`);
  }
  const prefix = field === "" ? "" : `${field}.`;
  const cleaned: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const spec = fields[key];
    if (spec === undefined) unknownField(`${prefix}${key}`);
    else cleaned[key] = clean(`${prefix}${key}`, item, spec);
  }
  for (const [key, spec] of Object.entries(fields)) {
    if (spec.required && !(key in cleaned)) throw badRequest(`${prefix}${key}: required`);
  }
  return cleaned;
}

/** The value as stored; 400 naming the field (`styling.primaryColor.light`) when it breaks the spec. */
export function clean(field: string, value: unknown, spec: Spec): unknown {
  if (value === null) {
    if ("nullable" in spec && spec.nullable) return null;
    if (spec.type === "any") return null;
    throw badRequest(`${field}: must not be null`);
  }
  switch (spec.type) {
    case "group":
      return cleanGroup(field, value, spec.fields);
    case "list": {
      if (!Array.isArray(value)) throw badRequest(`${field}: must be an array`);
      if (spec.min !== undefined && value.length < spec.min) {
        throw badRequest(`${field}: must have at least ${spec.min} items`);
      }
      if (spec.max !== undefined && value.length > spec.max) {
        throw badRequest(`${field}: must have at most ${spec.max} items`);
      }
      return value.map((item, i) => clean(`${field}[${i}]`, item, spec.items));
    }
    case "map": {
      if (!isObject(value)) throw badRequest(`${field}: must be an object`);
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [key, clean(`${field}.${key}`, item, spec.values)]),
      );
    }
    case "tagged": {
      const tag = isObject(value) ? value[spec.tag] : undefined;
      const form = typeof tag === "string" ? spec.forms[tag] : undefined;
      if (!isObject(value) || form === undefined) {
        throw badRequest(`${field}.${spec.tag}: must be one of ${Object.keys(spec.forms).join(", ")}`);
      }
      return cleanGroup(field, value, { [spec.tag]: { type: "string", required: true }, ...form });
    }
    case "either": {
      const chosen = spec.specs.find((inner) => accepts(inner, value));
      if (!chosen) throw badRequest(`${field}: must be ${spec.describe}`);
      return clean(field, value, chosen);
    }
    default:
      checkField(field, value, spec);
      return value;
  }
}

/** Whether a spec is a group: its fields are set one by one by a partial update. */
export const isGroup = (spec: Spec | undefined): spec is Extract<Spec, { type: "group" }> =>
  spec?.type === "group";
