// The listed shape of kinds: a plain list of items in a container (a site's share links, the
// organization's teams), read from one list, each made by one create call, changed by one call
// of its changed fields, deleted by one DELETE. The kind declares as data its names, the path of
// its list, its identity and its fields (listed-fields.ts): what each is called, what the service
// gives a new item, whether a change is an update or a replacement, whether the API keeps it
// unique or it holds another item's id. The shape derives the rest, the planner's concerns
// included: a create claims its unique values and an update that changes one claims the new and
// releases the old (by way of a temporary value when two items exchange theirs), a delete
// releases them; a call that stops naming another item says so (`unrefs`). A kind's module
// states only what differs, as code around what the shape makes.

import { DocsyncError } from "../../errors.ts";
import { placeOf } from "../../model/desired.ts";
import type { FieldChange, HttpMethod } from "../../model/plan.ts";
import { type ApiPath, pathText } from "../../model/references.ts";
import { compareField } from "../compare.ts";
import type { DesiredIn } from "../kind-types.ts";
import { leafNodes } from "../live-nodes.ts";
import { below } from "../paths.ts";
import type {
  CallDraft,
  Identity,
  KindConfig,
  KindModule,
  KindTypes,
  PlanContext,
  ScopeIn,
} from "../types.ts";
import { temporarySegment, uniqueClaim } from "../unique.ts";
import {
  answerOf,
  bodyOf,
  configuredValue,
  exportedValue,
  fieldChanges,
  kept,
  type ListedField,
  referred,
} from "./listed-fields.ts";

export type { ListedField } from "./listed-fields.ts";

/** What makes a listed kind of types `T`, whose list is under the collection `C`. */
export interface ListedShape<T extends KindTypes, C extends string = string> {
  /** Singular name used in addresses, plans and messages (`share link`). */
  kind: string;
  collection: C;
  /** Its schema fragment; at the top level, with the list's description. */
  schema: KindConfig<T["raw"], DesiredIn<T>>["schema"];
  /** Its plural in messages, when not `kind` + "s". */
  plural?: string;
  /** The fields the API keeps unique in the container; the first is the key items match on. */
  identities: readonly Identity[];
  /** Checks of a container's configured items beyond their identities. */
  check?: KindConfig<T["raw"], DesiredIn<T>, T["parentRaw"]>["check"];
  /** The fields it manages, in the order plans, bodies and exports give them. */
  fields: readonly ListedField<DesiredIn<T>, T["live"]>[];
  /** The list's path in the scope; an item's is below it (a parent this plan creates by reference). */
  path(scope: ScopeIn<T>): ApiPath;
  /** The answer's fields docsync keeps: all (default), or only its id and the fields' (a share
   * link's URL holds its secret token: it is never read into a plan, a report or an export). */
  keeps?: "all" | "fields";
  /** The live field that names an item in its path (default `id`). */
  itemBy?: string;
  createMethod?: HttpMethod;
  updateMethod?: HttpMethod;
  /** Default: `update KIND`. */
  updateSummary?: string;
  /** The PATCH that sets the fields the create call does not take. Default: `configure KIND`. */
  afterCreateSummary?: string;
  /** A comment an export writes into an item's mapping: what it leaves out of it. */
  exportComment?(live: T["live"]): string | undefined;
  /** For a kind whose key the API keeps unique: what an item another run made meanwhile must
   * hold to be taken as this create's result (`recover.adopt`). */
  adopt?(desired: DesiredIn<T>): Record<string, unknown>;
}

export function listedKind<T extends KindTypes, C extends string = string>(
  shape: ListedShape<T, C>,
): KindModule<T> & { collection: C } {
  const { kind, fields } = shape;
  const identity = shape.identities[0]!.field;
  const keyOf = (item: object) => String((item as Record<string, unknown>)[identity]);
  const itemPath = (live: T["live"], scope: ScopeIn<T>) =>
    below(shape.path(scope), String((live as Record<string, unknown>)[shape.itemBy ?? "id"]));
  const claim = (scope: ScopeIn<T>, field: ListedField<DesiredIn<T>, T["live"]>, value: unknown) =>
    uniqueClaim(scope, `${shape.collection}.${field.name}`, String(value));
  const unique = fields.filter((field) => field.unique);
  const replaced = fields.filter((field) => field.change === "replace");
  const sensitive = fields.filter((field) => field.sensitive).map((field) => field.name);
  /** Stops the plan when a create lacks a field it needs. */
  const needed = (field: ListedField<DesiredIn<T>, T["live"]>, desired: DesiredIn<T>, ctx: PlanContext) => {
    if (configuredValue(field, desired, ctx) !== undefined) return;
    const { code, give } = field.neededToCreate!;
    const named = `${kind} ${JSON.stringify(keyOf(desired))}`;
    const message = `${placeOf(desired.at)}: ${named} does not exist, and creating it needs its ${field.name}: give ${field.name} (${give}).`;
    throw new DocsyncError(code, message);
  };
  return {
    kind,
    collection: shape.collection,
    config: {
      schema: shape.schema,
      ...(shape.plural ? { plural: shape.plural } : {}),
      ...(sensitive.length > 0 ? { sensitive } : {}),
      identities: shape.identities,
      ...(shape.check ? { check: shape.check } : {}),
      resolve({ value }, meta) {
        const resolved: Record<string, unknown> = { ...meta };
        for (const field of fields) {
          const raw = (value as Record<string, unknown>)[field.name];
          const given = raw !== undefined && field.resolve ? field.resolve(raw) : raw;
          if (given !== undefined) resolved[field.name] = given;
        }
        return resolved as ReturnType<KindConfig<T["raw"], DesiredIn<T>>["resolve"]>;
      },
    },

    async read(client, scope) {
      const answers = await client.list<Record<string, unknown>>(pathText(shape.path(scope)));
      return leafNodes(answers.map((answer) => kept(fields, answer, shape.keeps === "fields")));
    },

    key: keyOf,
    liveKey: keyOf,

    diff: (desired, live, _scope, ctx) =>
      fields.flatMap((field) =>
        live && field.change === "once" ? [] : fieldChanges(field, desired, live?.item, ctx),
      ),
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

    create(desired, address, scope, ctx) {
      for (const field of fields) if (field.neededToCreate) needed(field, desired, ctx);
      const path = shape.path(scope);
      const body = bodyOf(
        fields.filter((field) => !field.afterCreate),
        desired,
        ctx,
      );
      const adopt = shape.adopt ? { adopt: shape.adopt(desired) } : {};
      const create: CallDraft = {
        method: shape.createMethod ?? "POST",
        path,
        body,
        summary: `create ${kind}`,
        captures: [{ address, pointer: "/id" }],
        recover: { list: path, match: { [identity]: keyOf(desired) }, ...adopt },
      };
      const claims = unique.filter((field) => body[field.name] !== undefined);
      if (claims.length > 0) create.claims = claims.map((field) => claim(scope, field, body[field.name]));
      // What the create call does not take, set once the item exists.
      const later = fields.filter(
        (field) => field.afterCreate && fieldChanges(field, desired, undefined, ctx).length,
      );
      if (later.length === 0) return [create];
      const summary = shape.afterCreateSummary ?? `configure ${kind}`;
      const patch = { method: "PATCH", path: below(path, ctx.idOf(address)), summary } as const;
      return [create, { ...patch, body: bodyOf(later, desired, ctx) }];
    },

    update(desired, live, changes, _address, scope, ctx) {
      const changed = fields.filter(
        (field) =>
          (field.change ?? "patch") === "patch" && changes.some((change) => change.field === field.name),
      );
      const body: Record<string, unknown> = {};
      for (const field of changed) body[field.name] = configuredValue(field, desired, ctx) ?? null;
      const call: CallDraft = {
        method: shape.updateMethod ?? "PATCH",
        path: itemPath(live.item, scope),
        body,
        summary: shape.updateSummary ?? `update ${kind}`,
      };
      const taken = unique.filter((field) => changed.includes(field));
      if (taken.length > 0) {
        call.claims = taken.map((field) => claim(scope, field, body[field.name]));
        call.releases = taken.map((field) => claim(scope, field, answerOf(field, live.item)));
        // Two items that exchange values: one goes by a value of its own first.
        const temporary = Object.fromEntries(
          taken.map((field) => [field.name, temporarySegment(live.item.id)]),
        );
        call.temporary = { body: temporary, summary: `move ${kind} to a temporary ${taken[0]!.name}` };
      }
      const unrefs = referred(changed, live.item);
      if (unrefs.length > 0) call.unrefs = unrefs;
      return [call];
    },

    remove(live, _address, scope) {
      const call: CallDraft = {
        method: "DELETE",
        path: itemPath(live.item, scope),
        summary: `delete ${kind}`,
      };
      if (unique.length > 0)
        call.releases = unique.map((field) => claim(scope, field, answerOf(field, live.item)));
      const unrefs = referred(fields, live.item);
      if (unrefs.length > 0) call.unrefs = unrefs;
      return [call];
    },

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
