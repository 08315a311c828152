// The build checks a configuration with a validator that stops at its first error and makes no
// error object of its own (scripts/build.ts), and explains an invalid one with the validator that
// reports every error. The first must say valid exactly when the second does, on configurations
// that are valid and on the same with one node replaced, removed or added.

import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ValidateFunction } from "ajv";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { precompiledSchemaModule } from "../../scripts/build.ts";
import { interpolate } from "../../src/config/interpolate.ts";
import { isAbsoluteUrl } from "../../src/config/schema-validate.ts";
import { parseYamlFile } from "../../src/config/yaml-parse.ts";

const ROOT = join(import.meta.dirname, "../..");
// Under node_modules/, where the generated code's imports of ajv's runtime resolve.
const DIR = join(ROOT, "node_modules/.cache/docsync-test/schema-precompiled");
const CONFIGS = [
  "test/config/fixtures/full/docsync.yaml",
  "examples/organization/docsync.yaml",
  "examples/branding/docsync.yaml",
  "examples/multi-section/docsync.yaml",
];
const ENV = { DOCSYNC_ORG: "org_1", API_V2_SPACE_ID: "spc_2" };

type Validators = (formats: Record<string, (value: string) => boolean>) => ValidateFunction;

async function built(module: "schema-precompiled.ts" | "schema-precompiled-all-errors.ts") {
  const file = join(DIR, module.replace(/\.ts$/, ".mjs"));
  await writeFile(file, await precompiledSchemaModule(module));
  const exports = (await import(pathToFileURL(file).href)) as Record<string, Validators>;
  return Object.values(exports)[0]!({ uri: isAbsoluteUrl });
}

/** Every path to a node of `value`, the root's included. */
function pathsOf(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  const paths = [path];
  if (value !== null && typeof value === "object")
    for (const [key, child] of Object.entries(value))
      paths.push(...pathsOf(child, [...path, Array.isArray(value) ? Number(key) : key]));
  return paths;
}

type Change =
  | { kind: "replace"; by: unknown }
  | { kind: "remove" }
  | { kind: "add"; key: string; by: unknown };

/** `value` with the node at `path` changed: a copy, the rest shared. */
function changed(value: unknown, path: (string | number)[], change: Change): unknown {
  if (path.length === 0) {
    if (change.kind === "replace") return change.by;
    if (change.kind === "add" && value !== null && typeof value === "object" && !Array.isArray(value))
      return { ...value, [change.key]: change.by };
    return value;
  }
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const container = value as Record<string | number, unknown>;
  const copy = (Array.isArray(value) ? [...value] : { ...container }) as Record<string | number, unknown>;
  if (rest.length === 0 && change.kind === "remove") {
    if (Array.isArray(copy)) copy.splice(head as number, 1);
    else delete copy[head];
    return copy;
  }
  copy[head] = changed(container[head], rest, change);
  return copy;
}

describe("the build's validator that stops at the first error", () => {
  let first: ValidateFunction;
  let all: ValidateFunction;
  const values: unknown[] = [];
  beforeAll(async () => {
    await mkdir(DIR, { recursive: true });
    first = await built("schema-precompiled.ts");
    all = await built("schema-precompiled-all-errors.ts");
    for (const config of CONFIGS) {
      const path = join(ROOT, config);
      const text = await readFile(path, "utf8");
      const { file, value } = parseYamlFile(config, path, text);
      expect(interpolate(file, value, text, ENV).diagnostics).toEqual([]);
      values.push(value);
    }
  });

  it("finds valid what the one that reports every error finds valid, and only that", () => {
    for (const value of values) {
      expect(all(value)).toBe(true);
      expect(first(value)).toBe(true);
    }
    // Strings about the schema's limits of length, in units and in pairs of surrogates.
    const long = fc.tuple(fc.nat(140), fc.constantFrom("a", "😀", "a😀")).map(([n, unit]) => unit.repeat(n));
    const scalar = fc.oneof(
      fc.string({ maxLength: 5 }),
      fc.string({ unit: "binary", maxLength: 70 }),
      long,
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
    );
    const node = fc.oneof(
      scalar,
      fc.jsonValue({ maxDepth: 2 }),
      fc.constant("/a"),
      fc.constant("https://x.y"),
    );
    const change: fc.Arbitrary<Change> = fc.oneof(
      node.map((by) => ({ kind: "replace" as const, by })),
      fc.constant({ kind: "remove" as const }),
      fc.tuple(fc.constantFrom("id", "was", "title", "tu", "source"), node).map(([key, by]) => ({
        kind: "add" as const,
        key,
        by,
      })),
    );
    const outcomes = { valid: 0, invalid: 0 };
    fc.assert(
      fc.property(fc.nat(values.length - 1), fc.nat(), change, (which, at, how) => {
        const value = values[which];
        const paths = pathsOf(value);
        const mutated = changed(value, paths[at % paths.length]!, how);
        const valid = all(mutated);
        outcomes[valid ? "valid" : "invalid"]++;
        expect(first(mutated)).toBe(valid);
      }),
      { numRuns: 2_000, seed: 20261129 },
    );
    // Both outcomes are tried often: the comparison is not of one side only.
    expect(outcomes.valid).toBeGreaterThan(100);
    expect(outcomes.invalid).toBeGreaterThan(100);
  });
});
