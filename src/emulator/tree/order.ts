// The organization's content tree: collections and spaces sit under a parent (a collection, or
// the organization's root when the parent is undefined) in an order that moves change. Items
// that were never placed keep their creation order after the placed ones, so anything created
// later (also by other families, such as a site creating a space) lands at the end.

import { badRequest } from "../core/http-error.ts";
import type { EmulatorState } from "../core/state.ts";

export type TreeKind = "collection" | "space";
export interface TreeItem {
  kind: TreeKind;
  id: string;
}

/** Where a moved item goes: just before or just after a sibling; absent means the end. */
export type Position = { before: TreeItem } | { after: TreeItem };

const UNPLACED = Number.MAX_SAFE_INTEGER;
const key = (item: TreeItem): string => `${item.kind}:${item.id}`;
const ranksOf = (state: EmulatorState) => state.family("tree-order", () => new Map<string, number>());

/** The collections and live spaces directly under a parent, in tree order. */
export function children(
  state: EmulatorState,
  organizationId: string,
  parentId: string | undefined,
): TreeItem[] {
  const items: TreeItem[] = [];
  for (const collection of state.collections.values()) {
    if (collection.organizationId === organizationId && collection.parentId === parentId) {
      items.push({ kind: "collection", id: collection.id });
    }
  }
  for (const space of state.spaces.values()) {
    if (space.organizationId === organizationId && space.parentId === parentId && !space.deletedAt) {
      items.push({ kind: "space", id: space.id });
    }
  }
  return inTreeOrder(state, items);
}

/** Sorts siblings in place into tree order; the sort is stable, so unplaced items keep their order. */
export function inTreeOrder<T extends TreeItem>(state: EmulatorState, items: T[]): T[] {
  const ranks = ranksOf(state);
  return items.sort((a, b) => (ranks.get(key(a)) ?? UNPLACED) - (ranks.get(key(b)) ?? UNPLACED));
}

/**
 * Gives `item` its place among the children of `parentId` and renumbers them all. It only
 * records order, so callers validate with it before they change the item's parent.
 */
export function place(
  state: EmulatorState,
  item: TreeItem,
  organizationId: string,
  parentId: string | undefined,
  position: Position | undefined,
): void {
  const siblings = children(state, organizationId, parentId).filter((s) => key(s) !== key(item));
  let index = siblings.length;
  if (position) {
    const anchor = "before" in position ? position.before : position.after;
    const at = siblings.findIndex((s) => key(s) === key(anchor));
    if (at < 0) {
      const where = parentId ? `collection "${parentId}"` : "the organization's root";
      throw badRequest(`position: ${anchor.kind} "${anchor.id}" is not an item of ${where}`);
    }
    index = "before" in position ? at : at + 1;
  }
  siblings.splice(index, 0, item);
  const ranks = ranksOf(state);
  siblings.forEach((sibling, rank) => {
    ranks.set(key(sibling), rank);
  });
}
