// Request body validation: a tiny declarative shape per endpoint, so that every handler
// answers malformed input the same way: 400, naming the field and what is wrong with it.

import { unknownField } from "./body-policy.ts";
import { badRequest } from "./http-error.ts";

export type FieldRule =
  | { type: "string"; min?: number; max?: number; pattern?: RegExp; patternText?: string; nullable?: boolean }
  | { type: "enum"; values: readonly string[]; nullable?: boolean }
  | { type: "boolean"; nullable?: boolean }
  | { type: "number"; integer?: boolean; min?: number; max?: number; nullable?: boolean }
  | {
      type: "string[]";
      minItems?: number;
      maxItems?: number;
      itemMax?: number;
      itemPattern?: RegExp;
      itemPatternText?: string;
      nullable?: boolean;
    }
  | { type: "url"; max?: number; nullable?: boolean }
  | { type: "object"; nullable?: boolean; check?: (value: Record<string, unknown>, field: string) => void }
  | { type: "any" };

export interface BodyShape {
  [field: string]: FieldRule & { required?: boolean };
}

const items = (n: number): string => (n === 1 ? "1 item" : `${n} items`);

function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}

function checkString(field: string, value: unknown, rule: Extract<FieldRule, { type: "string" }>): void {
  if (typeof value !== "string") throw badRequest(`${field}: must be a string, got ${describeType(value)}`);
  const { min, max } = rule;
  if (min !== undefined && max !== undefined && (value.length < min || value.length > max)) {
    throw badRequest(`${field}: must be ${min} to ${max} characters, got ${value.length}`);
  }
  if (min !== undefined && value.length < min)
    throw badRequest(`${field}: must be at least ${min} characters`);
  if (max !== undefined && value.length > max) {
    throw badRequest(`${field}: must be at most ${max} characters, got ${value.length}`);
  }
  if (rule.pattern && !rule.pattern.test(value)) {
    throw badRequest(`${field}: must match ${rule.patternText ?? rule.pattern.source}`);
  }
}

/** An absolute http(s) URL, the form of every URL the API accepts. */
function checkUrl(field: string, value: unknown, max: number | undefined): void {
  if (typeof value !== "string")
    throw badRequest(`${field}: must be a URL string, got ${describeType(value)}`);
  if (max !== undefined && value.length > max) {
    throw badRequest(`${field}: must be at most ${max} characters, got ${value.length}`);
  }
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    throw badRequest(`${field}: must be an absolute http or https URL`);
  }
}

export function checkField(field: string, value: unknown, rule: FieldRule): void {
  if (value === null) {
    if (rule.type === "any" || rule.nullable) return;
    throw badRequest(`${field}: must not be null`);
  }
  switch (rule.type) {
    case "any":
      return;
    case "string":
      checkString(field, value, rule);
      return;
    case "enum":
      if (typeof value !== "string" || !rule.values.includes(value)) {
        throw badRequest(`${field}: must be one of ${rule.values.join(", ")}`);
      }
      return;
    case "boolean":
      if (typeof value !== "boolean")
        throw badRequest(`${field}: must be a boolean, got ${describeType(value)}`);
      return;
    case "number":
      if (typeof value !== "number" || !Number.isFinite(value)) {
        throw badRequest(`${field}: must be a number, got ${describeType(value)}`);
      }
      if (rule.integer && !Number.isInteger(value)) throw badRequest(`${field}: must be an integer`);
      if (rule.min !== undefined && value < rule.min)
        throw badRequest(`${field}: must be at least ${rule.min}`);
      if (rule.max !== undefined && value > rule.max)
        throw badRequest(`${field}: must be at most ${rule.max}`);
      return;
    case "string[]": {
      if (!Array.isArray(value))
        throw badRequest(`${field}: must be an array of strings, got ${describeType(value)}`);
      if (rule.minItems !== undefined && value.length < rule.minItems) {
        throw badRequest(`${field}: must have at least ${items(rule.minItems)}`);
      }
      if (rule.maxItems !== undefined && value.length > rule.maxItems) {
        throw badRequest(`${field}: must have at most ${items(rule.maxItems)}`);
      }
      value.forEach((item, i) => {
        if (typeof item !== "string")
          throw badRequest(`${field}[${i}]: must be a string, got ${describeType(item)}`);
        if (rule.itemMax !== undefined && item.length > rule.itemMax) {
          throw badRequest(`${field}[${i}]: must be at most ${rule.itemMax} characters`);
        }
        if (rule.itemPattern && !rule.itemPattern.test(item)) {
          throw badRequest(`${field}[${i}]: must match ${rule.itemPatternText ?? rule.itemPattern.source}`);
        }
      });
      return;
    }
    case "url":
      checkUrl(field, value, rule.max);
      return;
    case "object":
      if (typeof value !== "object" || Array.isArray(value)) {
        throw badRequest(`${field}: must be an object, got ${describeType(value)}`);
      }
      rule.check?.(value as Record<string, unknown>, field);
      return;
  }
}

/**
 * The fields of an object against a shape: every required field present, each following its
 * rule. A field the shape does not list goes to the request's body policy (400 when strict) and
 * is left out of the answer, so that no handler ever stores it. `prefix` names the object in
 * messages (`position.`).
 */
function checkFields(
  record: Record<string, unknown>,
  shape: BodyShape,
  prefix: string,
  alwaysStrict = false,
): Record<string, unknown> {
  const known: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (key in shape) known[key] = value;
    else if (alwaysStrict) throw badRequest(`${prefix}${key}: unknown field`);
    else unknownField(`${prefix}${key}`);
  }
  for (const [key, rule] of Object.entries(shape)) {
    const value = known[key];
    if (value === undefined) {
      if (rule.required) throw badRequest(`${prefix}${key}: required`);
      continue;
    }
    checkField(`${prefix}${key}`, value, rule);
  }
  return known;
}

/**
 * Checks a parsed JSON body against a shape: it must be an object and its fields must follow the
 * shape. Returns the body typed loosely; handlers read the fields they declared.
 */
export function parseBody(body: unknown, shape: BodyShape, options: { optionalBody?: boolean } = {}) {
  if (body === undefined && options.optionalBody) body = {};
  if (body === undefined) throw badRequest("request body: required");
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw badRequest(`request body: must be a JSON object, got ${describeType(body)}`);
  }
  return checkFields(body as Record<string, unknown>, shape, "");
}

/**
 * An object inside a body, at `field`, checked as parseBody checks a body, with full field names.
 * `alwaysStrict` refuses unknown keys whatever the request's body policy: for values that are
 * data in a closed format (a JSON Schema), not fields of the request.
 */
export function checkNested(
  field: string,
  value: unknown,
  shape: BodyShape,
  options: { alwaysStrict?: boolean } = {},
): Record<string, unknown> {
  checkField(field, value, { type: "object" });
  return checkFields(value as Record<string, unknown>, shape, `${field}.`, options.alwaysStrict);
}

/**
 * Body fields as changes to apply to a record: null removes an optional field (the change holds
 * the key with the value undefined), except in the `nullValued` fields, where null is a value
 * (a null role means guest).
 */
export function bodyChanges(
  body: Record<string, unknown>,
  nullValued: readonly string[] = [],
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(body).map(([field, value]) => [
      field,
      value === null && !nullValued.includes(field) ? undefined : value,
    ]),
  );
}

/** The role values of the spec, used by several resources. */
export const ROLE_VALUES = ["admin", "create", "review", "edit", "comment", "read"] as const;
