// A large list or mapping is validated a piece at a time (schema-pieces.ts). Whatever the size of
// the pieces, a file's errors are counted alike, and a file of 50 errors or fewer has the same
// ones, at the same places, as when its value is validated whole.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Diagnostic, sortDiagnostics } from "../../src/config/diagnostics.ts";
import { checkSchema, prepareSchema, validateSchema } from "../../src/config/schema-validate.ts";
import { parseYamlFile } from "../../src/config/yaml-parse.ts";
import { Positions } from "../../src/config/yaml-positions.ts";
import { builtInKinds } from "../../src/kinds/registry.ts";

/** Redirects, and what is wrong with some of them, by index. */
const REDIRECT = {
  ok: (n: number) => `{source: /p${n}, to: {section: s}}`,
  neither: (n: number) => `{source: /p${n}}`,
  unknown: (n: number) => `{source: /p${n}, to: {section: s}, tu: 1}`,
  pattern: (n: number) => `{source: p${n}/, to: {section: s}}`,
  scalar: (n: number) => `${n}`,
};
type Fault = Exclude<keyof typeof REDIRECT, "ok">;

const file = fc
  .record({
    count: fc.integer({ min: 0, max: 1_200 }),
    faults: fc.array(
      fc.tuple(fc.nat(1_199), fc.constantFrom<Fault>("neither", "unknown", "pattern", "scalar")),
      { maxLength: 80 },
    ),
    keys: fc.integer({ min: 0, max: 700 }),
  })
  .map(({ count, faults, keys }) => {
    const wrong = new Map(faults.filter(([n]) => n < count));
    const redirects = Array.from({ length: count }, (_, n) => REDIRECT[wrong.get(n) ?? "ok"](n));
    const policy = Array.from({ length: keys }, (_, n) => `k${n}: ${n}`);
    return [
      "version: 1",
      "organization: org_1",
      `policy: {maxDestroy: 1${policy.map((k) => `, ${k}`).join("")}}`,
      "sites:",
      "  - title: Docs",
      `    redirects: [${redirects.join(", ")}]`,
      "",
    ].join("\n");
  });

/** How many errors the diagnostics stand for: those listed and the count of the rest. */
function total(diagnostics: Diagnostic[]): number {
  const more = /\(and ([\d,]+) more errors? in this file, not listed\)$/;
  const rest = diagnostics.map((d) => more.exec(d.message)?.[1]).find((n) => n !== undefined);
  return diagnostics.length + (rest === undefined ? 0 : Number(rest.replace(/,/g, "")));
}

describe("a file validated a piece of a large collection at a time", () => {
  it("has its errors counted alike with any size of piece, and listed alike when they are few", {
    timeout: 120_000,
  }, async () => {
    const validate = await (await prepareSchema(builtInKinds)).allErrors();
    fc.assert(
      fc.property(file, (text) => {
        // One reading of the file's places for its four validations: the places are the file's
        // whatever validates it, and reading them (the `yaml` package's document) cost nine
        // tenths of this test when each validation read them anew.
        const positions = new Positions(text);
        const errors = (valid: number, errors = valid) => {
          const parsed = parseYamlFile("a.yaml", "a.yaml", text);
          const yamlFile = { ...parsed.file, positions };
          return sortDiagnostics(validateSchema(validate, yamlFile, parsed.value, [], { valid, errors }), [
            "a.yaml",
          ]);
        };
        const whole = errors(Number.POSITIVE_INFINITY);
        for (const [valid, inError] of [
          [500, 500],
          [111, 111],
          [1_000, 111],
        ] as const) {
          const pieced = errors(valid, inError);
          expect(total(pieced)).toBe(total(whole));
          if (total(whole) <= 50) expect(pieced).toEqual(whole);
        }
      }),
      { numRuns: 25, seed: 20261128 },
    );
  });
});

describe("a file with a mapping of many keys", () => {
  /** A file whose mapping `key` holds `count` entries, its value, and how often those entries'
   * keys were listed: each listing of 600,000 keys is 5 MB held until the next full collection. */
  function manyKeys(key: string, count: number, entry: (n: number) => string) {
    const entries = Array.from({ length: count }, (_, n) => entry(n)).join(", ");
    const text = `version: 1\norganization: org_1\n${key}: {${entries}}\n`;
    const parsed = parseYamlFile("a.yaml", "a.yaml", text);
    const value = parsed.value as Record<string, Record<string, unknown>>;
    const listed = { times: 0 };
    value[key] = new Proxy(value[key] as Record<string, unknown>, {
      ownKeys: (target) => {
        listed.times++;
        return Reflect.ownKeys(target);
      },
    });
    return { file: parsed.file, value, listed };
  }

  it("has its keys listed once, and its errors placed and counted", async () => {
    const validator = await prepareSchema(builtInKinds);
    const { file, value, listed } = manyKeys("policy", 25_000, (n) => `k${n}: ${n}`);
    const errors = await checkSchema(validator, file, value);
    expect(errors.map((e) => `${e.line}:${e.column} ${e.message}`).slice(0, 2)).toEqual([
      '3:10 unknown key "k0"',
      '3:17 unknown key "k1"',
    ]);
    expect(errors.at(-1)?.message).toMatch(/\(and 24,950 more errors in this file, not listed\)$/);
    expect(listed.times).toBe(1);
  });

  it("has its keys listed once when it is valid", async () => {
    const validator = await prepareSchema(builtInKinds);
    const { file, value, listed } = manyKeys("spaces", 25_000, (n) => `s${n}: spc_${n}`);
    expect(await checkSchema(validator, file, value)).toEqual([]);
    expect(listed.times).toBe(1);
  });
});
