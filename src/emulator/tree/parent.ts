// Parents in the content tree: a parent is a collection of the same organization, and a
// collection can never end up inside itself.

import { badRequest } from "../core/http-error.ts";
import type { CollectionRecord, EmulatorState } from "../core/state.ts";

export function parentCollection(
  state: EmulatorState,
  organizationId: string,
  parentId: string,
  field = "parent",
): CollectionRecord {
  const parent = state.collections.get(parentId);
  if (!parent || parent.organizationId !== organizationId) {
    throw badRequest(`${field}: collection "${parentId}" not found in organization "${organizationId}"`);
  }
  return parent;
}

/** Whether `collectionId` is `ancestorId` or lies anywhere below it. */
export function isWithin(state: EmulatorState, collectionId: string, ancestorId: string): boolean {
  for (
    let id: string | undefined = collectionId;
    id !== undefined;
    id = state.collections.get(id)?.parentId
  ) {
    if (id === ancestorId) return true;
  }
  return false;
}
