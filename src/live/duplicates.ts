// Live items that repeat the key of a configured item (two runs at once, a double click in the
// web app): which one is kept. The one that is not a copy of the configured item (copies.ts),
// or the oldest when all are; when more than one is not a copy, the user must say which one is
// meant, with an `id` pin.

import type { DocsyncError } from "../errors.ts";
import type { LiveNode } from "../kinds/types.ts";
import type { ItemMeta } from "../model/desired.ts";

/**
 * How to tell, among live items that share a configured item's key, the copies of it that two
 * runs at once made from the ones made on purpose (src/live/copies.ts).
 */
export interface Copies<D, L> {
  /**
   * Whether `node` is a copy of `desired` that may go: it matches it exactly and holds nothing
   * more. `container` is the container's matching as decided so far.
   */
  isCopy(desired: D, node: LiveNode<L>, container: DecidedSoFar<L>): boolean;
  /** The error when more than one of `nodes` is not such a copy: the user says which is meant. */
  ambiguous(desired: D, nodes: readonly LiveNode<L>[]): DocsyncError;
}

/** A container's matching while its duplicates are decided. */
export interface DecidedSoFar<L> {
  /** For each configured item, by position: its live counterpart. */
  live: readonly (LiveNode<L> | undefined)[];
  /** Live duplicates, each with the live item it repeats. */
  duplicates: ReadonlyMap<LiveNode<L>, LiveNode<L>>;
}

/**
 * Decides which of the live items that share each contested key is kept: the one that is not a
 * copy of the configured item, or the one kept so far (the oldest) when all are; the others are
 * its duplicates. More than one that is not a copy: the user must say which is meant. In
 * configuration order, so that an item's copies are judged against the items before it as
 * decided.
 */
export function settle<D extends ItemMeta, L extends { id: string }>(
  desired: readonly D[],
  live: readonly LiveNode<L>[],
  contested: readonly { index: number; candidates: number[] }[],
  copies: Copies<D, L>,
  decided: { live: (LiveNode<L> | undefined)[]; duplicates: Map<LiveNode<L>, LiveNode<L>> },
  keptBecause: Map<LiveNode<L>, string>,
  move: (from: number, to: number) => void,
): void {
  for (const { index, candidates } of contested) {
    const item = desired[index]!;
    const nodes = candidates.map((at) => live[at]!);
    const others = nodes.filter((node) => !copies.isCopy(item, node, decided));
    if (others.length > 1) throw copies.ambiguous(item, nodes);
    const previous = decided.live[index]!;
    const kept = others[0] ?? previous;
    if (others.length === 1) {
      keptBecause.delete(previous);
      keptBecause.set(kept, "the only one that differs or holds more than the configuration");
    }
    if (kept === previous) continue;
    move(candidates[nodes.indexOf(previous)]!, candidates[nodes.indexOf(kept)]!);
    decided.live[index] = kept;
    decided.duplicates.delete(kept);
    for (const node of nodes) if (node !== kept) decided.duplicates.set(node, kept);
  }
}
