// The ajv that compiles the configuration schema, with the options every compilation uses: in the
// sources at first use (schema-precompiled.ts), ahead of time in the build (scripts/build.ts). The
// built CLI runs the generated code, and never loads ajv's compiler.

import { Ajv, type Options } from "ajv";

/** Checks of the string formats the schema names, by format. */
export type Formats = Record<string, (value: string) => boolean>;

/** The options of the validator that only says whether a value is valid: it stops at the first
 * error, and its code is smaller and quicker than that of the one that reports every error. */
export const FIRST_ERROR: Options = { allErrors: false, verbose: false };

export function schemaAjv(formats: Formats, options: Options = {}): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    verbose: true,
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
    // Each definition its own function, called where it is referenced: V8 optimises a small
    // function soon and shares it (a site's 20,000 redirects call one), where the inlined whole
    // was one function too large to be optimised at all, and 1.1 MB of code rather than 0.8 MB.
    inlineRefs: false,
    ...options,
  });
  // `errorMessage` is the editors' (yaml-language-server) custom message; we read it too.
  ajv.addVocabulary(["errorMessage"]);
  for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, format);
  return ajv;
}
