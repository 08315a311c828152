// The schema's validator that says whether a value is valid, stopping at its first error. In the
// sources it is compiled here with ajv at first use; the build (scripts/build.ts) puts in place of
// this module the code ajv generates ahead of time for the same schema and options, so that the
// built CLI neither compiles it nor loads ajv's compiler.

import type { ValidateFunction } from "ajv";
import schema from "../../schemas/docsync.schema.json" with { type: "json" };
import { FIRST_ERROR, type Formats, schemaAjv } from "./schema-ajv.ts";

export type { Formats } from "./schema-ajv.ts";

export function precompiledValidator(formats: Formats): ValidateFunction {
  return schemaAjv(formats, FIRST_ERROR).compile(schema);
}
