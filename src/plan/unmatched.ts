// Live items that nothing in the configuration matched, named wherever the configuration would
// create an item of their kind in their container. An item renamed in the web app is one of them:
// without a word about it, the plan would make a second one beside it, and drift would only say
// that the configured one is missing. Containers with nothing to create say nothing, so that an
// organization with many unmanaged items does not flood every plan.

import { pluralOf } from "../kinds/registry.ts";
import { addressKey, takesIdPin } from "../kinds/types.ts";
import type { Plan } from "../model/plan.ts";
import type { Container, Slot } from "./resolve.ts";

/** Live items named one by one in a container; the others are counted. */
const NAMED_MAX = 5;
/** Ids listed for the items counted. */
const IDS_MAX = 10;
/** Configured items named in a hint; past that, counted. */
const CREATED_MAX = 3;

/**
 * The hints of every container, in the order they were matched, about the creates `plan` makes:
 * with `--target`, a container whose creates the plan leaves out says nothing.
 */
export function unmatchedLiveHints(containers: readonly Container[], plan: Plan): string[] {
  const created = new Set<string>();
  for (const change of plan.changes) if (change.action === "create") created.add(change.address);
  return containers.flatMap((container) => hintsIn(container, created));
}

function hintsIn(container: Container, planned: ReadonlySet<string>): string[] {
  const { module } = container;
  // A kind whose items cannot be pinned cannot be renamed either (a custom field's name).
  if (!container.managed || !takesIdPin(module)) return [];
  const created: Slot[] = [];
  const unmatched: Slot[] = [];
  for (const slot of container.slots) {
    if (slot === undefined) continue;
    if (slot.status === "create" && planned.has(slot.address)) created.push(slot);
    // A duplicate repeats a configured item's key: it is matched to that item, and shown as such.
    else if (slot.desired === undefined && slot.duplicateOf === undefined) unmatched.push(slot);
  }
  if (created.length === 0 || unmatched.length === 0) return [];
  const names = created.map((slot) => JSON.stringify(addressKey(module, slot.desired!)));
  const which =
    names.length === 1
      ? names[0]
      : names.length <= CREATED_MAX
        ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`
        : `one of the ${names.length} configured ${pluralOf(module)} that no live one matches,`;
  const toThat = names.length === 1 ? "" : " to that entry";
  const hints = unmatched.slice(0, NAMED_MAX).map((slot) => {
    const live = slot.live!.item;
    const was = JSON.stringify(module.liveKey(live));
    return `live ${slot.address} (${live.id}) is not in the configuration; if it is ${which} renamed by hand, add id: ${live.id}${toThat} (or was: ${was})`;
  });
  const rest = unmatched.slice(NAMED_MAX);
  if (rest.length > 0) {
    const ids = rest.slice(0, IDS_MAX).map((slot) => slot.live!.item.id);
    const more = rest.length > IDS_MAX ? ", …" : "";
    const where = container.scope.address === "" ? "" : ` in ${container.scope.address}`;
    hints.push(
      `${rest.length} more live ${pluralOf(module)}${where} are not in the configuration either (${ids.join(", ")}${more})`,
    );
  }
  return hints;
}
