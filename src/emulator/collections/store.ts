// Collections group spaces and other collections into a tree per organization. Deleting a
// collection deletes what is inside it: nested collections at once, spaces into the 7-day
// restore window like any deleted space.

import { badRequest } from "../core/http-error.ts";
import type { CollectionRecord, EmulatorState, OrganizationRecord, Role } from "../core/state.ts";
import { deleteSpace, moveToOrganization } from "../spaces/store.ts";
import { children, inTreeOrder, type Position, place, type TreeItem } from "../tree/order.ts";
import { isWithin, parentCollection } from "../tree/parent.ts";

export type CollectionChanges = Partial<Pick<CollectionRecord, "title" | "description" | "defaultLevel">>;

export interface NewCollection {
  id?: string;
  title: string;
  description?: string;
  parentId?: string;
  defaultLevel?: Role;
}

export function createCollection(
  state: EmulatorState,
  organization: OrganizationRecord,
  input: NewCollection,
): CollectionRecord {
  const parent =
    input.parentId === undefined ? undefined : parentCollection(state, organization.id, input.parentId);
  const collection: CollectionRecord = {
    id: input.id ?? state.ids.fresh("col", (id) => state.collections.has(id)),
    organizationId: organization.id,
    title: input.title,
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(parent ? { parentId: parent.id } : {}),
    // A new collection inherits its parent's default level.
    defaultLevel: input.defaultLevel ?? parent?.defaultLevel ?? "read",
  };
  state.collections.set(collection.id, collection);
  return collection;
}

/** Every collection at or below `collection`, parents before their children. */
function subtree(state: EmulatorState, collection: CollectionRecord): CollectionRecord[] {
  return [
    collection,
    ...[...state.collections.values()]
      .filter((c) => c.parentId === collection.id)
      .flatMap((child) => subtree(state, child)),
  ];
}

/** The spaces, deleted ones included, whose parent is one of the collections. */
function spacesIn(state: EmulatorState, collections: CollectionRecord[]) {
  const ids = new Set(collections.map((c) => c.id));
  return [...state.spaces.values()].filter(
    (space) => space.parentId !== undefined && ids.has(space.parentId),
  );
}

export function deleteCollection(state: EmulatorState, collection: CollectionRecord): void {
  const removed = subtree(state, collection);
  for (const space of spacesIn(state, removed)) deleteSpace(state, space);
  for (const c of removed) state.collections.delete(c.id);
}

/** `parent`: a collection id, null for the organization's root, undefined to stay in place. */
export function moveCollection(
  state: EmulatorState,
  collection: CollectionRecord,
  parent: string | null | undefined,
  position: Position | undefined,
): void {
  const parentId = parent === undefined ? collection.parentId : (parent ?? undefined);
  if (parentId !== undefined) {
    parentCollection(state, collection.organizationId, parentId);
    if (isWithin(state, parentId, collection.id)) {
      throw badRequest(`parent: collection "${parentId}" is the moved collection or inside it`);
    }
  }
  place(state, { kind: "collection", id: collection.id }, collection.organizationId, parentId, position);
  collection.parentId = parentId;
}

/** Moves the collection with everything inside it to the root of another organization. */
export function transferCollection(
  state: EmulatorState,
  collection: CollectionRecord,
  target: OrganizationRecord,
) {
  if (target.id === collection.organizationId) {
    throw badRequest(`organization: collection "${collection.id}" is already in organization "${target.id}"`);
  }
  const moved = subtree(state, collection);
  place(state, { kind: "collection", id: collection.id }, target.id, undefined, undefined);
  for (const space of spacesIn(state, moved)) moveToOrganization(state, space, target.id);
  for (const c of moved) c.organizationId = target.id;
  collection.parentId = undefined;
}

/**
 * Collections in tree order: depth first, or only the top level when `nested` is false. One pass
 * groups the organization's collections by parent, so the listing costs no scan per collection.
 */
export function collectionsInOrder(
  state: EmulatorState,
  organizationId: string,
  nested: boolean,
): CollectionRecord[] {
  const byParent = new Map<string | undefined, (TreeItem & { collection: CollectionRecord })[]>();
  for (const collection of state.collections.values()) {
    if (collection.organizationId !== organizationId) continue;
    const siblings = byParent.get(collection.parentId) ?? [];
    siblings.push({ kind: "collection", id: collection.id, collection });
    byParent.set(collection.parentId, siblings);
  }
  const below = (parentId: string | undefined): CollectionRecord[] =>
    inTreeOrder(state, byParent.get(parentId) ?? []).flatMap(({ collection }) =>
      nested ? [collection, ...below(collection.id)] : [collection],
    );
  return below(undefined);
}

export function spacesOfCollection(state: EmulatorState, collection: CollectionRecord) {
  return children(state, collection.organizationId, collection.id)
    .filter((item) => item.kind === "space")
    .flatMap((item) => state.spaces.get(item.id) ?? []);
}
