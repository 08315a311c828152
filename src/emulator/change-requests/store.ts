// Change requests of a space (spec 2.13, 3.3). A change request starts from the space's
// revision with a copy of its content; merging makes a new space revision from the change
// request's content (`revisionMerged`); updating from main brings the space's content in and
// records `revisionMergedAncestor`. It is `outdated` while the space has moved on since.
//
// Statuses: `draft` (new), `open`, `archived`, `merged`. PATCH moves between draft, open and
// archived; only a merge makes `merged`, which is final.

import { newRevision, revisionOf, sameContent } from "../content/store.ts";
import { badRequest, conflict, HttpError } from "../core/http-error.ts";
import type { EmulatorState, SpaceRecord } from "../core/state.ts";
import { assertLive } from "../spaces/store.ts";

export const STATUSES = ["draft", "open", "archived", "merged"] as const;
export type Status = (typeof STATUSES)[number];

export interface ChangeRequestRecord {
  id: string;
  spaceId: string;
  number: number;
  status: Status;
  subject: string;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
  revision: string;
  revisionInitial: string;
  revisionMergedAncestor?: string;
  revisionMerged?: string;
}

const all = (state: EmulatorState) =>
  state.family("change-requests", () => new Map<string, ChangeRequestRecord>());

export const changeRequestsOf = (state: EmulatorState, spaceId: string): ChangeRequestRecord[] =>
  [...all(state).values()].filter((cr) => cr.spaceId === spaceId);

/** By id, or by its number within the space (spec 4.5); 404 otherwise. */
export function findChangeRequest(
  state: EmulatorState,
  space: SpaceRecord,
  ref: string,
): ChangeRequestRecord {
  const byId = all(state).get(ref);
  if (byId?.spaceId === space.id) return byId;
  const byNumber = /^\d+$/.test(ref)
    ? changeRequestsOf(state, space.id).find((cr) => cr.number === Number(ref))
    : undefined;
  if (!byNumber) throw new HttpError(404, `change request "${ref}" not found in space "${space.id}"`);
  return byNumber;
}

/** The main revision the change request last took in: where it started, or its last update. */
const base = (cr: ChangeRequestRecord): string => cr.revisionMergedAncestor ?? cr.revisionInitial;

export const isOutdated = (cr: ChangeRequestRecord, space: SpaceRecord): boolean =>
  (cr.status === "draft" || cr.status === "open") && base(cr) !== space.revision;

export interface NewChangeRequest {
  id?: string;
  subject?: string;
  status?: Status;
  createdBy: string;
}

export function createChangeRequest(
  state: EmulatorState,
  space: SpaceRecord,
  input: NewChangeRequest,
): ChangeRequestRecord {
  assertLive(space);
  const now = state.now();
  const content = newRevision(state, [space.revision], revisionOf(state, space.revision));
  const cr: ChangeRequestRecord = {
    id: input.id ?? state.ids.fresh("cr", (id) => all(state).has(id)),
    spaceId: space.id,
    number: changeRequestsOf(state, space.id).length + 1,
    status: input.status ?? "draft",
    subject: input.subject ?? "",
    createdBy: input.createdBy,
    createdAt: now,
    updatedAt: now,
    revision: content.id,
    revisionInitial: space.revision,
  };
  all(state).set(cr.id, cr);
  return cr;
}

/** Open for work: a merged or archived change request takes no content change. */
export function assertActive(cr: ChangeRequestRecord): void {
  if (cr.status === "merged" || cr.status === "archived") {
    throw conflict(`change request "${cr.id}" is ${cr.status}; only a draft or open change request changes`);
  }
}

export function updateChangeRequest(
  state: EmulatorState,
  space: SpaceRecord,
  cr: ChangeRequestRecord,
  changes: { subject?: string; status?: Status },
): void {
  assertLive(space);
  if (cr.status === "merged") throw conflict(`change request "${cr.id}" is merged and can no longer change`);
  if (changes.status === "merged") {
    throw badRequest(
      `status: a change request becomes merged through POST .../change-requests/${cr.id}/merge`,
    );
  }
  Object.assign(cr, changes, { updatedAt: state.now() });
}

/** The change request's content becomes the space's new revision. */
export function mergeChangeRequest(
  state: EmulatorState,
  space: SpaceRecord,
  cr: ChangeRequestRecord,
): string {
  assertLive(space);
  assertActive(cr);
  if (isOutdated(cr, space)) {
    throw conflict(
      `change request "${cr.id}" is outdated: the space has changed since; update it from main first`,
    );
  }
  const merged = newRevision(state, [space.revision, cr.revision], revisionOf(state, cr.revision));
  space.revision = merged.id;
  space.updatedAt = state.now();
  Object.assign(cr, { status: "merged", revisionMerged: merged.id, updatedAt: state.now() });
  return merged.id;
}

/**
 * Brings the space's content in. A change request that changed nothing since its base takes the
 * space's content; one with changes keeps them (the emulator does not merge page by page).
 */
export function updateFromMain(state: EmulatorState, space: SpaceRecord, cr: ChangeRequestRecord): string {
  assertLive(space);
  assertActive(cr);
  if (!isOutdated(cr, space)) return cr.revision;
  const own = revisionOf(state, cr.revision);
  const unchanged = sameContent(own, revisionOf(state, base(cr)));
  const next = newRevision(
    state,
    [cr.revision, space.revision],
    unchanged ? revisionOf(state, space.revision) : own,
  );
  Object.assign(cr, { revision: next.id, revisionMergedAncestor: space.revision, updatedAt: state.now() });
  return next.id;
}

/** The space's counters (spec 2.4): all change requests, open ones, drafts. */
export function changeRequestCounts(state: EmulatorState, spaceId: string) {
  const crs = changeRequestsOf(state, spaceId);
  return {
    changeRequests: crs.length,
    changeRequestsOpen: crs.filter((cr) => cr.status === "open").length,
    changeRequestsDraft: crs.filter((cr) => cr.status === "draft").length,
  };
}
