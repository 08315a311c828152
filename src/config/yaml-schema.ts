// How js-yaml resolves the scalars of a configuration file: the YAML 1.2 core schema as the
// `yaml` package resolves it, which is how configuration files have always been read (js-yaml's
// own core schema would also read `0b1`, `1_000` and `-0x1F` as numbers); merge keys (`<<`); and
// a plain scalar holding `${` as an Interpolation, so that interpolation knows it was not quoted.

import { FAILSAFE_SCHEMA, Type } from "js-yaml";

const NUMBER_BASES: Record<string, number> = { "0o": 8, "0x": 16 };

/** Tag name, what a plain scalar of the tag looks like, and its value. */
const CORE_SCALARS: [string, RegExp, (text: string) => unknown][] = [
  ["null", /^(?:~|[Nn]ull|NULL)?$/, () => null],
  ["bool", /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/, (text) => text[0] === "t" || text[0] === "T"],
  [
    "int",
    /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/,
    (text) => {
      const base = NUMBER_BASES[text.slice(0, 2)];
      return base === undefined ? Number.parseInt(text, 10) : Number.parseInt(text.slice(2), base);
    },
  ],
  [
    "float",
    /^(?:[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?)$/,
    (text) => {
      if (/nan$/i.test(text)) return Number.NaN;
      if (/inf$/i.test(text)) return text[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
      return Number.parseFloat(text);
    },
  ],
];

/** What a plain (unquoted) scalar written as `text` means: null, a boolean, a number, or itself. */
export function plainScalar(text: string): unknown {
  for (const [, pattern, value] of CORE_SCALARS) if (pattern.test(text)) return value(text);
  return text;
}

/** A plain scalar holding `${`, as read: interpolation replaces it, and re-reads a whole-value
 * `${VAR}` as the scalar it gives (`maxDestroy: ${MAX}` a number). As a key, it is its text. */
export class PlainInterpolation {
  constructor(readonly text: string) {}
  // js-yaml names a key by String(key) only for an object that names its own class.
  get [Symbol.toStringTag](): string {
    return "PlainInterpolation";
  }
  toString(): string {
    return this.text;
  }
}

const implicit = [
  // js-yaml resolves implicit types on plain scalars only: a quoted "${X}" stays a string.
  new Type("tag:docsync,interpolation", {
    kind: "scalar",
    resolve: (data: string | null) => data?.includes("${") === true,
    construct: (data: string) => new PlainInterpolation(data),
  }),
  ...CORE_SCALARS.map(
    ([name, pattern, value]) =>
      new Type(`tag:yaml.org,2002:${name}`, {
        kind: "scalar",
        resolve: (data: string | null) => pattern.test(data ?? ""),
        construct: (data: string | null) => value(data ?? ""),
      }),
  ),
  // A plain `<<` merges; a quoted one is an ordinary key. What a merge copies still holds its
  // interpolations, replaced where they are copied to.
  new Type("tag:yaml.org,2002:merge", { kind: "scalar", resolve: (data: string | null) => data === "<<" }),
];
export const CONFIG_SCHEMA = FAILSAFE_SCHEMA.extend({ implicit });
