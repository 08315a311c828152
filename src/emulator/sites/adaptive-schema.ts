// The site adaptive schema: a small subset of JSON Schema draft-07 describing visitor
// attributes. It is checked strictly (a typo in a property would silently disable a
// condition) and then stored and returned exactly as sent.

import { badRequest } from "../core/http-error.ts";
import { type BodyShape, checkNested } from "../core/validate.ts";

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

export function checkAdaptiveJsonSchema(value: Record<string, unknown>, field: string): void {
  const schema = checkNested(field, value, schemaShape, { alwaysStrict: true });
  const declared = (schema.properties ?? {}) as Record<string, unknown>;
  (schema.required as string[] | undefined)?.forEach((name, i) => {
    if (!Object.hasOwn(declared, name)) {
      throw badRequest(`${field}.required[${i}]: "${name}" is not one of ${field}.properties`);
    }
  });
}
