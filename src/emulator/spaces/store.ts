// Spaces: edits, the delete/restore lifecycle (spec 3.1), duplication, moves within the content
// tree and transfers between organizations. A deleted space keeps answering reads with its
// `deletedAt` and refuses changes until it is restored; the state purges it after 7 days.

import { badRequest } from "../core/http-error.ts";
import type { EmulatorState, OrganizationRecord, SpaceRecord } from "../core/state.ts";
import { clearSpaceValues, copySpaceValues } from "../custom-fields/store.ts";
import { type Position, place } from "../tree/order.ts";
import { parentCollection } from "../tree/parent.ts";

const MAX_TITLE = 50;

export type SpaceChanges = Partial<Pick<SpaceRecord, "title" | "emoji" | "editMode" | "defaultLevel">>;

export function assertLive(space: SpaceRecord): void {
  if (space.deletedAt) throw badRequest(`space "${space.id}" is deleted; restore it first`);
}

export function updateSpace(state: EmulatorState, space: SpaceRecord, changes: SpaceChanges): void {
  assertLive(space);
  Object.assign(space, changes, { updatedAt: state.now() });
}

/** Deleting a deleted space changes nothing: its 7-day window keeps running from the first delete. */
export function deleteSpace(state: EmulatorState, space: SpaceRecord): void {
  space.deletedAt ??= state.now();
}

export function restoreSpace(state: EmulatorState, space: SpaceRecord): void {
  if (!space.deletedAt) throw badRequest(`space "${space.id}" is not deleted`);
  // It returns to its former place. The collection it was in may have been deleted meanwhile;
  // it then returns to the root, where in-collection visibility has no meaning.
  if (space.parentId !== undefined && !state.collections.has(space.parentId)) {
    space.parentId = undefined;
    if (space.visibility === "in-collection") space.visibility = "private";
  }
  space.deletedAt = undefined;
  space.updatedAt = state.now();
}

/** A copy next to the original, with its custom field values; content revisions are new. */
export function duplicateSpace(state: EmulatorState, space: SpaceRecord): SpaceRecord {
  assertLive(space);
  const now = state.now();
  const suffix = " (copy)";
  const copy: SpaceRecord = {
    ...space,
    id: state.ids.fresh("spc", (id) => state.spaces.has(id)),
    title: space.title.slice(0, MAX_TITLE - suffix.length) + suffix,
    createdAt: now,
    updatedAt: now,
    revision: state.ids.next("rev"),
  };
  state.spaces.set(copy.id, copy);
  place(state, { kind: "space", id: copy.id }, copy.organizationId, copy.parentId, {
    after: { kind: "space", id: space.id },
  });
  copySpaceValues(state, space.id, copy.id);
  return copy;
}

/** `parent`: a collection id, null for the organization's root, undefined to stay in place. */
export function moveSpace(
  state: EmulatorState,
  space: SpaceRecord,
  parent: string | null | undefined,
  position: Position | undefined,
): void {
  assertLive(space);
  const parentId = parent === undefined ? space.parentId : (parent ?? undefined);
  if (parentId !== undefined) parentCollection(state, space.organizationId, parentId);
  if (parentId === undefined && space.visibility === "in-collection") {
    throw badRequest(
      `parent: space "${space.id}" has visibility in-collection and must stay in a collection`,
    );
  }
  place(state, { kind: "space", id: space.id }, space.organizationId, parentId, position);
  space.parentId = parentId;
  space.updatedAt = state.now();
}

/** Moves a space to the root of another organization; custom field values stay behind. */
export function transferSpace(state: EmulatorState, space: SpaceRecord, target: OrganizationRecord): void {
  assertLive(space);
  if (target.id === space.organizationId) {
    throw badRequest(`organization: space "${space.id}" is already in organization "${target.id}"`);
  }
  if (space.visibility === "in-collection") {
    throw badRequest(`space "${space.id}" has visibility in-collection and cannot leave its collection`);
  }
  place(state, { kind: "space", id: space.id }, target.id, undefined, undefined);
  moveToOrganization(state, space, target.id);
  space.parentId = undefined;
}

/** Re-homes a space in another organization; used by space and collection transfers. */
export function moveToOrganization(state: EmulatorState, space: SpaceRecord, organizationId: string): void {
  space.organizationId = organizationId;
  space.updatedAt = state.now();
  clearSpaceValues(state, space.id);
}
