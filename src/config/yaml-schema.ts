// The scalars of the YAML 1.2 core schema, resolved as the `yaml` package resolves them, which
// is how configuration files have always been read: js-yaml's own core schema would also read
// `0b1`, `1_000` and `-0x1F` as numbers. Interpolation reads a `${...}` result by the same rules.

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

const coreTypes = CORE_SCALARS.map(
  ([name, pattern, value]) =>
    new Type(`tag:yaml.org,2002:${name}`, {
      kind: "scalar",
      resolve: (data: string | null) => pattern.test(data ?? ""),
      construct: (data: string | null) => value(data ?? ""),
    }),
);
/** Without the merge key: `<<` is read as a key, and merged once the value is interpolated
 * (yaml-merge.ts), so that a merge copies what its anchor became. */
export const CONFIG_SCHEMA = FAILSAFE_SCHEMA.extend({ implicit: coreTypes });
