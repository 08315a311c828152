// How a listed kind (listed.ts) reads its configuration: each field as written (or as its
// `resolve` makes it), and, for a field naming an item of a sibling kind by its key, a check that
// the configuration lists that key, and the sibling's live items read to find its id.

import type { Located } from "../../model/desired.ts";
import type { DesiredIn } from "../kind-types.ts";
import type { CheckContext, KindConfig, KindReading, KindTypes } from "../types.ts";
import type { ListedShape } from "./listed-shape.ts";

type Config<T extends KindTypes> = KindConfig<T["raw"], DesiredIn<T>, T["parentRaw"]>;

/** Reports the items that name, by a key the configuration does not list, an item of a sibling kind. */
function checkReferences<T extends KindTypes>(
  shape: ListedShape<T>,
  items: readonly Located<unknown>[],
  ctx: CheckContext<T["parentRaw"]>,
): void {
  for (const field of shape.fields) {
    const refers = field.refers;
    const keys = refers && ctx.keysOf(refers.collection);
    if (!refers || keys === undefined) continue;
    for (const item of items) {
      const named = (item.value as Record<string, unknown>)[field.name];
      if (typeof named !== "string" || keys.has(named)) continue;
      const message = `unknown ${refers.kind} "${named}": name a ${refers.key} listed under ${refers.collection}:, or pin a live ${refers.kind} with { id: <${refers.kind} id> }`;
      ctx.report(item, [field.name], message);
    }
  }
}

/** A reference as configured: a key, as `{ [key]: value }`, or a live item's `{ id }`. */
const reference = (field: { refers?: { key: string } }, raw: unknown): unknown =>
  typeof raw === "string" ? { [field.refers!.key]: raw } : raw;

export function listedConfig<T extends KindTypes>(shape: ListedShape<T>): Config<T> {
  const sensitive = shape.fields.filter((field) => field.sensitive).map((field) => field.name);
  const referring = shape.fields.some((field) => field.refers);
  return {
    schema: shape.schema,
    ...(shape.plural ? { plural: shape.plural } : {}),
    ...(sensitive.length > 0 ? { sensitive } : {}),
    identities: shape.identities,
    ...(referring || shape.check
      ? {
          check(items, ctx) {
            checkReferences(shape, items, ctx);
            shape.check?.(items, ctx);
          },
        }
      : {}),
    resolve({ value }, meta) {
      const resolved: Record<string, unknown> = { ...meta };
      for (const field of shape.fields) {
        const raw = (value as Record<string, unknown>)[field.name];
        const given =
          raw === undefined
            ? raw
            : field.resolve
              ? field.resolve(raw)
              : field.refers
                ? reference(field, raw)
                : raw;
        if (given !== undefined) resolved[field.name] = given;
      }
      return resolved as ReturnType<Config<T>["resolve"]>;
    },
  };
}

/** The sibling kinds read because a configured item names one of their items by its key. */
export function listedRefersTo<T extends KindTypes>(shape: ListedShape<T>): KindReading<T>["refersTo"] {
  const named = shape.fields.filter((field) => field.refers);
  if (named.length === 0) return undefined;
  return named.map((field) => ({
    kind: field.refers!.kind,
    when: (scope) => {
      const items = (scope.desired as Record<string, unknown> | undefined)?.[shape.collection];
      const key = field.refers!.key;
      return Array.isArray(items) && items.some((item) => typeof item[field.name]?.[key] === "string");
    },
  }));
}
