// Reads the live state that the configuration names: a kind's items where the configuration
// manages them (or names them), and below each configured item that exists.

import { desiredIn } from "../kinds/items-of.ts";
import { type DesiredState, kindsOf } from "../kinds/registry.ts";
import { type AnyKind, addressKey, type LiveNode, type RunReader, type Scope } from "../kinds/types.ts";
import { addressOf, addressText } from "../model/address.ts";
import type { ItemMeta } from "../model/desired.ts";
import type { LiveState } from "../model/scope.ts";
import { absentReadsError } from "./absent-list.ts";
import { keepMatching } from "./match.ts";
import { readTree } from "./walk.ts";

/**
 * The live state the configuration needs. A list or details the service does not offer stop the
 * read once every other read has answered, with one line for each of them. `reader` is the run's
 * (sharedReads): the matchings made here are kept in its memo, for the planner of the same run.
 */
export async function readLiveState(reader: RunReader, desired: DesiredState): Promise<LiveState> {
  // Live items that share a configured item's key, read below in full: which of them the plan
  // keeps, and whether it may delete the others, depends on everything they hold (copies.ts).
  const whole = new WeakSet<LiveNode>();
  const { live, absent } = await readTree(reader, desired, {
    reads: (kind, scope) =>
      desiredIn(kind, scope) !== undefined ||
      kind.readAnyway?.(scope) === true ||
      isReferredTo(kind, scope, desired) ||
      (scope.live !== undefined && whole.has(scope.live)),
    below(kind, scope, nodes) {
      const configured = (desiredIn(kind, scope) ?? []) as ItemMeta[];
      const describe = (key: string) => addressText(addressOf(scope.address, kind.kind, key));
      const matching = keepMatching(reader, configured, nodes, kind, describe);
      const below = configured.flatMap((item, index) => {
        const node = matching.live[index];
        // Named as the plan names it: a space by its name under `spaces:`.
        return node ? [{ node, desired: item as unknown, name: addressKey(kind, item) }] : [];
      });
      if (matching.duplicates.size === 0) return below;
      const desiredOf = new Map(below.map(({ node, desired }) => [node, desired]));
      for (const [duplicate, kept] of matching.duplicates) {
        whole.add(duplicate);
        whole.add(kept);
        below.push({
          node: duplicate,
          desired: desiredOf.get(kept),
          name: `${kind.liveKey(duplicate.item)}#${duplicate.item.id}`,
        });
      }
      return below;
    },
  });
  if (absent.length > 0) throw absentReadsError(absent);
  return live;
}

/** Whether a sibling kind's configuration names items of `kind` (a SAML provider's team, by
 * title): then they are read even where they are not managed. Siblings are known at the top. */
function isReferredTo(kind: AnyKind, scope: Scope, desired: DesiredState): boolean {
  if (scope.address.length > 0) return false;
  return kindsOf(desired).topLevel.some((other) =>
    other.refersTo?.some((ref) => ref.kind === kind.kind && ref.when(scope)),
  );
}
