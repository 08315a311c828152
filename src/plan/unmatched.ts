// Live items that nothing in the configuration matched, named wherever the configuration would
// create an item of their kind in their container. An item renamed in the web app is one of them:
// without a word about it, the plan would make a second one beside it, and drift would only say
// that the configured one is missing. Only a live item that looks like a new one (the same values
// but its key) is named with its pin; the others share one line per plan. Containers with nothing
// to create say nothing, so that an organization with many unmanaged items does not flood every
// plan.

import { pluralOf } from "../kinds/kind-set.ts";
import { addressKey, type PlanContext, takesIdPin } from "../kinds/types.ts";
import { addressText } from "../model/address.ts";
import type { Plan } from "../model/plan.ts";
import type { Container, Slot } from "./resolve.ts";

/** Live items named one by one in a container; the others are counted. */
const NAMED_MAX = 5;
/** Ids listed for the items counted. */
const IDS_MAX = 10;
/** Configured items named in a hint; past that, counted. */
const CREATED_MAX = 3;

/** Pairs of a live and a configured item compared in one container; past that, none are. */
const COMPARED_MAX = 10_000;
/** Live items named in the plan's one line about those that look like nothing it creates. */
const OTHERS_NAMED_MAX = 3;

/**
 * The hints of every container, in the order they were matched, about the creates `plan` makes:
 * with `--target`, a container whose creates the plan leaves out says nothing. A live item is
 * named where it looks like an item the plan creates (the same values but its key); the others
 * share one line.
 */
export function unmatchedLiveHints(containers: readonly Container[], plan: Plan, ctx: PlanContext): string[] {
  const created = new Set<string>();
  for (const change of plan.changes) if (change.action === "create") created.add(change.address);
  const others: Slot[] = [];
  const hints = containers.flatMap((container) => hintsIn(container, created, ctx, others));
  if (others.length > 0) hints.push(othersLine(others));
  return hints;
}

/** Whether a live item holds what a configured item sets but its key: the same item, renamed. */
function looksAlike(container: Container, created: Slot, live: Slot, ctx: PlanContext): boolean {
  const { module, scope } = container;
  // The key, by its name in the configuration or by its value, and what the item holds (a
  // group's sections) are not what it is.
  const key = module.key(created.desired!);
  const apart = new Set([
    ...module.config.identities.map((identity) => identity.field),
    ...(module.holdingFields ?? []),
  ]);
  // A value the live item lacks may be one not read for it (a site's adaptive schema): only
  // values it has that differ tell two items apart.
  return module
    .diff(created.desired!, live.live!, scope, ctx)
    .every((field) => apart.has(field.field) || field.to === key || !("from" in field));
}

function othersLine(others: readonly Slot[]): string {
  const named = others.slice(0, OTHERS_NAMED_MAX).map((slot) => `${slot.text} (${slot.live!.item.id})`);
  const more = others.length > named.length ? `, and ${others.length - named.length} more` : "";
  const count = others.length === 1 ? "1 live item is" : `${others.length} live items are`;
  return `${count} not in the configuration beside new items of their kind, unlike any of them (${named.join(", ")}${more}); one that is a configured item renamed by hand needs id: to match it`;
}

function hintsIn(
  container: Container,
  planned: ReadonlySet<string>,
  ctx: PlanContext,
  others: Slot[],
): string[] {
  const { module } = container;
  // A kind whose items cannot be pinned cannot be renamed either (a custom field's name).
  if (!container.managed || !takesIdPin(module)) return [];
  const created: Slot[] = [];
  const all: Slot[] = [];
  for (const slot of container.slots) {
    if (slot === undefined) continue;
    if (slot.status === "create" && planned.has(slot.text)) created.push(slot);
    // A duplicate repeats a configured item's key: it is matched to that item, and shown as such.
    else if (slot.desired === undefined && slot.duplicateOf === undefined) all.push(slot);
  }
  if (created.length === 0 || all.length === 0) return [];
  const compared = created.length * all.length <= COMPARED_MAX;
  const unmatched: { slot: Slot; alike: Slot[] }[] = [];
  for (const slot of all) {
    const alike = compared ? created.filter((made) => looksAlike(container, made, slot, ctx)) : [];
    if (alike.length > 0) unmatched.push({ slot, alike });
    else others.push(slot);
  }
  const hints = unmatched.slice(0, NAMED_MAX).map(({ slot, alike }) => {
    const names = alike.map((made) => JSON.stringify(addressKey(module, made.desired!)));
    const which =
      names.length === 1
        ? names[0]
        : names.length <= CREATED_MAX
          ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`
          : `one of the ${names.length} configured ${pluralOf(module)} that no live one matches,`;
    const toThat = names.length === 1 ? "" : " to that entry";
    const live = slot.live!.item;
    const was = JSON.stringify(module.liveKey(live));
    return `live ${slot.text} (${live.id}) is not in the configuration; if it is ${which} renamed by hand, add id: ${live.id}${toThat} (or was: ${was})`;
  });
  const rest = unmatched.slice(NAMED_MAX).map(({ slot }) => slot);
  if (rest.length > 0) {
    const ids = rest.slice(0, IDS_MAX).map((slot) => slot.live!.item.id);
    const more = rest.length > IDS_MAX ? ", …" : "";
    const where = container.scope.address.length === 0 ? "" : ` in ${addressText(container.scope.address)}`;
    hints.push(
      `${rest.length} more live ${pluralOf(module)}${where} are not in the configuration either (${ids.join(", ")}${more})`,
    );
  }
  return hints;
}
