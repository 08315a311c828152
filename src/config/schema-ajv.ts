// The ajv that compiles the configuration schema, with the options every compilation uses: in the
// sources at first use (schema-precompiled.ts), ahead of time in the build (scripts/build.ts). The
// built CLI runs the generated code, and never loads ajv's compiler.

import { Ajv, type Options } from "ajv";

/** Checks of the string formats the schema names, by format. */
export type Formats = Record<string, (value: string) => boolean>;

export function schemaAjv(formats: Formats, options: Options = {}): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    verbose: true,
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
    ...options,
  });
  // `errorMessage` is the editors' (yaml-language-server) custom message; we read it too.
  ajv.addVocabulary(["errorMessage"]);
  for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, format);
  return ajv;
}
