// The singleton shape of kinds: one object that always exists (an organization's settings), read
// with one GET and changed with one PATCH. The configuration writes it as a mapping; the planner
// sees a list of one item under a constant key, which it matches to the one live object and
// updates, field by field, only for the fields the configuration sets. It is never created and
// never deleted: a live object that is missing is an error that names the call that missed it.

import { ApiError } from "../../api/errors.ts";
import { DocsyncError } from "../../errors.ts";
import type { ItemMeta, Located } from "../../model/desired.ts";
import type { FieldChange } from "../../model/plan.ts";
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
  schema: { fragment: string; description: string };
  /** Its plural in messages, when not `kind` + "s". */
  plural?: string;
  /** The fields docsync manages, as the GET answers them and the PATCH takes them. */
  fields: readonly string[];
  /** Where the object is read (GET) and changed (PATCH). */
  path(scope: ScopeIn<P>): string;
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

/** The managed fields of a configured mapping that it sets. */
function setFields(value: unknown, fields: readonly string[]): Record<string, unknown> {
  const set: Record<string, unknown> = {};
  for (const field of fields) {
    const given = fieldOf(value, field);
    if (given !== undefined) set[field] = given;
  }
  return set;
}

export function singletonKind<C extends string, P extends ParentTypes>(
  shape: SingletonShape<C, P>,
): KindModule<SingletonTypes<P>> & { collection: C } {
  const { kind, collection, key, fields } = shape;
  /** No live object: the kind cannot make one, so the plan stops, naming the call. */
  const missing = (scope: ScopeIn<P>): never => {
    throw new DocsyncError(
      "plan.singleton-missing",
      `GET ${shape.path(scope)} found no ${kind} to change; docsync never creates or deletes them. Check the organization id.`,
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
        const item = await client.get<LiveSingleton>(shape.path(scope));
        return item ? [{ item, children: {} }] : [];
      } catch (error) {
        // Not found: planning says so, naming the call, when the configuration manages it.
        if (error instanceof ApiError && error.status === 404) return [];
        throw error;
      }
    },

    key: () => key,
    liveKey: () => key,

    diff(desired, live) {
      const changes: FieldChange[] = [];
      for (const field of fields) compareField(changes, field, desired.fields[field], live?.item[field]);
      return changes;
    },
    riskyChanges(changes) {
      const reasons = changes.flatMap((change) => shape.risky?.(change) ?? []);
      return reasons.length > 0 ? reasons.join("; ") : undefined;
    },

    create: (_desired, _address, scope) => missing(scope),
    update(_desired, _live, changes, _address, scope, ctx) {
      const call: CallDraft = {
        method: "PATCH",
        path: shape.path(scope),
        body: patchBody(changes, fields),
        summary: shape.summary,
      };
      for (const change of changes) {
        const { needs, unrefs } = shape.ordering?.(change, scope, ctx) ?? {};
        if (needs?.length) call.needs = [...new Set([...(call.needs ?? []), ...needs])];
        if (unrefs?.length) call.unrefs = [...new Set([...(call.unrefs ?? []), ...unrefs])];
      }
      return [call];
    },
    remove: (_live, _address, scope) => missing(scope),

    ...(shape.exportLeavesOut ? { exportLeavesOut: shape.exportLeavesOut } : {}),
    // Every managed field the live object has: that mapping plans to no change.
    toConfig: (live) => setFields(live.item, fields),
  };
}
