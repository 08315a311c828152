// Pairs configured items with live ones: by `id` pin first, then by the `was` rename hint, then
// by the natural key, then by adoption of a half-made item. What stays unpaired is created
// (configured) or may be deleted (live). Live items that repeat the key of a configured item
// (two runs at once, a double click in the web app) are duplicates: the oldest is kept.

import type { ItemMeta } from "../config/types.ts";
import { DocsyncError } from "../errors.ts";
import type { LiveNode } from "../kinds/types.ts";

export interface Matching<L> {
  /** For each configured item, by position: its live counterpart, or undefined when it is new. */
  live: (LiveNode<L> | undefined)[];
  /** Live items no configured item claims, in live order. */
  unclaimed: LiveNode<L>[];
  /** Unclaimed live items that repeat the key of a configured item, with the one that is kept. */
  duplicates: Map<LiveNode<L>, LiveNode<L>>;
}

/** What matching needs of a kind. */
export interface MatchRules<D, L> {
  key(desired: D): string;
  liveKey(live: L): string;
  adopts?(desired: D, live: L): boolean;
}

function location(item: ItemMeta): string {
  return `${item.at.file}:${item.at.line}:${item.at.column}`;
}

const createdAt = (node: LiveNode<{ id: string }>): string | undefined => {
  const value = (node.item as { createdAt?: unknown }).createdAt;
  return typeof value === "string" ? value : undefined;
};

/** The oldest of live items that share a key: by `createdAt`, else the first listed (lists are in creation order). */
function oldest<L extends { id: string }>(nodes: readonly LiveNode<L>[]): LiveNode<L> {
  let kept = nodes[0]!;
  for (const node of nodes) {
    const a = createdAt(node);
    const b = createdAt(kept);
    if (a !== undefined && b !== undefined && a < b) kept = node;
  }
  return kept;
}

export function matchItems<D extends ItemMeta, L extends { id: string }>(
  desired: readonly D[],
  live: readonly LiveNode<L>[],
  rules: MatchRules<D, L>,
  describe: (key: string) => string,
): Matching<L> {
  const byKey = new Map<string, LiveNode<L> | LiveNode<L>[]>();
  for (const node of live) {
    const key = rules.liveKey(node.item);
    const found = byKey.get(key);
    if (found === undefined) byKey.set(key, node);
    else if (Array.isArray(found)) found.push(node);
    else byKey.set(key, [found, node]);
  }
  const claimed = new Set<string>();
  const matched: (LiveNode<L> | undefined)[] = new Array(desired.length);
  const duplicates = new Map<LiveNode<L>, LiveNode<L>>();

  const byKeyUnclaimed = (key: string): LiveNode<L> | undefined => {
    const found = byKey.get(key);
    if (found === undefined) return undefined;
    // The common case, one live item per key, needs no list.
    if (!Array.isArray(found)) return claimed.has(found.item.id) ? undefined : found;
    const candidates = found.filter((node) => !claimed.has(node.item.id));
    if (candidates.length <= 1) return candidates[0];
    const kept = oldest(candidates);
    for (const node of candidates) if (node !== kept) duplicates.set(node, kept);
    return kept;
  };

  const claim = (index: number, node: LiveNode<L>) => {
    if (claimed.has(node.item.id)) {
      const item = desired[index]!;
      throw new DocsyncError(
        "plan.conflict",
        `${location(item)}: ${describe(rules.key(item))} claims live item ${node.item.id}, which another item already claims`,
      );
    }
    claimed.add(node.item.id);
    duplicates.delete(node);
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
          `${location(item)}: ${describe(rules.key(item))} is pinned to id ${item.id}, which does not exist`,
        );
      }
      claim(index, node);
    });
  }
  desired.forEach((item, index) => {
    if (item.id !== undefined) return;
    const node =
      (item.was !== undefined ? byKeyUnclaimed(item.was) : undefined) ?? byKeyUnclaimed(rules.key(item));
    if (node) claim(index, node);
  });
  if (rules.adopts && claimed.size < live.length)
    adopt(desired, live, rules.adopts, matched, claimed, duplicates);
  const unclaimed = claimed.size === live.length ? [] : live.filter((node) => !claimed.has(node.item.id));
  return { live: matched, unclaimed, duplicates };
}

/**
 * Pairs a new configured item with an unclaimed live item that fits it and no other, and that
 * no other new item fits: what an interrupted apply created but did not finish configuring.
 */
function adopt<D extends ItemMeta, L extends { id: string }>(
  desired: readonly D[],
  live: readonly LiveNode<L>[],
  adopts: (desired: D, live: L) => boolean,
  matched: (LiveNode<L> | undefined)[],
  claimed: Set<string>,
  duplicates: Map<LiveNode<L>, LiveNode<L>>,
): void {
  const open = live.filter((node) => !claimed.has(node.item.id) && !duplicates.has(node));
  const fitsOf = new Map<number, LiveNode<L>[]>();
  const fittedBy = new Map<LiveNode<L>, number[]>();
  desired.forEach((item, index) => {
    if (matched[index] || item.id !== undefined) return;
    const fits = open.filter((node) => adopts(item, node.item));
    fitsOf.set(index, fits);
    for (const node of fits) fittedBy.set(node, [...(fittedBy.get(node) ?? []), index]);
  });
  for (const [index, fits] of fitsOf) {
    const node = fits[0];
    if (fits.length !== 1 || fittedBy.get(node!)!.length !== 1) continue;
    claimed.add(node!.item.id);
    matched[index] = node;
  }
}
