// The listed shape of kinds: a plain list of items in a container (a site's share links, the
// organization's teams), read from one list, each made by one create call, changed by one call
// of its changed fields, deleted by one DELETE. The kind declares as data its names, the path of
// its list, its identity and its fields (listed-fields.ts): what each is called, what the service
// gives a new item, whether a change is an update or a replacement, whether the API keeps it
// unique, whether it names another item. The shape derives the rest, the planner's concerns
// included (listed-calls.ts): no kind made on it computes a claim, a release or a reference by
// hand. A kind's module states only what differs, as code around what the shape makes.

import type { FieldChange } from "../../model/plan.ts";
import { pathText } from "../../model/references.ts";
import { compareField } from "../compare.ts";
import { leafNodes } from "../live-nodes.ts";
import type { KindModule, KindTypes } from "../types.ts";
import { listedCalls } from "./listed-calls.ts";
import { listedConfig, listedRefersTo } from "./listed-config.ts";
import { answerOf, exportedValue, fieldChanges, kept } from "./listed-fields.ts";
import { keyOf, type ListedShape } from "./listed-shape.ts";

export type { ListedField } from "./listed-fields.ts";
export type { ListedShape } from "./listed-shape.ts";

export function listedKind<T extends KindTypes, C extends string = string>(
  shape: ListedShape<T, C>,
): KindModule<T> & { collection: C } {
  const { fields } = shape;
  const replaced = fields.filter((field) => field.change === "replace");
  const refersTo = listedRefersTo(shape);
  const key = (item: object) => keyOf(shape, item);
  return {
    kind: shape.kind,
    collection: shape.collection,
    config: listedConfig(shape),
    ...(refersTo ? { refersTo } : {}),

    async read(client, scope) {
      const answers = await client.list<Record<string, unknown>>(pathText(shape.path(scope)));
      return leafNodes(answers.map((answer) => kept(fields, answer, shape.keeps === "fields")));
    },

    key,
    liveKey: key,

    diff(desired, live, scope, ctx) {
      const at = { ctx, container: scope.address };
      // A field given once is compared only for a new item; a key that never changes, never.
      return fields.flatMap((field) =>
        (live && field.change === "once") || field.change === "never"
          ? []
          : fieldChanges(field, desired, live?.item, at),
      );
    },
    ...(replaced.length > 0
      ? {
          mustReplace(desired, live) {
            const changes: FieldChange[] = [];
            for (const field of replaced) {
              const given = (desired as unknown as Record<string, unknown>)[field.name];
              compareField(changes, field.name, given, answerOf(field, live.item));
            }
            return changes;
          },
        }
      : {}),

    ...listedCalls(shape),

    // Every field the live item has: that mapping plans to no change.
    toConfig(live, _scope, ctx) {
      const config: Record<string, unknown> = {};
      for (const field of fields) {
        if (field.change === "once") continue;
        const value = exportedValue(field, live.item, ctx);
        if (value !== undefined) config[field.name] = value;
      }
      const comment = shape.exportComment?.(live.item);
      if (comment !== undefined) ctx.comment(config, comment);
      return config;
    },
  };
}
