// Pairs configured items with live ones: by `id` pin first, then by the `was` rename hint,
// then by the natural key. What stays unpaired is created (configured) or may be deleted (live).

import type { ItemMeta } from "../config/types.ts";
import { DocsyncError } from "../errors.ts";
import type { LiveNode } from "../kinds/types.ts";

export interface Matching<L> {
  /** For each configured item, by position: its live counterpart, or undefined when it is new. */
  live: (LiveNode<L> | undefined)[];
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
): Matching<L> {
  const byKey = new Map<string, LiveNode<L> | LiveNode<L>[]>();
  for (const node of live) {
    const key = liveKeyOf(node.item);
    const found = byKey.get(key);
    if (found === undefined) byKey.set(key, node);
    else if (Array.isArray(found)) found.push(node);
    else byKey.set(key, [found, node]);
  }
  const claimed = new Set<string>();
  const matched: (LiveNode<L> | undefined)[] = new Array(desired.length);

  const byKeyUnclaimed = (key: string, item: D): LiveNode<L> | undefined => {
    const found = byKey.get(key);
    if (found === undefined) return undefined;
    // The common case, one live item per key, needs no list.
    if (!Array.isArray(found)) return claimed.has(found.item.id) ? undefined : found;
    const candidates = found.filter((node) => !claimed.has(node.item.id));
    if (candidates.length > 1) {
      const ids = candidates.map((node) => node.item.id).join(", ");
      throw new DocsyncError(
        "plan.ambiguous",
        `${location(item)}: ${describe(key)} matches ${candidates.length} live items (${ids}); pin one with \`id:\``,
      );
    }
    return candidates[0];
  };

  const claim = (index: number, node: LiveNode<L>) => {
    if (claimed.has(node.item.id)) {
      const item = desired[index]!;
      throw new DocsyncError(
        "plan.conflict",
        `${location(item)}: ${describe(keyOf(item))} claims live item ${node.item.id}, which another item already claims`,
      );
    }
    claimed.add(node.item.id);
    matched[index] = node;
  };

  // Pins first, so that no key or rename hint can take an item that is pinned elsewhere.
  if (desired.some((item) => item.id !== undefined)) {
    const byId = new Map(live.map((node) => [node.item.id, node]));
    desired.forEach((item, index) => {
      if (item.id === undefined) return;
      const node = byId.get(item.id);
      if (!node) {
        throw new DocsyncError(
          "plan.unknown-id",
          `${location(item)}: ${describe(keyOf(item))} is pinned to id ${item.id}, which does not exist`,
        );
      }
      claim(index, node);
    });
  }
  desired.forEach((item, index) => {
    if (item.id !== undefined) return;
    const node =
      (item.was !== undefined ? byKeyUnclaimed(item.was, item) : undefined) ??
      byKeyUnclaimed(keyOf(item), item);
    if (node) claim(index, node);
  });
  const unclaimed = claimed.size === live.length ? [] : live.filter((node) => !claimed.has(node.item.id));
  return { live: matched, unclaimed };
}
