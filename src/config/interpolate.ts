// Interpolation of `${VAR}`, `${VAR:-default}`, `${file:path}` and the `$${` escape in string
// values (never in keys). It rewrites the parsed value in place, so the schema sees the final
// values, while positions still point at what was written. Values of sensitive fields are
// gathered for redaction.

import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { namedLikeSecret } from "../secrets/names.ts";
import type { Diagnostic } from "./diagnostics.ts";
import { type Decoded, decodeUtf8 } from "./encoding.ts";
import { SENSITIVE_FIELDS, SENSITIVE_KEYS, sensitiveKeys } from "./sensitive-fields.ts";
import { diagnosticAt, type KeyPath, type YamlFile } from "./yaml-positions.ts";
import { PlainInterpolation, plainScalar } from "./yaml-schema.ts";

export type Env = Record<string, string | undefined>;

export interface InterpolateOptions {
  /** Leave `organization:` as written when a variable it names is unset, rather than fail: for a
   * check of the configuration that calls no API, where the organization is not needed. */
  organizationMayBeUnset?: boolean;
  /** Paths of the sensitive fields of the kinds the configuration is read with (KindSet);
   * default: the built-in kinds'. */
  sensitiveFields?: readonly (readonly string[])[];
}

export interface InterpolationResult {
  diagnostics: Diagnostic[];
  /** Paths whose interpolation failed: their raw text would only cause confusing schema errors. */
  failed: KeyPath[];
  /** Values of sensitive fields, and every interpolated piece that went into one. */
  sensitive: string[];
}

type Part = { text: string } | { variable: string; fallback?: string } | { file: string };

/** One string value to interpolate: where it is, whether it was written plain, and how to replace it. */
interface StringValue {
  value: string;
  plain: boolean;
  path: KeyPath;
  set(value: unknown): void;
}

/** Interpolates the strings of `value`, a file's content as read, in place: each plain scalar
 * holding `${` (read as a PlainInterpolation) and each other string holding `$`, or in a
 * sensitive field. `text` is the file's text. */
export function interpolate(
  file: YamlFile,
  value: unknown,
  text: string,
  env: Env,
  options: InterpolateOptions = {},
): InterpolationResult {
  const result: InterpolationResult = { diagnostics: [], failed: [], sensitive: [] };
  // Most files hold no `$` and no sensitive field: nothing to visit.
  const keys = options.sensitiveFields ? sensitiveKeys(options.sensitiveFields) : SENSITIVE_KEYS;
  if (!text.includes("$") && ![...keys].some((key) => text.includes(key))) return result;
  // An alias shares its anchor's object: each object is visited once, where it is first written.
  const seen = text.includes("*") ? new Set<object>() : undefined;
  const path: KeyPath = [];
  const visitChildren = (container: object): void => {
    if (seen?.has(container)) return;
    seen?.add(container);
    const holder = container as Record<string | number, unknown>;
    for (const key of Array.isArray(container) ? container.keys() : Object.keys(container)) {
      const item = holder[key];
      path.push(key);
      const plain = item instanceof PlainInterpolation;
      if (plain || (typeof item === "string" && (item.includes("$") || keys.has(String(key))))) {
        const set = (next: unknown) => {
          holder[key] = next;
        };
        const value = plain ? item.text : (item as string);
        interpolateString(file, env, { value, plain, path: [...path], set }, result, options);
      } else if (item !== null && typeof item === "object") {
        visitChildren(item);
      }
      path.pop();
    }
  };
  if (value !== null && typeof value === "object") visitChildren(value);
  return result;
}

function interpolateString(
  file: YamlFile,
  env: Env,
  string: StringValue,
  result: InterpolationResult,
  options: InterpolateOptions,
) {
  const { path } = string;
  const sensitive = (options.sensitiveFields ?? SENSITIVE_FIELDS).some((pattern) => matches(pattern, path));
  const fail = (message: string) => {
    result.diagnostics.push(diagnosticAt(file, path, message));
    result.failed.push(path);
    string.set(string.value);
  };
  const parsed = parseTemplate(string.value);
  if (typeof parsed === "string") return fail(parsed);

  let text = "";
  for (const part of parsed) {
    const piece = evaluate(part, env, dirname(file.path));
    const organization = path.length === 1 && path[0] === "organization";
    if (piece.unset && organization && options.organizationMayBeUnset) return string.set(string.value);
    if (piece.error !== undefined) return fail(piece.error);
    // A variable named like a secret is one wherever it is used (a token in a URL's query).
    const secret = sensitive || ("variable" in part && namedLikeSecret(part.variable));
    if (secret && !("text" in part) && piece.value !== "") result.sensitive.push(piece.value);
    text += piece.value;
  }
  if (sensitive && text !== "") result.sensitive.push(text);
  const whole = parsed.length === 1 && parsed[0] !== undefined && !("text" in parsed[0]);
  // `maxDestroy: ${MAX}` should give a number, as if the value had been written there; a quoted
  // scalar ("${MAX}") says the author wants a string.
  string.set(whole && string.plain ? reread(text) : text);
}

/** Splits a string into literal text and interpolations, or returns an error message. Literal
 * text is cut out in runs, ended only by an escape or an interpolation: added a character at a
 * time, 8 MB of it held twenty times its size until it was flattened. */
export function parseTemplate(value: string): Part[] | string {
  const parts: Part[] = [];
  /** The literal text before `runStart`, where the run being read starts. */
  let text = "";
  let runStart = 0;
  for (let i = value.indexOf("$"); i !== -1; i = value.indexOf("$", i)) {
    if (value.startsWith("$${", i)) {
      text += `${value.slice(runStart, i)}\${`;
      i += 3;
      runStart = i;
    } else if (value.startsWith("${", i)) {
      const end = value.indexOf("}", i + 2);
      if (end === -1) return `unclosed "\${" at character ${i + 1}; write "$\${" for a literal "\${"`;
      const inner = value.slice(i + 2, end);
      const part = parseInterpolation(inner);
      if (part === undefined) {
        return `invalid interpolation "\${${inner}}": expected \${NAME}, \${NAME:-default} or \${file:path}`;
      }
      text += value.slice(runStart, i);
      if (text !== "") parts.push({ text });
      text = "";
      parts.push(part);
      i = end + 1;
      runStart = i;
    } else {
      i += 1;
    }
  }
  text += value.slice(runStart);
  if (text !== "" || parts.length === 0) parts.push({ text });
  return parts;
}

function parseInterpolation(inner: string): Part | undefined {
  if (inner.startsWith("file:")) return inner.length > 5 ? { file: inner.slice(5) } : undefined;
  const match = /^([A-Za-z_][A-Za-z0-9_]*)(?::-(.*))?$/s.exec(inner);
  if (match === null) return undefined;
  const [, variable = "", fallback] = match;
  return fallback === undefined ? { variable } : { variable, fallback };
}

function evaluate(
  part: Part,
  env: Env,
  dir: string,
): { value: string; error?: undefined; unset?: undefined } | { error: string; unset?: true } {
  if ("text" in part) return { value: part.text };
  if ("variable" in part) {
    const value = env[part.variable];
    if (part.fallback !== undefined && (value === undefined || value === "")) return { value: part.fallback };
    if (value === undefined) {
      return {
        error: `environment variable ${part.variable} is not set (use \${${part.variable}:-default} for a default)`,
        unset: true,
      };
    }
    return { value };
  }
  const path = resolve(dir, part.file);
  let decoded: Decoded;
  try {
    decoded = decodeUtf8(readFileSync(path));
  } catch (error) {
    return { error: `cannot read file "${part.file}" (${path}): ${describeFsError(error)}` };
  }
  if (!("text" in decoded)) {
    const { line, column, reason } = decoded;
    return {
      error: `file "${part.file}" (${path}) is not UTF-8 at line ${line}, column ${column}: ${reason}; save it as UTF-8`,
    };
  }
  // One trailing newline is how files end, not part of the value (a certificate, a token).
  return { value: decoded.text.replace(/\r?\n$/, "") };
}

function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return "no such file";
  if (code === "EACCES") return "permission denied";
  if (code === "EISDIR") return "it is a folder";
  return error instanceof Error ? error.message : String(error);
}

/** Reads text as a YAML plain scalar would be read: "10" → 10, "true" → true, "null" → null.
 * Anything that is not exactly one such scalar stays the string it is. */
function reread(text: string): unknown {
  return text === "" ? text : plainScalar(text);
}

function matches(pattern: readonly string[], path: KeyPath): boolean {
  return (
    pattern.length === path.length &&
    pattern.every(
      (segment, i) => segment === String(path[i]) || (segment === "*" && typeof path[i] === "number"),
    )
  );
}
