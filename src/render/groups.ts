// The changes of a plan as reports list them: one group per site (the item the changes are in)
// and one for the organization's own items, and in each group one list per kind, so that long
// lists (300 redirects) fold on their own and a site's sections stay in sight.

import { builtInKinds } from "../kinds/registry.ts";
import { relativeAddress } from "../model/address.ts";
import type { Change, ChangeAction } from "../model/plan.ts";
import { kindCount, printable, type ReportedKinds } from "./names.ts";

export interface KindList {
  kind: string;
  changes: Change[];
}

export interface ChangeGroup {
  /** The item the changes are in (a site); undefined for the organization's own items. */
  address?: string;
  /** The change of that item itself, when it changes. */
  own?: Change;
  lists: KindList[];
  /** Its changes, its own included. */
  count: number;
}

/** What reports call the changes they lead with. */
export const DESTRUCTIVE_HEADING = "Deletes, replacements and high-risk changes";

/** Whether a change is hard to undo: a delete, a replacement, or one its kind calls high-risk. */
export const isDestructive = (change: Change): boolean =>
  change.action === "delete" || change.action === "replace" || change.highRisk === true;

/** The plan's changes, those hard to undo first (each in plan order): what reports lead with. */
export function riskFirst(changes: readonly Change[]): { destructive: Change[]; rest: Change[] } {
  const destructive: Change[] = [];
  const rest: Change[] = [];
  for (const change of changes) (isDestructive(change) ? destructive : rest).push(change);
  return { destructive, rest };
}

export function changeGroups(changes: readonly Change[], kinds: ReportedKinds = builtInKinds): ChangeGroup[] {
  const groups = new Map<string | undefined, ChangeGroup>();
  const groupOf = (address: string | undefined) => {
    let group = groups.get(address);
    if (!group) {
      group = address === undefined ? { lists: [], count: 0 } : { address, lists: [], count: 0 };
      groups.set(address, group);
    }
    return group;
  };
  for (const change of changes) {
    const top = change.parents?.[0];
    // A plan of an older docsync has no names nor parents: its changes are listed by kind.
    if (top === undefined && change.name !== undefined && kinds.containers.has(change.kind)) {
      const group = groupOf(change.address);
      group.own = change;
      group.count++;
      continue;
    }
    const group = groupOf(top);
    let list = group.lists.find((candidate) => candidate.kind === change.kind);
    if (!list) {
      list = { kind: change.kind, changes: [] };
      group.lists.push(list);
    }
    list.changes.push(change);
    group.count++;
  }
  // The organization's own items first: they are few, and sites hold what they name.
  const all = [...groups.values()];
  return [...all.filter((group) => group.address === undefined), ...all.filter((group) => group.address)];
}

/** Where a change is, said from its group's item, when it is deeper than that item's own lists. */
export function whereIn(change: Change): string | undefined {
  const parents = change.parents ?? [];
  if (parents.length < 2) return undefined;
  return printable(relativeAddress(parents[parents.length - 1]!, parents[0]!));
}

/** `300 redirects: 300 to create, 2 to update`, with the words of the report. */
export function listSummary(
  list: KindList,
  words: Record<ChangeAction, string>,
  kinds: ReportedKinds = builtInKinds,
): string {
  const counts = new Map<ChangeAction, number>();
  for (const change of list.changes) counts.set(change.action, (counts.get(change.action) ?? 0) + 1);
  const parts = [...counts].map(([action, count]) => `${count.toLocaleString("en-US")} ${words[action]}`);
  return `${kindCount(list.kind, list.changes.length, kinds)}: ${parts.join(", ")}`;
}
