// The ajv that compiles the configuration schema, with the options every compilation uses: in the
// sources at first use (schema-precompiled.ts), ahead of time in the build (scripts/build.ts). The
// built CLI runs the generated code, and never loads ajv's compiler.

import { Ajv, type Options } from "ajv";

/** Checks of the string formats the schema names, by format. */
export type Formats = Record<string, (value: string) => boolean>;

/** The options of the validator that only says whether a value is valid: it stops at the first
 * error, and its code is smaller and quicker than that of the one that reports every error.
 * Each definition is its own function, called where it is referenced: V8 optimises a small
 * function soon and shares it (a site's 20,000 redirects call one), where the inlined whole was
 * one function too large to be optimised at all. The validator that reports every error keeps
 * its definitions inlined: called, each would return its own list of errors for the caller to
 * copy onto its own, and a file with an error in each of a million items would hold those copies
 * at once. */
export const FIRST_ERROR: Options = { allErrors: false, verbose: false, inlineRefs: false };

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
