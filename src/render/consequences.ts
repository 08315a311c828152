// What the service does along with a change (a team's grants go with the team), as the lines
// every plan format shows under the change: one per item, with what happens to it.

import type { Change, Consequence } from "../model/plan.ts";

const VERBS: Record<Consequence["action"], string> = { delete: "deletes", update: "changes" };

/** `↳ deletes space "handbook" › space permission "team:Writers" (role "admin")`, one per consequence. */
export function consequenceLines(change: Change): string[] {
  return (change.consequences ?? []).map(({ action, address, note }) => {
    const why = note === undefined ? "" : ` (${note})`;
    return `↳ ${VERBS[action]} ${address}${why}`;
  });
}
