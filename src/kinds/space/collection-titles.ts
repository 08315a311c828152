// Live collections whose title another live collection has too: the read looks into what they
// hold (which of them is a copy), and the export names them by id. The read marks them on the
// items it reads, so the mark goes with that run's live state and nothing is kept between runs.

import { childrenOf } from "../items-of.ts";
import type { OrganizationScope } from "../organization.ts";
import type { ExportContext } from "../types.ts";
import { collectionKindRef } from "./collection-types.ts";

interface Titled {
  id: string;
  title: string;
}

const SHARES_TITLE = Symbol("shares its title");
type Marked = Titled & { [SHARES_TITLE]?: true };

/** Marks the live collections of one listing whose title another of them has. */
export function markSharedTitles(items: readonly Titled[]): void {
  const count = new Map<string, number>();
  for (const item of items) count.set(item.title, (count.get(item.title) ?? 0) + 1);
  for (const item of items) if ((count.get(item.title) ?? 0) > 1) (item as Marked)[SHARES_TITLE] = true;
}

/** Whether the read found another live collection with this one's title. */
export const sharesTitle = (live: Titled): boolean => (live as Marked)[SHARES_TITLE] === true;

/**
 * How an export names the live collection `id`: by its title when the file lists it by that
 * title, else `{ id }` (a collection not exported, or one whose title another one has too).
 */
export function exportedCollection(
  id: string,
  scope: OrganizationScope,
  ctx: ExportContext,
): string | { id: string } {
  const live = childrenOf(scope.live, collectionKindRef).find((node) => node.item.id === id)?.item;
  const key = ctx.exportedKey(collectionKindRef.kind, id);
  return key !== undefined && live && key === live.title && !sharesTitle(live) ? key : { id };
}
