// What the service does by itself along with a delete: the grants of a team go with the team,
// the site spaces of a section with the section. The plan shows these as consequences of the
// delete, never as changes or calls of their own: a call for an item the service has already
// removed would find it gone.

import type { Change, Consequence } from "../model/plan.ts";
import type { Resolution, Slot } from "./resolve.ts";

export class Consequences {
  /** Live items that a delete of this plan takes along, by the address of that delete. */
  private readonly byOwner = new Map<string, Consequence[]>();

  /**
   * Whether the live item of `slot`, one the plan would delete or leave alone, goes along with an
   * item this plan deletes: then it is noted as a consequence of that delete, and has no change
   * of its own.
   */
  takenAlong(slot: Slot, resolution: Resolution): boolean {
    if (slot.status !== "delete" && slot.status !== "unmanaged") return false;
    const live = slot.live!;
    const along = slot.module.goesWith?.(live, slot.container.scope);
    const owner = along?.owners.find((candidate) => resolution.deletes(candidate.address) === candidate.id);
    if (!owner) return false;
    const consequence: Consequence = {
      action: "delete",
      kind: slot.module.kind,
      address: slot.address,
      liveId: live.item.id,
    };
    if (along!.note !== undefined) consequence.note = along!.note;
    const taken = this.byOwner.get(owner.address);
    if (taken) taken.push(consequence);
    else this.byOwner.set(owner.address, [consequence]);
    return true;
  }

  /**
   * Gives each delete (and replacement) what the service does along with it: the items it takes
   * along, then what its kind says of it.
   */
  addTo(
    changes: readonly Change[],
    resolution: Resolution,
    configuration: { spaces: Record<string, string> },
  ): void {
    for (const change of changes) {
      if ((change.action !== "delete" && change.action !== "replace") || change.blocked) continue;
      const slot = resolution.get(change.address);
      if (!slot?.live) continue;
      const { module, scope } = slot.container;
      const consequences = [
        ...(this.byOwner.get(change.address) ?? []),
        ...(module.consequences?.(slot.live, slot.address, scope, resolution, configuration) ?? []),
      ];
      if (consequences.length > 0) change.consequences = consequences;
    }
  }
}
