// The site adaptive schema: a small subset of JSON Schema draft-07 describing visitor
// attributes. It is checked strictly (a typo in a property would silently disable a
// condition) and then stored and returned exactly as sent. Two forms: the spec's (a type and a
// description per property), and, for a fixture whose `published` lists `adaptive-schema`, the
// claims of the service's published description (enum, items, nested properties).

import { badRequest } from "../core/http-error.ts";
import type { EmulatorState } from "../core/state.ts";
import { type BodyShape, checkField, checkNested } from "../core/validate.ts";

export type AdaptiveSchemaForm = "spec" | "published";
const FORM = "adaptive-schema-form";

const formOf = (state: EmulatorState): AdaptiveSchemaForm =>
  state.family<{ form: AdaptiveSchemaForm }>(FORM, () => ({ form: "spec" })).form;

export function serveAdaptiveSchema(state: EmulatorState, form: AdaptiveSchemaForm): void {
  state.family<{ form: AdaptiveSchemaForm }>(FORM, () => ({ form })).form = form;
}

const PRIMITIVE_CLAIMS = ["boolean", "string", "number"];

/** One published claim: a description on each, enum on strings, items on arrays, properties on objects. */
function checkClaim(value: unknown, field: string, primitiveOnly: boolean): void {
  checkField(field, value, { type: "object" });
  const { type } = value as Record<string, unknown>;
  if (type === undefined) throw badRequest(`${field}.type: required`);
  const types = primitiveOnly ? PRIMITIVE_CLAIMS : [...PRIMITIVE_CLAIMS, "array", "object"];
  checkField(`${field}.type`, type, { type: "enum", values: types });
  const shape: BodyShape = { type: { type: "any" }, description: { type: "string", required: true } };
  if (type === "string") shape.enum = { type: "string[]", minItems: 1 };
  if (type === "array") {
    shape.items = { type: "object", required: true, check: (item, at) => checkClaim(item, at, true) };
  }
  if (type === "object") {
    shape.properties = { type: "object", required: true, check: checkClaims };
    shape.additionalProperties = { type: "boolean", required: true };
  }
  const claim = checkNested(field, value, shape, { alwaysStrict: true });
  if (type === "object" && claim.additionalProperties !== false) {
    throw badRequest(`${field}.additionalProperties: must be false`);
  }
}

function checkClaims(claims: Record<string, unknown>, field: string): void {
  for (const [name, claim] of Object.entries(claims)) checkClaim(claim, `${field}.${name}`, false);
}

const publishedShape: BodyShape = {
  type: { type: "enum", values: ["object"] },
  properties: { type: "object", check: checkClaims },
  additionalProperties: { type: "boolean", required: true },
  required: { type: "string[]" },
};

const PROPERTY_TYPES = ["string", "number", "integer", "boolean", "array", "object"];

const propertyShape: BodyShape = {
  type: { type: "enum", values: PROPERTY_TYPES, required: true },
  description: { type: "string" },
};

function checkProperties(properties: Record<string, unknown>, field: string): void {
  for (const [name, property] of Object.entries(properties))
    checkNested(`${field}.${name}`, property, propertyShape, { alwaysStrict: true });
}

const schemaShape: BodyShape = {
  $schema: { type: "string" },
  type: { type: "enum", values: ["object"] },
  properties: { type: "object", check: checkProperties },
  additionalProperties: { type: "boolean" },
  required: { type: "string[]" },
};

/** The schema in the form the emulator serves; 400 naming the field otherwise. */
export function checkAdaptiveJsonSchema(
  state: EmulatorState,
  value: Record<string, unknown>,
  field: string,
): void {
  const published = formOf(state) === "published";
  const schema = checkNested(field, value, published ? publishedShape : schemaShape, { alwaysStrict: true });
  // The service accepts only a closed schema.
  if (published && schema.additionalProperties !== false) {
    throw badRequest(`${field}.additionalProperties: must be false`);
  }
  const declared = (schema.properties ?? {}) as Record<string, unknown>;
  (schema.required as string[] | undefined)?.forEach((name, i) => {
    if (!Object.hasOwn(declared, name)) {
      throw badRequest(`${field}.required[${i}]: "${name}" is not one of ${field}.properties`);
    }
  });
}
