// How js-yaml resolves the scalars of a configuration file: the YAML 1.2 core schema as the
// `yaml` package resolves it, which is how configuration files have always been read (js-yaml's
// own core schema would also read `0b1`, `1_000` and `-0x1F` as numbers); merge keys (`<<`); and
// a plain scalar holding `${` as a PlainInterpolation, so that interpolation knows it was plain.

import { FAILSAFE_SCHEMA, Type } from "js-yaml";

/** Tag name, what a plain scalar of the tag looks like, and its value. */
const CORE_SCALARS: [string, RegExp, (text: string) => unknown][] = [
  ["null", /^(?:~|[Nn]ull|NULL)?$/, () => null],
  ["bool", /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/, (text) => text[0] === "t" || text[0] === "T"],
  // Number() reads decimal, 0o and 0x integers alike.
  ["int", /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/, Number],
  [
    "float",
    /^(?:[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?)$/,
    (text) => (/nan$/i.test(text) ? Number.NaN : Number(text.replace(/\.inf$/i, "Infinity"))),
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
  readonly [Symbol.toStringTag] = "PlainInterpolation";
  toString(): string {
    return this.text;
  }
}

const scalar = (tag: string, pattern: RegExp, construct?: (data: string) => unknown) =>
  new Type(tag, { kind: "scalar", resolve: (data: string | null) => pattern.test(data ?? ""), construct });
export const CONFIG_SCHEMA = FAILSAFE_SCHEMA.extend({
  implicit: [
    // js-yaml resolves implicit types on plain scalars only: a quoted "${X}" stays a string.
    scalar("!interpolation", /\$\{/, (data) => new PlainInterpolation(data)),
    ...CORE_SCALARS.map(([name, pattern, value]) => scalar(`tag:yaml.org,2002:${name}`, pattern, value)),
    // A plain `<<` merges, a quoted one is an ordinary key. What a merge copies still holds its
    // interpolations, each replaced where it is copied to.
    scalar("tag:yaml.org,2002:merge", /^<<$/),
  ],
});
