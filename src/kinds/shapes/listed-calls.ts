// The calls of a listed kind (listed.ts): one create (and a PATCH of what it does not take), one
// update of the changed fields, one DELETE, each carrying what the planner orders them by,
// derived from the fields (concerns.ts).

import { DocsyncError } from "../../errors.ts";
import { placeOf } from "../../model/desired.ts";
import type { DesiredIn } from "../kind-types.ts";
import { below } from "../paths.ts";
import type { CallDraft, KindCalls, KindTypes } from "../types.ts";
import { changing, creating, removing } from "./concerns.ts";
import { bodyOf, configuredValue, fieldChanges, type Valuing } from "./listed-fields.ts";
import { itemPath, keyOf, type ListedShape } from "./listed-shape.ts";

/** Stops the plan when a create lacks a field it needs. */
function checkNeeded<T extends KindTypes>(shape: ListedShape<T>, desired: DesiredIn<T>, at: Valuing): void {
  for (const field of shape.fields) {
    if (!field.neededToCreate || configuredValue(field, desired, at) !== undefined) continue;
    const named = `${shape.kind} ${JSON.stringify(keyOf(shape, desired))}`;
    throw new DocsyncError(
      field.neededToCreate.code,
      `${placeOf(desired.at)}: ${named} does not exist, and creating it needs its ${field.name}: give ${field.name} (${field.neededToCreate.give}).`,
    );
  }
}

export function listedCalls<T extends KindTypes>(shape: ListedShape<T>): KindCalls<T> {
  return {
    create(desired, address, scope, ctx) {
      const at = { ctx, container: scope.address };
      checkNeeded(shape, desired, at);
      const path = shape.path(scope);
      const taking = shape.fields.filter((field) => !field.afterCreate);
      const body = bodyOf(taking, desired, at);
      const create: CallDraft = {
        method: shape.createMethod ?? "POST",
        path,
        body,
        summary: `create ${shape.kind}`,
        captures: [{ address, pointer: "/id" }],
        recover: {
          list: path,
          match: { [shape.identities[0]!.field]: keyOf(shape, desired) },
          ...(shape.adopt ? { adopt: shape.adopt(desired) } : {}),
        },
      };
      Object.assign(create, creating(shape, scope, body, ctx));
      // What the create call does not take, set once the item exists.
      const later = shape.fields.filter(
        (field) => field.afterCreate && fieldChanges(field, desired, undefined, at).length > 0,
      );
      if (later.length === 0) return [create];
      const patch: CallDraft = {
        method: "PATCH",
        path: below(path, ctx.idOf(address)),
        body: bodyOf(later, desired, at),
        summary: shape.afterCreateSummary ?? `configure ${shape.kind}`,
      };
      return [create, patch];
    },

    update(desired, live, changes, _address, scope, ctx) {
      const changed = shape.fields.filter(
        (field) =>
          (field.change ?? "patch") === "patch" && changes.some((change) => change.field === field.name),
      );
      const at = { ctx, container: scope.address };
      const body: Record<string, unknown> = {};
      for (const field of changed) body[field.name] = configuredValue(field, desired, at) ?? null;
      const call: CallDraft = {
        method: shape.updateMethod ?? "PATCH",
        path: itemPath(shape, live.item, scope),
        body,
        summary: shape.updateSummary ?? `update ${shape.kind}`,
      };
      Object.assign(call, changing(shape, scope, { id: live.item.id, to: body, was: live.item }, ctx));
      return [call];
    },

    remove(live, _address, scope, ctx) {
      const call: CallDraft = {
        method: "DELETE",
        path: itemPath(shape, live.item, scope),
        summary: `delete ${shape.kind}`,
      };
      return [{ ...call, ...removing(shape, scope, live.item, ctx) }];
    },
  };
}
