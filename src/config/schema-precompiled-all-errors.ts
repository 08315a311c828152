// The schema's validator that reports every error, with the schema of each: loaded only when a
// value is invalid. In the sources it is compiled here with ajv; the build (scripts/build.ts)
// puts in place of this module the code ajv generates ahead of time, in a chunk of its own.

import type { ValidateFunction } from "ajv";
import schema from "../../schemas/docsync.schema.json" with { type: "json" };
import { type Formats, schemaAjv } from "./schema-ajv.ts";

export function precompiledAllErrorsValidator(formats: Formats): ValidateFunction {
  return schemaAjv(formats).compile(schema);
}
