// Key matches that give way to the adoption of a half-made item (see match.ts): the items an
// interrupted apply created hold the key the API derived for them, which can be another
// configured item's.

import type { LiveNode } from "../kinds/types.ts";
import type { ItemMeta } from "../model/desired.ts";

/** What of a kind's matching rules this takes. */
interface Rules<D, L> {
  liveKey(live: L): string;
  adopts?(desired: D, live: L): boolean;
}

/**
 * Key matches that give way to adoption. A half-made item holds the key the API derived when it
 * was created (a section made for `echo` with the title "Alpha" has the path `alpha` until it is
 * configured), which can be another configured item's key: taken for that item, the half-made
 * one would be reshaped into it and what it was made for made again, deleting what the
 * interrupted apply made. A live item matched by key alone (no pin, no rename hint, no contest
 * between duplicates) gives way when its own configured item would not adopt it and a new
 * configured item would. Undoes those matches and returns them: what adoption does not take
 * up is matched again (`restore`).
 */
export function yieldToAdoption<D extends ItemMeta, L extends { id: string }>(
  desired: readonly D[],
  live: readonly LiveNode<L>[],
  rules: Rules<D, L>,
  state: YieldState<L>,
): Released[] {
  // A configured item that gives way is new in turn, and may be what another key match holds
  // half-made (`charlie` made at `alpha`, `echo` made at `charlie`): again until none gives way.
  const released: Released[] = [];
  for (
    let more = yieldOnce(desired, live, rules, state);
    more.length > 0;
    more = yieldOnce(desired, live, rules, state)
  )
    released.push(...more);
  return released;
}

/** A key match undone for adoption: the configured item's position and the live item's. */
interface Released {
  index: number;
  at: number;
}

/** Key matches undone that no adoption took up, made again where the configured item is still
 * unpaired (a live item fewer to delete). Returns how many. */
export function restore<L>(
  released: readonly Released[],
  live: readonly LiveNode<L>[],
  state: Pick<YieldState<L>, "matched" | "claimed">,
): number {
  let restored = 0;
  for (const { index, at } of released) {
    if (state.claimed[at] || state.matched[index]) continue;
    state.claimed[at] = 1;
    state.matched[index] = live[at];
    restored++;
  }
  return restored;
}

interface YieldState<L> {
  matched: (LiveNode<L> | undefined)[];
  claimed: Uint8Array;
  duplicates: ReadonlyMap<LiveNode<L>, LiveNode<L>>;
  contested: readonly { index: number }[];
}

/** One round of `yieldToAdoption`: the key matches that give way to the items new so far. */
function yieldOnce<D extends ItemMeta, L extends { id: string }>(
  desired: readonly D[],
  live: readonly LiveNode<L>[],
  rules: Rules<D, L>,
  state: YieldState<L>,
): Released[] {
  const { matched } = state;
  const adopts = rules.adopts;
  if (!adopts) return [];
  // `matched` has holes where nothing matched, which array methods skip: plain loops.
  const fresh: number[] = [];
  for (let index = 0; index < desired.length; index++)
    if (!matched[index] && desired[index]!.id === undefined) fresh.push(index);
  if (fresh.length === 0) return [];
  const keyed: number[] = [];
  const settled = new Set(state.contested.map((entry) => entry.index));
  for (let index = 0; index < desired.length; index++) {
    const item = desired[index]!;
    const node = matched[index];
    if (!node || item.id !== undefined || settled.has(index)) continue;
    const hinted = item.was !== undefined && rules.liveKey(node.item) === item.was;
    if (!hinted && !adopts(item, node.item)) keyed.push(index);
  }
  if (keyed.length === 0) return [];
  const released: Released[] = [];
  const positions = new Map(live.map((node, at) => [node, at]));
  for (const index of keyed) {
    const node = matched[index]!;
    if (!fresh.some((other) => adopts(desired[other]!, node.item))) continue;
    const at = positions.get(node)!;
    released.push({ index, at });
    state.claimed[at] = 0;
    matched[index] = undefined;
  }
  return released;
}
