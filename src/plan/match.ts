// Pairs configured items with live ones: by `id` pin first, then by the `was` rename hint,
// then by the natural key. What stays unpaired is created (configured) or may be deleted (live).

import type { ItemMeta } from "../config/types.ts";
import { DocsyncError } from "../errors.ts";
import type { LiveNode } from "../kinds/types.ts";

export interface Pair<D, L> {
  desired: D;
  live: LiveNode<L>;
  by: "id" | "was" | "key";
}

export interface Matching<D, L> {
  pairs: Pair<D, L>[];
  /** Configured items with no live counterpart, in configuration order. */
  unmatched: D[];
  /** Live items no configured item claims, in live order. */
  unclaimed: LiveNode<L>[];
}

function location(item: ItemMeta): string {
  return `${item.at.file}:${item.at.line}:${item.at.column}`;
}

export function matchItems<D extends ItemMeta, L extends { id: string }>(
  desired: readonly D[],
  live: readonly LiveNode<L>[],
  keyOf: (item: D) => string,
  liveKeyOf: (item: L) => string,
  describe: (key: string) => string,
): Matching<D, L> {
  const byId = new Map<string, LiveNode<L>>();
  const byKey = new Map<string, LiveNode<L>[]>();
  for (const node of live) {
    byId.set(node.item.id, node);
    const key = liveKeyOf(node.item);
    const list = byKey.get(key);
    if (list) list.push(node);
    else byKey.set(key, [node]);
  }
  const claimed = new Set<string>();
  const pairs: Pair<D, L>[] = [];
  const unmatched: D[] = [];

  const uniqueByKey = (key: string, item: D): LiveNode<L> | undefined => {
    const candidates = (byKey.get(key) ?? []).filter((node) => !claimed.has(node.item.id));
    if (candidates.length > 1) {
      const ids = candidates.map((node) => node.item.id).join(", ");
      throw new DocsyncError(
        "plan.ambiguous",
        `${location(item)}: ${describe(key)} matches ${candidates.length} live items (${ids}); pin one with \`id:\``,
      );
    }
    return candidates[0];
  };

  const claim = (item: D, node: LiveNode<L>, by: Pair<D, L>["by"]) => {
    if (claimed.has(node.item.id)) {
      throw new DocsyncError(
        "plan.conflict",
        `${location(item)}: ${describe(keyOf(item))} claims live item ${node.item.id}, which another item already claims`,
      );
    }
    claimed.add(node.item.id);
    pairs.push({ desired: item, live: node, by });
  };

  // Pins first, so that no key or rename hint can take an item that is pinned elsewhere.
  const rest: D[] = [];
  for (const item of desired) {
    if (item.id === undefined) {
      rest.push(item);
      continue;
    }
    const node = byId.get(item.id);
    if (!node) {
      throw new DocsyncError("plan.unknown-id", `${location(item)}: ${describe(keyOf(item))} is pinned to id ${item.id}, which does not exist`);
    }
    claim(item, node, "id");
  }
  for (const item of rest) {
    const byWas = item.was !== undefined ? uniqueByKey(item.was, item) : undefined;
    if (byWas) {
      claim(item, byWas, "was");
      continue;
    }
    const byOwnKey = uniqueByKey(keyOf(item), item);
    if (byOwnKey) claim(item, byOwnKey, "key");
    else unmatched.push(item);
  }
  const unclaimed = live.filter((node) => !claimed.has(node.item.id));
  return { pairs, unmatched, unclaimed };
}
