// How an export writes a site's sections and groups: the site keeps one navigation order of its
// sections, and a group stands where its first member is.

import type { ExportContext, ExportedItem, NodeOf } from "../types.ts";
import type { SectionNode } from "./section.ts";
import type { sectionGroupKind } from "./section-group.ts";
import type { siteLinkKind } from "./site-link.ts";
import { linkKey, type NavigationRef } from "./site-navigation.ts";

/**
 * A site's `sections:` list from its exported sections (in the site's one navigation order) and
 * groups: each group stands where its first member is, holding its members in order; empty
 * groups come last. A group whose members are not next to each other in the navigation cannot
 * be written as it is: it is written together, and the plan will show the moves that join it.
 */
export function nestSections(
  sections: readonly ExportedItem<SectionNode>[],
  groups: readonly ExportedItem<NodeOf<typeof sectionGroupKind>>[],
  site: string,
  ctx: ExportContext,
): Record<string, unknown>[] {
  type Group = (typeof groups)[number];
  const groupOf = new Map<string, Group>();
  const membersOf = new Map<Group, Record<string, unknown>[]>();
  for (const group of groups) {
    const members: Record<string, unknown>[] = [];
    group.config.sections = members;
    membersOf.set(group, members);
    for (const member of group.live.item.sections) groupOf.set(member.id, group);
  }
  const list: Record<string, unknown>[] = [];
  const lastIndex = new Map<Group, number>();
  const split = new Set<Group>();
  sections.forEach((section, index) => {
    const group = groupOf.get(section.live.item.id);
    if (!group) {
      list.push(section.config);
      return;
    }
    const members = membersOf.get(group) ?? [];
    if (members.length === 0) list.push(group.config);
    else if (lastIndex.get(group) !== index - 1) split.add(group);
    members.push(section.config);
    lastIndex.set(group, index);
  });
  for (const group of groups) {
    if (membersOf.get(group)?.length === 0) list.push(group.config);
  }
  for (const group of split) {
    ctx.warn(
      `site ${JSON.stringify(site)}: the sections of group ${JSON.stringify(group.config.group)} are not ` +
        "next to each other in the navigation; the configuration lists them together, so plan will " +
        "show the moves that bring them together",
    );
  }
  return list;
}

/** Whether a configuration entry is the navigation item a live link names as its neighbour. */
function isEntry(entry: Record<string, unknown>, ref: NavigationRef, group: string | undefined): boolean {
  if (ref.kind === "section") return !("group" in entry) && !("link" in entry) && entry.path === ref.key;
  if (ref.kind === "group") return entry.group === ref.key && "sections" in entry;
  return typeof entry.link === "string" && linkKey(entry.link, group) === ref.key;
}

/**
 * Puts each exported link where it stands in the live navigation: after the item before it in
 * its container (the root, or its group), or first. Links come in live order, so a link's
 * predecessor that is a link is already placed.
 */
export function placeLinks(
  list: Record<string, unknown>[],
  links: readonly ExportedItem<NodeOf<typeof siteLinkKind>>[],
): Record<string, unknown>[] {
  for (const { live, config } of links) {
    const group = live.item.group;
    const container =
      group === undefined
        ? list
        : (list.find((entry) => entry.group === group && Array.isArray(entry.sections))?.sections as
            | Record<string, unknown>[]
            | undefined);
    if (!container) continue;
    const after = live.item.after;
    const index = after ? container.findIndex((entry) => isEntry(entry, after, group)) : -1;
    container.splice(index + 1, 0, config);
  }
  return list;
}
