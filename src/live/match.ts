// Pairs configured items with live ones: by `id` pin first, then by the `was` rename hint, then
// by the natural key, then by adoption of a half-made item (which a key match gives way to when
// the half-made item holds the key the API derived for it: yieldToAdoption). What stays unpaired is created
// (configured) or may be deleted (live). Live items that repeat the key of a configured item
// (two runs at once, a double click in the web app) are duplicates: the planner keeps the one
// that is not a copy of the configured item (copies.ts), or the oldest when all are, and stops
// when more than one is not. A half-made item beside the one it copies is a duplicate too.
// The reader matches the containers it reads below; the planner takes the same matching.

import { DocsyncError } from "../errors.ts";
import type { LiveNode } from "../kinds/types.ts";
import { type ItemMeta, placeOf } from "../model/desired.ts";
import type { RunMemo } from "../model/scope.ts";
import { type Copies, settle } from "./duplicates.ts";
import { restore, yieldToAdoption } from "./yield-to-adoption.ts";

export interface Matching<L> {
  /** For each configured item, by position: its live counterpart, or undefined when it is new. */
  live: (LiveNode<L> | undefined)[];
  /** Live items no configured item claims, in live order. */
  unclaimed: LiveNode<L>[];
  /** Unclaimed live items that repeat the key of a configured item, with the one that is kept. */
  duplicates: Map<LiveNode<L>, LiveNode<L>>;
  /** Why each kept one of duplicates is kept, for people: `the oldest`, or what decided instead. */
  keptBecause: Map<LiveNode<L>, string>;
}

/** What matching needs of a kind. */
export interface MatchRules<D, L> {
  key(desired: D): string;
  /** How an address names the item, when not by its key (a space by its name). */
  label?(desired: D): string;
  liveKey(live: L): string;
  adopts?(desired: D, live: L): boolean;
}

function location(item: ItemMeta): string {
  return placeOf(item.at);
}

const createdAt = (node: LiveNode<{ id: string }>): string | undefined => {
  const value = (node.item as { createdAt?: unknown }).createdAt;
  return typeof value === "string" ? value : undefined;
};

/**
 * The one of live items that share a key to keep: the oldest by `createdAt` when the API gives
 * each its creation time, else the first listed, which is not always the oldest (a site lists
 * its groups in navigation order), and the reason says so.
 */
function toKeep<L extends { id: string }>(
  nodes: readonly LiveNode<L>[],
): { node: LiveNode<L>; because: string } {
  const times = nodes.map(createdAt);
  if (times.some((time) => time === undefined))
    return { node: nodes[0]!, because: "listed first: the API gives no creation time" };
  let at = 0;
  for (let index = 1; index < nodes.length; index++) if (times[index]! < times[at]!) at = index;
  return { node: nodes[at]!, because: "the oldest" };
}

export function matchItems<D extends ItemMeta, L extends { id: string }>(
  desired: readonly D[],
  live: readonly LiveNode<L>[],
  rules: MatchRules<D, L>,
  describe: (key: string) => string,
  copies?: Copies<D, L>,
): Matching<L> {
  // Live items are told apart by their position in `live`: a flag per position says which are
  // claimed, which spares a set of 100,000 ids in a large container.
  const byKey = new Map<string, number | number[]>();
  for (let at = 0; at < live.length; at++) {
    const key = rules.liveKey(live[at]!.item);
    const found = byKey.get(key);
    if (found === undefined) byKey.set(key, at);
    else if (Array.isArray(found)) found.push(at);
    else byKey.set(key, [found, at]);
  }
  const claimed = new Uint8Array(live.length);
  let claimedCount = 0;
  const matched: (LiveNode<L> | undefined)[] = new Array(desired.length);
  const duplicates = new Map<LiveNode<L>, LiveNode<L>>();
  const keptBecause = new Map<LiveNode<L>, string>();
  /** Configured items that several live items match by key, with those live items' positions. */
  const contested: { index: number; candidates: number[] }[] = [];

  const byKeyUnclaimed = (key: string, index: number): number | undefined => {
    const found = byKey.get(key);
    if (found === undefined) return undefined;
    // The common case, one live item per key, needs no list.
    if (!Array.isArray(found)) return claimed[found] ? undefined : found;
    const candidates = found.filter((at) => !claimed[at]);
    if (candidates.length <= 1) return candidates[0];
    // The one to keep for now; the copies, when the caller can tell them, decide (settle).
    contested.push({ index, candidates });
    const { node: kept, because } = toKeep(candidates.map((at) => live[at]!));
    keptBecause.set(kept, because);
    for (const at of candidates) if (live[at] !== kept) duplicates.set(live[at]!, kept);
    return live.indexOf(kept);
  };

  const claim = (index: number, at: number) => {
    const node = live[at]!;
    if (claimed[at]) {
      const item = desired[index]!;
      throw new DocsyncError(
        "plan.conflict",
        `${location(item)}: ${describe(rules.key(item))} claims live item ${node.item.id}, which another item already claims`,
      );
    }
    claimed[at] = 1;
    claimedCount++;
    if (duplicates.size > 0) duplicates.delete(node);
    matched[index] = node;
  };

  // Pins first, so that no key or rename hint can take an item that is pinned elsewhere.
  if (desired.some((item) => item.id !== undefined)) {
    const byId = new Map(live.map((node, at) => [node.item.id, at]));
    desired.forEach((item, index) => {
      if (item.id === undefined) return;
      const at = byId.get(item.id);
      if (at === undefined) {
        throw new DocsyncError(
          "plan.unknown-id",
          `${location(item)}: ${describe(rules.label?.(item) ?? rules.key(item))} is pinned to id ${item.id}, which does not exist`,
        );
      }
      claim(index, at);
    });
  }
  for (let index = 0; index < desired.length; index++) {
    const item = desired[index]!;
    if (item.id !== undefined) continue;
    const at =
      (item.was !== undefined ? byKeyUnclaimed(item.was, index) : undefined) ??
      byKeyUnclaimed(rules.key(item), index);
    if (at !== undefined) claim(index, at);
  }
  if (copies && contested.length > 0) {
    settle(desired, live, contested, copies, { live: matched, duplicates }, keptBecause, (from, to) => {
      claimed[from] = 0;
      claimed[to] = 1;
    });
  }
  const isClaimed = (at: number) => claimed[at] === 1;
  if (rules.adopts && claimedCount > 0) {
    const released = yieldToAdoption(desired, live, rules, { matched, claimed, duplicates, contested });
    claimedCount -= released.length;
    claimedCount += adopt(desired, live, rules.adopts, matched, isClaimed, duplicates, keptBecause, (at) => {
      claimed[at] = 1;
    });
    claimedCount += restore(released, live, { matched, claimed });
  } else if (rules.adopts && claimedCount < live.length) {
    claimedCount += adopt(desired, live, rules.adopts, matched, isClaimed, duplicates, keptBecause, (at) => {
      claimed[at] = 1;
    });
  }
  const unclaimed = claimedCount === live.length ? [] : live.filter((_, at) => !claimed[at]);
  return { live: matched, unclaimed, duplicates, keptBecause };
}

/** The matching the reader made of a live list, with the configured list and rules it is for. */
interface Kept {
  desired: readonly ItemMeta[];
  rules: object;
  liveCount: number;
  matching: Matching<never>;
}

/** Where a run keeps the matching of a live list: one holder per list, in the run's memo. */
const keptOf = (run: RunMemo, live: readonly LiveNode<unknown>[]) =>
  run.once(live, "matching", (): { kept?: Kept } => ({}));

/**
 * `matchItems`, kept in the run's memo for `matchingOf` to find: the reader matches a container
 * to know below which live items to read, and the planner of the same run matches the same
 * lists again. Lists are not changed once read; a list whose length changed is matched again
 * all the same.
 */
export function keepMatching<D extends ItemMeta, L extends { id: string }>(
  run: RunMemo,
  desired: readonly D[],
  live: readonly LiveNode<L>[],
  rules: MatchRules<D, L>,
  describe: (key: string) => string,
): Matching<L> {
  const matching = matchItems(desired, live, rules, describe);
  if (desired.length > 0 && live.length > 0) {
    keptOf(run, live).kept = {
      desired,
      rules,
      liveCount: live.length,
      matching: matching as Matching<never>,
    };
  }
  return matching;
}

/**
 * The matching of these lists by these rules: the one the run's reader kept, else `matchItems`'s.
 * The reader keeps the oldest of live duplicates; with `copies`, a matching that has duplicates
 * is made again, so that the copies decide.
 */
export function matchingOf<D extends ItemMeta, L extends { id: string }>(
  run: RunMemo,
  desired: readonly D[],
  live: readonly LiveNode<L>[],
  rules: MatchRules<D, L>,
  describe: (key: string) => string,
  copies?: Copies<D, L>,
): Matching<L> {
  const found = live.length > 0 ? keptOf(run, live).kept : undefined;
  if (
    found &&
    found.desired === desired &&
    found.rules === rules &&
    found.liveCount === live.length &&
    (copies === undefined || found.matching.duplicates.size === 0)
  ) {
    return found.matching as Matching<L>;
  }
  return matchItems(desired, live, rules, describe, copies);
}

/**
 * Pairs a new configured item with an unclaimed live item that fits it: what an interrupted
 * apply created but did not finish configuring. Pairs that fit only each other first, then
 * the rest in configuration order. Returns how many it paired.
 */
function adopt<D extends ItemMeta, L extends { id: string }>(
  desired: readonly D[],
  live: readonly LiveNode<L>[],
  adopts: (desired: D, live: L) => boolean,
  matched: (LiveNode<L> | undefined)[],
  isClaimed: (at: number) => boolean,
  duplicates: Map<LiveNode<L>, LiveNode<L>>,
  keptBecause: Map<LiveNode<L>, string>,
  claim: (at: number) => void,
): number {
  const open: number[] = [];
  for (let at = 0; at < live.length; at++) if (!isClaimed(at) && !duplicates.has(live[at]!)) open.push(at);
  const fitsOf = new Map<number, number[]>();
  const fittedBy = new Map<number, number[]>();
  desired.forEach((item, index) => {
    if (matched[index] || item.id !== undefined) return;
    const fits = open.filter((at) => adopts(item, live[at]!.item));
    fitsOf.set(index, fits);
    for (const at of fits) fittedBy.set(at, [...(fittedBy.get(at) ?? []), index]);
  });
  let adopted = 0;
  const take = (index: number, at: number) => {
    claim(at);
    adopted++;
    matched[index] = live[at];
  };
  for (const [index, fits] of fitsOf) {
    const at = fits[0];
    if (fits.length !== 1 || fittedBy.get(at!)!.length !== 1) continue;
    take(index, at!);
  }
  // Items that several new items fit alike (of one title, in the same spaces): it was made for
  // one of them as much as for another, and adopting it for either deletes nothing. In
  // configuration order, each new item takes the one of them that fewest new items fit.
  for (const [index, fits] of fitsOf) {
    if (matched[index]) continue;
    const free = fits.filter((at) => !isClaimed(at));
    if (free.length === 0) continue;
    const fewest = (best: number, at: number) =>
      fittedBy.get(at)!.length < fittedBy.get(best)!.length ? at : best;
    take(index, free.reduce(fewest));
  }
  // What a second run made at the same time and could not finish, since the first had taken its
  // key: it fits no new configured item, but one that a live item already is (the first such).
  for (const at of open) {
    if (isClaimed(at) || fittedBy.has(at)) continue;
    const index = desired.findIndex((item, position) => matched[position] && adopts(item, live[at]!.item));
    if (index < 0) continue;
    duplicates.set(live[at]!, matched[index]!);
    keptBecause.set(matched[index]!, "it is finished; this one was left half-made");
  }
  return adopted;
}
