// The singleton shape of kinds: one object that always exists (an organization's settings, or an
// object of each item of a parent kind), read with one GET and changed with one PATCH. The
// configuration writes it as a mapping; the planner sees a list of one item under a constant
// key, which it matches to the one live object and updates, field by field, only for the fields
// the configuration sets (a dotted field, `theme.color`, is nested in the mapping, the answer and
// the PATCH). It is never created or deleted on its own: the service makes it with its parent,
// so a parent created by the same plan has it set by a PATCH once the parent exists, and a live
// object missing under an existing parent is an error that names the call that missed it.

import { ApiError } from "../../api/errors.ts";
import { DocsyncError } from "../../errors.ts";
import type { ItemMeta, Located } from "../../model/desired.ts";
import type { FieldChange } from "../../model/plan.ts";
import { type ApiPath, addOnce, pathText } from "../../model/references.ts";
import { compareField, patchBody } from "../compare.ts";
import { fieldOf } from "../configured.ts";
import type { CallDraft, KindModule, ParentTypes, PlanContext, ScopeIn } from "../types.ts";

/** A configured singleton: the fields it sets, by name. */
export interface DesiredSingleton extends ItemMeta {
  fields: Record<string, unknown>;
}

/** The live object as the GET answers it. */
export interface LiveSingleton {
  [field: string]: unknown;
  id: string;
}

/** The types of a singleton kind inside a container of types `P`. */
export interface SingletonTypes<P extends ParentTypes> {
  desired: DesiredSingleton;
  live: LiveSingleton;
  details: Record<string, unknown>;
  raw: Located<unknown>;
  parentRaw: P["parentRaw"];
  parent: P["parent"];
  parentNode: P["parentNode"];
  ids: P["ids"];
}

/** What makes a singleton kind of collection `C` inside a container of types `P`. */
export interface SingletonShape<C extends string, P extends ParentTypes> {
  /** Singular name used in addresses and messages (`settings`). */
  kind: string;
  /** The configuration key of the mapping (`organizationSettings`). */
  collection: C;
  /** The one item's key in addresses (`settings "organization"`). */
  key: string;
  /**
   * Its schema fragment: at the top level, with the description of the mapping; a child kind's
   * fragment is referenced from its parent's (or given as `definition`: see KindConfig).
   */
  schema: { fragment: string; description?: string; definition?: Record<string, unknown> };
  /** Its plural in messages, when not `kind` + "s". */
  plural?: string;
  /** The fields docsync manages, as the GET answers them and the PATCH takes them; dotted for nested ones. */
  fields: readonly string[];
  /**
   * Where the object is read (GET) and changed (PATCH); `scope.ids` holds its parents' ids (a
   * parent this plan creates by reference: build the path with `paths.ts`, never as text).
   */
  path(scope: ScopeIn<P>): ApiPath;
  /** The summary of the PATCH call (`update organization settings`). */
  summary: string;
  /** Why changing a field this way is hard to undo, or undefined when it is not. */
  risky?(change: FieldChange): string | undefined;
  /** What an export leaves out, for the file's header. */
  exportLeavesOut?: string;
  /**
   * What the PATCH must wait for because of one change (turning on SSO waits for the SAML
   * provider the plan creates), and the live ids it stops depending on (turning off SSO goes
   * before the last provider is deleted). The PATCH carries the union over its changes.
   */
  ordering?(change: FieldChange, scope: ScopeIn<P>, ctx: PlanContext): Pick<CallDraft, "needs" | "unrefs">;
}

/** The mapping under `collection` in a container, as the one located item of the kind. */
export function singletonItems(
  container: Located<unknown>,
  collection: string,
): Located<unknown>[] | undefined {
  const value = fieldOf(container.value, collection);
  if (value === undefined) return undefined;
  return [{ value, file: container.file, path: [...container.path, collection] }];
}

/** The value at a dotted field of a mapping (`theme.color`). */
const valueAt = (value: unknown, field: string): unknown =>
  field.split(".").reduce<unknown>((inner, key) => fieldOf(inner, key), value);

/** Sets a dotted field of a mapping, making the mappings on its way. */
function setAt(mapping: Record<string, unknown>, field: string, value: unknown): void {
  const keys = field.split(".");
  const last = keys.pop() ?? field;
  let inner = mapping;
  for (const key of keys) {
    const next = fieldOf(inner, key);
    const made: Record<string, unknown> = typeof next === "object" && next !== null ? { ...next } : {};
    inner[key] = made;
    inner = made;
  }
  inner[last] = value;
}

/** The managed fields of a configured mapping that it sets, by (dotted) field. */
function setFields(value: unknown, fields: readonly string[]): Record<string, unknown> {
  const set: Record<string, unknown> = {};
  for (const field of fields) {
    const given = valueAt(value, field);
    if (given !== undefined) set[field] = given;
  }
  return set;
}

/** A mapping of the fields that are set, nested as written (`theme: { color }`). */
function nested(fields: Record<string, unknown>): Record<string, unknown> {
  const mapping: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields)) setAt(mapping, field, value);
  return mapping;
}

export function singletonKind<C extends string, P extends ParentTypes>(
  shape: SingletonShape<C, P>,
): KindModule<SingletonTypes<P>> & { collection: C } {
  const { kind, collection, key, fields } = shape;
  /** No live object: the kind cannot make one, so the plan stops, naming the call. */
  const missing = (scope: ScopeIn<P>): never => {
    throw new DocsyncError(
      "plan.singleton-missing",
      `GET ${pathText(shape.path(scope))} found no ${kind} to change; docsync never creates or deletes them. Check the organization id.`,
    );
  };
  return {
    kind,
    collection,
    singleton: true,
    config: {
      schema: shape.schema,
      ...(shape.plural ? { plural: shape.plural } : {}),
      items: (container) => singletonItems(container, collection),
      identities: [],
      check(items, ctx) {
        // Several files may each give the mapping: one of them only, as for `policy`.
        const [first, ...others] = items;
        for (const item of others) {
          const message = `is already given at ${ctx.where(first!, "", item)}; give ${collection} in one file only`;
          ctx.report(item, [], message);
        }
      },
      resolve: (item, meta) => ({ ...meta, fields: setFields(item.value, fields) }),
    },

    async read(client, scope) {
      try {
        // A read is of a live object below live parents: its path is text.
        const item = await client.get<LiveSingleton>(pathText(shape.path(scope)));
        return item ? [{ item, children: {} }] : [];
      } catch (error) {
        // Not found: planning says so, naming the call, when the configuration manages it.
        if (error instanceof ApiError && error.status === 404) return [];
        throw error;
      }
    },

    key: () => key,
    liveKey: () => key,

    diff,
    riskyChanges(changes) {
      const reasons = changes.flatMap((change) => shape.risky?.(change) ?? []);
      return reasons.length > 0 ? reasons.join("; ") : undefined;
    },

    // Made by the service with a parent this plan creates: set once the parent exists.
    create(desired, _address, scope, ctx, info) {
      if (!info.parentIsNew) return missing(scope);
      const changes = diff(desired, undefined);
      if (changes.length === 0) return [];
      // Its path names the new parent by reference: the PATCH waits for the parent's create.
      return [patch(changes, scope, ctx)];
    },
    update: (_desired, _live, changes, _address, scope, ctx) => [patch(changes, scope, ctx)],
    remove: (_live, _address, scope) => missing(scope),

    ...(shape.exportLeavesOut ? { exportLeavesOut: shape.exportLeavesOut } : {}),
    // Every managed field the live object has: that mapping plans to no change.
    toConfig: (live) => nested(setFields(live.item, fields)),
  };
  function diff(desired: DesiredSingleton, live: { item: LiveSingleton } | undefined): FieldChange[] {
    const changes: FieldChange[] = [];
    for (const field of fields)
      compareField(changes, field, desired.fields[field], live && valueAt(live.item, field));
    return changes;
  }
  /** The PATCH of some changes, with what it waits for. */
  function patch(changes: readonly FieldChange[], scope: ScopeIn<P>, ctx: PlanContext): CallDraft {
    const body: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(patchBody(changes, fields))) setAt(body, field, value);
    const call: CallDraft = { method: "PATCH", path: shape.path(scope), body, summary: shape.summary };
    for (const change of changes) {
      const { needs, unrefs } = shape.ordering?.(change, scope, ctx) ?? {};
      if (needs?.length) {
        call.needs ??= [];
        for (const address of needs) addOnce(call.needs, address);
      }
      if (unrefs?.length) call.unrefs = [...new Set([...(call.unrefs ?? []), ...unrefs])];
    }
    return call;
  }
}
