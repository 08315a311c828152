// The fields whose values must never be printed: interpolation gathers their values for
// redaction, and the readers note where they are.

import { TOP_LEVEL_KINDS } from "../kinds/registry.ts";
import type { AnyKind } from "../kinds/types.ts";

/** The key path of a kind's item below `prefix`: a singleton is one mapping, any other kind a list. */
const itemPath = (kind: AnyKind, prefix: string[]): string[] =>
  kind.singleton ? [...prefix, kind.collection] : [...prefix, kind.collection, "*"];

/** The paths of the sensitive fields of `kinds` below `prefix`, and of their child kinds'. */
function sensitivePaths(kinds: readonly AnyKind[], prefix: string[]): string[][] {
  return kinds.flatMap((kind) => {
    const item = itemPath(kind, prefix);
    const own = (kind.config.sensitive ?? []).map((field) => [...item, field]);
    return [...own, ...sensitivePaths(kind.children ?? [], item)];
  });
}

/** Paths of sensitive fields, as the kinds declare them (a site's visitor authentication's key
 * too); `*` stands for any list index. */
export const SENSITIVE_FIELDS: string[][] = sensitivePaths(TOP_LEVEL_KINDS, []);

/** Their last keys: a value under one of them is looked at even when it interpolates nothing. */
export const SENSITIVE_KEYS: ReadonlySet<string> = new Set(
  SENSITIVE_FIELDS.map((pattern) => pattern.at(-1) as string),
);
