// The JSON Schemas of schemas/, to check a printed JSON document against the one of its format.

import { readFileSync } from "node:fs";
import { Ajv } from "ajv";
import { expect } from "vitest";

const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false });

/** The JSON document `text`, asserted to match `schemas/<schema>`. */
export function conforms(schema: string, text: string): Record<string, unknown> {
  const value = JSON.parse(text) as Record<string, unknown>;
  const validate =
    ajv.getSchema(schema) ??
    ajv.compile({ ...JSON.parse(readFileSync(`schemas/${schema}`, "utf8")), $id: schema });
  expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
  return value;
}
