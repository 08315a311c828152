// The entry point of the configuration: read the files, check each on its own (YAML syntax,
// interpolation, schema), then merge them and check the whole (identities, references), and
// resolve it into the DesiredState. Every problem found is reported together in one ConfigError.

import { readFile } from "node:fs/promises";
import { DocsyncError } from "../errors.ts";
import type { KindSet } from "../kinds/kind-set.ts";
import { builtInKinds } from "../kinds/registry.ts";
import { controlCharacterInText, controlCharactersInValues } from "./control-characters.ts";
import { ConfigError, type Diagnostic, sortDiagnostics } from "./diagnostics.ts";
import { type Decoded, decodeUtf8 } from "./encoding.ts";
import { type ConfigFileRef, findConfigFiles } from "./files.ts";
import { type Env, type InterpolateOptions, interpolate } from "./interpolate.ts";
import { mergeFiles } from "./merge.ts";
import type { RawConfig } from "./raw-types.ts";
import { resolve } from "./resolve.ts";
import { checkSchema, prepareSchema, type SchemaValidator } from "./schema-validate.ts";
import { checkSemantics } from "./semantic-checks.ts";
import { checkConfigSize } from "./size-limit.ts";
import type { DesiredState } from "./types.ts";
import { parseYamlFile } from "./yaml-parse.ts";
import type { YamlFile } from "./yaml-positions.ts";

export interface LoadOptions {
  /** Files or folders (a folder: every *.yaml / *.yml in it, by name, not recursive). */
  paths: string[];
  /** Variables for `${VAR}` interpolation; defaults to process.env. */
  env?: Env;
  /** Folder that relative paths start from; defaults to process.cwd(). */
  cwd?: string;
  /** The configuration is checked, not used against the API: `organization:` may name an unset
   * variable (it is then left as written). */
  checkOnly?: boolean;
  /** The kinds the configuration may list; default: the built-in ones. */
  kinds?: KindSet;
}

interface CheckedFile {
  diagnostics: Diagnostic[];
  sensitive: string[];
  /** Present when the file has no problem of its own. */
  valid?: { file: YamlFile; config: RawConfig };
}

/** Reads, checks and resolves the configuration; throws ConfigError listing every problem. */
export async function loadConfig(options: LoadOptions): Promise<DesiredState> {
  if (options.paths.length === 0) throw new DocsyncError("config.invalid", "no configuration file given");
  const env = options.env ?? process.env;
  const { files, order, diagnostics } = await findConfigFiles(options.paths, options.cwd ?? process.cwd());
  checkConfigSize(files, env);
  const kinds = options.kinds ?? builtInKinds;
  const validator = await prepareSchema(kinds);
  const interpolation = {
    organizationMayBeUnset: options.checkOnly === true,
    sensitiveFields: kinds.sensitiveFields,
  };
  const checked = await Promise.all(files.map((ref) => checkFile(ref, env, interpolation, validator)));
  // Appended one by one: a spread (push(...list)) of 100,000 errors overflows the stack.
  for (const file of checked) append(diagnostics, file.diagnostics);
  const valid = checked.flatMap((c) => (c.valid === undefined ? [] : [c.valid]));
  // Files with errors of their own are left out of the checks across files; those checks then
  // skip references, since the name referred to may be defined in a file left out.
  const partial = diagnostics.length > 0;
  const { merged, diagnostics: mergeErrors } = mergeFiles(valid, { partial });
  append(diagnostics, mergeErrors);
  append(diagnostics, checkSemantics(merged, { partial, kinds }));
  if (diagnostics.length > 0) throw new ConfigError(sortDiagnostics(diagnostics, order));
  return resolve(
    merged,
    checked.flatMap((c) => c.sensitive),
    kinds,
  );
}

function append<T>(into: T[], items: readonly T[]): void {
  for (const item of items) into.push(item);
}

/** The checks one file can pass or fail on its own. */
async function checkFile(
  ref: ConfigFileRef,
  env: Env,
  options: InterpolateOptions,
  validator: SchemaValidator,
): Promise<CheckedFile> {
  let decoded: Decoded;
  try {
    decoded = decodeUtf8(await readFile(ref.path));
  } catch (error) {
    const message = `cannot read the file: ${error instanceof Error ? error.message : String(error)}`;
    return { diagnostics: [{ file: ref.name, line: 1, column: 1, path: "", message }], sensitive: [] };
  }
  if (!("text" in decoded)) {
    const { line, column, reason } = decoded;
    const message = `the file is not UTF-8: ${reason}; save it as UTF-8`;
    return { diagnostics: [{ file: ref.name, line, column, path: "", message }], sensitive: [] };
  }
  const { text } = decoded;
  const control = controlCharacterInText(ref.name, text);
  if (control !== undefined) return { diagnostics: [control], sensitive: [] };
  const { file, diagnostics, value } = parseYamlFile(ref.name, ref.path, text);
  if (diagnostics.length > 0) return { diagnostics, sensitive: [] };
  if (value === undefined) {
    const message = "the file is empty; a configuration file is a mapping starting with version: 1";
    return { diagnostics: [{ file: ref.name, line: 1, column: 1, path: "", message }], sensitive: [] };
  }
  const interpolation = interpolate(file, value, text, env, options);
  const own = interpolation.diagnostics;
  append(own, controlCharactersInValues(file, value, text));
  append(own, await checkSchema(validator, file, value, interpolation.failed));
  if (own.length > 0) return { diagnostics: own, sensitive: [] };
  return { diagnostics: [], sensitive: interpolation.sensitive, valid: { file, config: value as RawConfig } };
}
