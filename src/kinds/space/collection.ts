// Collections: identity is the title. The API does not keep titles unique: of live collections
// that share a configured title, the plan deletes only copies that two runs at once made, which
// hold nothing the configuration does not put in them (deleting a collection deletes the spaces
// in it, so a guess must never be what decides); otherwise the configured one must be pinned
// with `id`. A collection sits in another one through `parent`; the API creates it there, and
// moves it with its own call.

import { DocsyncError } from "../../errors.ts";
import { addressOf, type Id, ROOT } from "../../model/address.ts";
import { type ItemMeta, type Located, placeOf, ROLES } from "../../model/desired.ts";
import type { FieldChange } from "../../model/plan.ts";
import { compareField, patchBody } from "../compare.ts";
import { defined } from "../configured.ts";
import { childrenOf } from "../items-of.ts";
import { leafNodes } from "../live-nodes.ts";
import type { OrganizationScope, TopLevelKind } from "../organization.ts";
import { collectionPath, collectionsPath, subPath } from "../paths.ts";
import { type Concerns, changing, removing } from "../shapes/concerns.ts";
import type { CallDraft, PlanContext } from "../types.ts";
import { heldBeyond, spaceKeptInside, spacesInside, spacesToTrash } from "./collection-contents.ts";
import { liveChainBelow, movedOut, parentCycles } from "./collection-parents.ts";
import { exportedCollection, markSharedTitles, sharesTitle } from "./collection-titles.ts";
import {
  type CollectionDetails,
  type CollectionNode,
  type CollectionRef,
  collectionKindRef,
  type DesiredCollection,
  type LiveCollection,
  type RawCollection,
} from "./collection-types.ts";

export type { DesiredCollection, LiveCollection, RawCollection } from "./collection-types.ts";

const KIND = collectionKindRef.kind;
const PATCHABLE = ["title", "description", "defaultLevel"] as const;
/** What the planner orders calls by: a collection names its parent, which a delete takes along
 * with what is in it. (Titles are not unique.) */
const concerns: Concerns = {
  kind: KIND,
  collection: "collections",
  fields: [{ name: "parent", refers: {} }],
};

/** The parent's id as the plan knows it: live, a reference to one created first, or null. */
function parentId(ref: CollectionRef | undefined, ctx: PlanContext): Id | null | undefined {
  if (ref === undefined || ref === null) return ref;
  return "id" in ref ? ref.id : ctx.idOf(addressOf(ROOT, KIND, ref.title));
}

type CollectionScope = OrganizationScope<"collections", DesiredCollection>;

/** Each live collection's parent, by id: made once per plan, since each move and each delete asks. */
function liveParents(scope: CollectionScope, ctx: PlanContext): Map<string, string | undefined> {
  const nodes = childrenOf(scope.live, collectionKind);
  return ctx.once(
    nodes,
    "collection parents",
    () => new Map(nodes.map((node) => [node.item.id, node.item.parent])),
  );
}

const where = (item: ItemMeta) => placeOf(item.at);

/**
 * Deleting a collection deletes the collections inside it. A configured collection that stays
 * must not be inside one the plan deletes, unless its configuration moves it out (`parent`).
 */
function checkNothingKeptInside(live: CollectionNode, scope: CollectionScope, ctx: PlanContext) {
  for (const desired of scope.desired.collections ?? []) {
    if (desired.parent !== undefined) continue;
    const id = ctx.liveIdOf(addressOf(ROOT, KIND, desired.title));
    if (id === undefined || liveParents(scope, ctx).get(id) !== live.item.id) continue;
    throw new DocsyncError(
      "plan.kept-inside-deleted",
      `${where(desired)}: collection "${desired.title}" is inside collection "${live.item.title}", which policy.prune deletes with what it holds: list "${live.item.title}" under collections:, or give "${desired.title}" a parent (null for the top level)`,
    );
  }
  const inside = live.details?.spaces?.map((space) => space.id);
  const error = inside && spaceKeptInside(scope.desired, live.item, inside);
  if (error) throw error;
}

/** Whether policy.prune may delete the live collection: no configured collection names it. */
function mayBeDeleted(live: LiveCollection, desired: readonly DesiredCollection[]): boolean {
  return !desired.some((item) => item.id === live.id || item.title === live.title || item.was === live.title);
}

export const collectionKind: TopLevelKind<
  "collections",
  {
    desired: DesiredCollection;
    live: LiveCollection;
    raw: Located<RawCollection>;
    details: CollectionDetails;
  }
> = {
  kind: KIND,
  collection: collectionKindRef.collection,
  // Deleting a collection deletes everything inside it.
  highRisk: true,
  keyKeptUnique: false,
  pathsOutsideOrganization: ["/collections/"],
  config: {
    schema: {
      fragment: "collection",
      description:
        "Collections of the organization, which hold spaces and other collections. Identity: title, or id when given. Absent: collections are not managed.",
    },
    identities: [{ field: "title" }, { field: "id", optional: true, hints: false }],
    check(collections, ctx) {
      const titles = ctx.keysOf("collections");
      const parentOf = new Map<string, string | undefined>();
      for (const collection of collections) {
        const { title, parent } = collection.value;
        if (typeof parent === "string") parentOf.set(title, parent);
        if (typeof parent === "string" && titles !== undefined && !titles.has(parent)) {
          const message = `unknown collection "${parent}": name a title listed under collections:, or pin a live collection with { id: <collection id> }`;
          ctx.report(collection, ["parent"], message);
        }
      }
      const byTitle = new Map(collections.map((collection) => [collection.value.title, collection]));
      for (const cycle of parentCycles(
        collections.map((collection) => collection.value.title),
        parentOf,
      )) {
        const message = `collections cannot sit inside themselves: the parents form a cycle ${cycle.map((title) => `"${title}"`).join(" → ")}`;
        ctx.report(byTitle.get(cycle[0]!)!, ["parent"], message);
      }
    },
    resolve({ value }, meta) {
      const { title, description, defaultLevel, parent } = value;
      const ref = typeof parent === "string" ? { title: parent } : parent;
      return { ...meta, title, ...defined({ description, defaultLevel, parent: ref }) };
    },
  },

  async read(client, scope) {
    // `nested` is the default, said anyway: every collection of the tree, parents first.
    const items = await client.list<LiveCollection>(collectionsPath(scope.organization), { nested: true });
    markSharedTitles(items);
    const nodes = leafNodes(items);
    const desired = scope.desired.collections;
    if (desired === undefined) return nodes;
    const prunes = scope.desired.policy.prune.includes("collections");
    // A collection the plan may delete takes its spaces along: which they are, to check them.
    // So may one of a shared title (a duplicate), and what it holds tells a copy (copies.ts).
    await Promise.all(
      nodes
        .filter((node) => sharesTitle(node.item) || (prunes && mayBeDeleted(node.item, desired)))
        .map(async (node) => {
          node.details = { ...node.details, spaces: await spacesInside(client, node.item.id) };
        }),
    );
    return nodes;
  },

  key: (collection) => collection.title,
  liveKey: (collection) => collection.title,
  holds: (live, desired, scope) =>
    heldBeyond(live, desired, scope.desired, childrenOf(scope.live, collectionKind)),

  diff(desired, live, _scope, ctx) {
    const have = live?.item;
    const changes: FieldChange[] = [];
    for (const field of PATCHABLE) compareField(changes, field, desired[field], have?.[field]);
    compareField(changes, "parent", parentId(desired.parent, ctx), have ? (have.parent ?? null) : undefined);
    return changes;
  },

  create(desired, address, scope, ctx) {
    const org = scope.organization;
    const parent = parentId(desired.parent, ctx);
    const calls: CallDraft[] = [
      {
        method: "POST",
        path: collectionsPath(org),
        body: parent ? { title: desired.title, parent } : { title: desired.title },
        summary: "create collection",
        captures: [{ address, pointer: "/id" }],
        recover: { list: collectionsPath(org), match: { title: desired.title } },
      },
    ];
    // The create takes a title and a parent only; the rest is set right after.
    const settings = defined({ description: desired.description, defaultLevel: desired.defaultLevel });
    if (Object.keys(settings).length > 0) {
      const id = ctx.idOf(address);
      calls.push({
        method: "PATCH",
        path: collectionPath(id),
        body: settings,
        summary: "configure collection",
      });
    }
    return calls;
  },
  update(_desired, live, changes, _address, scope, ctx) {
    const calls: CallDraft[] = [];
    const body = patchBody(changes, PATCHABLE);
    if (Object.keys(body).length > 0) {
      calls.push({ method: "PATCH", path: collectionPath(live.item.id), body, summary: "update collection" });
    }
    const move = changes.find((change) => change.field === "parent");
    if (move) {
      const to = typeof move.to === "string" ? move.to : undefined;
      calls.push({
        method: "POST",
        path: subPath(collectionPath(live.item.id), "/move"),
        body: { parent: move.to ?? null },
        summary: "move collection",
        // Out of its old parent before that one is deleted.
        ...changing(concerns, scope, { id: live.item.id, to: { parent: move.to }, was: live.item }, ctx),
        releases: [movedOut(live.item.id)],
        // Into a collection inside its live subtree: after the moves that take that one out.
        claims:
          to === undefined ? [] : liveChainBelow(to, live.item.id, liveParents(scope, ctx)).map(movedOut),
      });
    }
    return calls;
  },
  remove(live, _address, scope, ctx) {
    checkNothingKeptInside(live, scope, ctx);
    return [
      {
        method: "DELETE",
        path: collectionPath(live.item.id),
        summary: "delete collection",
        // A nested collection goes before its parent, which would take it along.
        ...removing(concerns, scope, live.item, ctx),
      },
    ];
  },
  consequences: (live, _address, _scope, _ctx, configuration) =>
    spacesToTrash(live.details?.spaces ?? [], configuration),

  toConfig(live, scope, ctx) {
    const collection = live.item;
    if (sharesTitle(collection)) {
      const first = childrenOf(scope.live, collectionKind).find(
        (node) => node.item.title === collection.title,
      );
      if (first && first.item.id !== collection.id) {
        ctx.warn(
          `collection "${collection.title}" (${collection.id}) is not exported: ${first.item.id} has the same title, and titles identify collections. Rename one of them to manage both.`,
        );
        return undefined;
      }
    }
    const config: Record<string, unknown> = { title: collection.title };
    if (typeof collection.description === "string") config.description = collection.description;
    if ((ROLES as readonly unknown[]).includes(collection.defaultLevel))
      config.defaultLevel = collection.defaultLevel;
    if (collection.parent) config.parent = exportedCollection(collection.parent, scope, ctx);
    return config;
  },
};
