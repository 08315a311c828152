// The schema's validator compiled ahead of time. In the sources it is absent and
// schema-validate.ts compiles the schema with ajv at first use; the build (scripts/build.ts)
// puts here the code ajv generates for the same schema and options, so that the built CLI does
// not pay for compiling it at every start.

import type { ValidateFunction } from "ajv";

export type Formats = Record<string, (value: string) => boolean>;

export const precompiledValidator: ((formats: Formats) => ValidateFunction) | undefined = undefined;
