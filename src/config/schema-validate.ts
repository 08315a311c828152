// Validates one file's value against schemas/docsync.schema.json and turns ajv's errors into
// plain sentences at the right node: an unknown key at the key itself, a missing key at its
// mapping, and one useful message instead of the noise of every `oneOf` branch.

import type { ErrorObject, ValidateFunction } from "ajv";
import type { KindSet } from "../kinds/kind-set.ts";
import type { Diagnostic } from "./diagnostics.ts";
import { ERRORS_PLACED_PER_FILE, placeFirst } from "./error-cap.ts";
import { explain, type Problem, type SchemaNode } from "./schema-messages.ts";
import { ERRORS_PIECE, inWhole, keptFrom, PIECE, pieces, splitOf } from "./schema-pieces.ts";
import { type Formats, precompiledValidator } from "./schema-precompiled.ts";
import { diagnosticAt, type KeyPath, type YamlFile } from "./yaml-positions.ts";

/** A compiled schema. Its `errors` are read right after each (synchronous) call, before
 * another can start. */
export interface SchemaValidator {
  /** Whether a value is valid: stops at its first error. */
  isValid: (value: unknown) => boolean;
  /** The validator that reports every error, loaded when a value is first found invalid. */
  allErrors: () => Promise<ValidateFunction>;
}

// The schema of a set of kinds is a constant of that set, not state of a run: compiled once at
// its first use. The built-in kinds' schema is the precompiled one.
let precompiled: SchemaValidator | undefined;
const compiledFor = new WeakMap<KindSet, SchemaValidator>();

/**
 * The validator of the configuration's schema with `kinds`: the precompiled one for the
 * built-in kinds; with kinds added to them (their items, and `policy.prune` naming them), one
 * compiled for the set: only then is ajv's compiler loaded.
 */
export async function prepareSchema(kinds: KindSet): Promise<SchemaValidator> {
  const formats = { uri: isAbsoluteUrl };
  if (kinds.added.length === 0) {
    precompiled ??= precompiledSchema(formats);
    return precompiled;
  }
  let found = compiledFor.get(kinds);
  if (found === undefined) {
    const all = (await import("./schema-extension.ts")).compileWithKinds(kinds, formats);
    // Compiled once, for both uses: compiling is what costs here.
    found = { isValid: (value) => all(value) as boolean, allErrors: async () => all };
    compiledFor.set(kinds, found);
  }
  return found;
}

/** The precompiled validators: the one that reports every error in a module (and, built, a
 * chunk) of its own, which a valid configuration never loads. */
function precompiledSchema(formats: Formats): SchemaValidator {
  const check = precompiledValidator(formats);
  let all: ValidateFunction | undefined;
  return {
    isValid: (value) => check(value) as boolean,
    allErrors: async () => {
      all ??= (await import("./schema-precompiled-all-errors.ts")).precompiledAllErrorsValidator(formats);
      return all;
    },
  };
}

/** The schema's errors in `value`, as validateSchema gives them; none, quickly, when it is valid.
 * Validity too is found a piece of a large collection at a time, the pieces cut from the same
 * listing of a large mapping's keys as those the errors are looked for in: validated whole, a
 * mapping of 600,000 keys is listed once more (`for…in`), 9 MB held until the next full
 * collection of garbage. */
export async function checkSchema(
  validator: SchemaValidator,
  file: YamlFile,
  value: unknown,
  failed: KeyPath[] = [],
): Promise<Diagnostic[]> {
  const split = splitOf(value, ERRORS_PIECE);
  for (const piece of pieces(value, PIECE, split)) {
    if (validator.isValid(piece.value)) continue;
    return schemaErrors(await validator.allErrors(), file, value, failed, ERRORS_PIECE, split);
  }
  return [];
}

export function isAbsoluteUrl(value: string): boolean {
  return URL.canParse(value) && /^[a-z][a-z0-9+.-]*:/i.test(value);
}

/** Validates `value` (the file's content after interpolation), skipping paths whose
 * interpolation already failed, a piece of a large collection at a time: pieces of `sizes.valid`
 * entries until one fails, then, for its errors, pieces of `sizes.errors`. */
export function validateSchema(
  validate: ValidateFunction,
  file: YamlFile,
  value: unknown,
  failed: KeyPath[] = [],
  sizes = { valid: PIECE, errors: ERRORS_PIECE },
): Diagnostic[] {
  const split = splitOf(value, Math.min(sizes.valid, sizes.errors));
  let valid = true;
  for (const piece of pieces(value, sizes.valid, split)) {
    valid = validate(piece.value);
    if (!valid) break;
  }
  if (valid) return [];
  return schemaErrors(validate, file, value, failed, sizes.errors, split);
}

/** The errors of `value`, known to have some, in pieces of `size` entries of `split`. Only the
 * problems placed are kept; the others are counted (schema-pieces.ts). */
function schemaErrors(
  validate: ValidateFunction,
  file: YamlFile,
  value: unknown,
  failed: KeyPath[],
  size: number,
  split = splitOf(value, size),
): Diagnostic[] {
  const failedPointers = new Set(failed.map(toPointer));
  const shown: Problem[] = [];
  let count = 0;
  for (const piece of pieces(value, size, split)) {
    if (validate(piece.value)) continue;
    const failedHere = (e: ErrorObject) =>
      failedPointers.has(toPointer(inWhole(piece, toPath(e.instancePath, piece.value))));
    const errors = (validate.errors ?? []).filter((e) => failedPointers.size === 0 || !failedHere(e));
    for (const problem of translate(errors, piece.value)) {
      if (!keptFrom(piece, problem.path)) continue;
      count++;
      if (shown.length < ERRORS_PLACED_PER_FILE)
        shown.push({ ...problem, path: inWhole(piece, problem.path) });
    }
  }
  return placeFirst(shown, (p) => diagnosticAt(file, p.path, p.message, p.target), count);
}

function translate(all: ErrorObject[], value: unknown): Problem[] {
  // `if` only says which branch applied; the branch's own errors say what is wrong.
  // propertyNames errors come in pairs (the name's own error, marked with `propertyName`, and a
  // summary): they are explained below from the summary alone.
  const alive = new Set(
    all.filter((e) => e.keyword !== "if" && e.keyword !== "propertyNames" && !("propertyName" in e)),
  );
  const problems: Problem[] = [];
  const branchErrors = errorsInBranches(alive);
  const combinators = [...branchErrors.keys()].sort((a, b) => a.schemaPath.length - b.schemaPath.length);
  for (const combinator of combinators) {
    if (!alive.has(combinator)) continue; // inside a branch already dropped
    const inBranch = (branchErrors.get(combinator) ?? []).filter((e) => alive.has(e));
    const { keep, problem } = explainCombinator(combinator, inBranch, value);
    const kept = new Set(keep);
    alive.delete(combinator);
    for (const e of inBranch) if (!kept.has(e)) alive.delete(e);
    if (problem) problems.push(problem);
  }
  for (const e of all) {
    if (e.keyword !== "propertyNames") continue;
    const name = String(e.params.propertyName);
    const message = (e.schema as SchemaNode).errorMessage ?? "is not allowed";
    const path = toPath(e.instancePath, value);
    path.push(name);
    problems.push({ path, message: `name "${name}" ${message}`, target: "key" });
  }
  for (const e of all) if (alive.has(e)) problems.push(explain(e, toPath(e.instancePath, value)));
  // `titel: x` gives "unknown key titel (did you mean title?)" and "missing title": the first says it all.
  const typos = new Set(
    problems.filter((p) => p.guess).map((p) => `${toPointer(p.path.slice(0, -1))}/${p.guess}`),
  );
  return problems.filter((p) => p.missing === undefined || !typos.has(`${toPointer(p.path)}/${p.missing}`));
}

/**
 * Each failed oneOf/anyOf with the errors of its branches: those below its schema path, at its
 * place or deeper (the same schema is checked at many places, every list item). Found by looking
 * up the combinators at each enclosing place of an error, so that it stays linear when a long
 * list has an error in every item.
 */
function errorsInBranches(errors: Set<ErrorObject>): Map<ErrorObject, ErrorObject[]> {
  const byPlace = new Map<string, ErrorObject[]>();
  const branches = new Map<ErrorObject, ErrorObject[]>();
  for (const e of errors) {
    if (e.keyword !== "oneOf" && e.keyword !== "anyOf") continue;
    const here = byPlace.get(e.instancePath);
    if (here === undefined) byPlace.set(e.instancePath, [e]);
    else here.push(e);
    branches.set(e, []);
  }
  if (branches.size === 0) return branches;
  for (const e of errors) {
    let place = e.instancePath;
    for (;;) {
      for (const combinator of byPlace.get(place) ?? []) {
        if (e.schemaPath.startsWith(`${combinator.schemaPath}/`)) branches.get(combinator)?.push(e);
      }
      if (place === "") break;
      place = place.slice(0, place.lastIndexOf("/"));
    }
  }
  return branches;
}

/** One message for a failed oneOf/anyOf, or the errors of the one branch the value was meant for. */
function explainCombinator(
  combinator: ErrorObject,
  branchErrors: ErrorObject[],
  value: unknown,
): { keep: ErrorObject[]; problem?: Problem } {
  const path = toPath(combinator.instancePath, value);
  const branches = combinator.schema as SchemaNode[];
  // `oneOf: [{required: [a]}, {required: [b]}]`: "exactly one of a or b".
  const keys = branches.map((b) =>
    Object.keys(b).length === 1 && Array.isArray(b.required) ? b.required : [],
  );
  if (keys.every((k) => k.length === 1)) {
    const names = keys.map((k) => `"${k[0]}"`).join(" or ");
    const has = Array.isArray(combinator.params.passingSchemas) ? "both" : "neither";
    return { keep: [], problem: { path, message: `must have exactly one of ${names} (has ${has})` } };
  }
  // The value's type picks a branch: report that branch's errors, as if it were the only one.
  const typeErrorAt = (i: number) =>
    branchErrors.some(
      (e) =>
        e.keyword === "type" &&
        e.instancePath === combinator.instancePath &&
        e.schemaPath.startsWith(`${combinator.schemaPath}/${i}/`),
    );
  const fitting = branches.map((_, i) => i).filter((i) => !typeErrorAt(i));
  if (fitting.length === 1) {
    const prefix = `${combinator.schemaPath}/${fitting[0]}/`;
    return { keep: branchErrors.filter((e) => e.schemaPath.startsWith(prefix)) };
  }
  const message = (combinator.parentSchema as SchemaNode).errorMessage;
  return {
    keep: [],
    problem: { path, message: typeof message === "string" ? message : "is not any of the allowed forms" },
  };
}

/** ajv's JSON pointer → key path, with list indexes as numbers (the value tells which are lists). */
function toPath(pointer: string, value: unknown): KeyPath {
  const path: KeyPath = [];
  let node = value;
  for (const raw of pointer.split("/").slice(1)) {
    // Most keys hold no "~": a million errors' pointers are read without a replace each.
    const segment = raw.includes("~") ? raw.replace(/~1/g, "/").replace(/~0/g, "~") : raw;
    const key = Array.isArray(node) ? Number(segment) : segment;
    path.push(key);
    node = (node as Record<string | number, unknown> | undefined)?.[key];
  }
  return path;
}

function toPointer(path: KeyPath): string {
  return path.map((s) => `/${String(s).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
}
