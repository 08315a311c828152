// The `spaces: {new: {title}}` form of site creation makes a space in the organization through
// the core state, as if created in the app: live, private (the site decides who sees it).

import type { EmulatorState, SpaceRecord } from "../core/state.ts";

export function createSpaceForSite(state: EmulatorState, organizationId: string, title: string): SpaceRecord {
  const now = state.now();
  const space: SpaceRecord = {
    // Fixture spaces choose their own ids, which may look generated.
    id: state.ids.fresh("spc", (id) => state.spaces.has(id)),
    organizationId,
    title,
    emoji: "",
    visibility: "private",
    createdAt: now,
    updatedAt: now,
    editMode: "live",
    defaultLevel: "read",
    revision: state.ids.next("rev"),
  };
  state.spaces.set(space.id, space);
  return space;
}
