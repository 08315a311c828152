// The navigation of a site with sections: sections and external links in one order, with
// groups shown at their first member. Sections keep their relative order in `site.sections`
// (the spec's move operations reorder that list alone); `site.navigation` records where each
// entry was last put. Reading the two together, the sections fill the section places of the
// recorded order in their own order, and new entries come last: a section moved by the spec's
// operation changes places with other sections while external links keep theirs.

import type { ExternalLinkRecord, GroupRecord, SectionRecord, SiteRecord } from "./model.ts";

export type NavigationEntry =
  | { kind: "section"; record: SectionRecord }
  | { kind: "link"; record: ExternalLinkRecord };

export function navigationOrder(site: SiteRecord): NavigationEntry[] {
  const sectionIds = new Set(site.sections.map((section) => section.id));
  const links = new Map(site.externalLinks.map((link) => [link.id, link]));
  const places: (ExternalLinkRecord | "section")[] = [];
  const placed = new Set<string>();
  for (const id of site.navigation) {
    const link = links.get(id);
    if (sectionIds.has(id)) places.push("section");
    else if (link) places.push(link);
    else continue;
    placed.add(id);
  }
  for (const section of site.sections) if (!placed.has(section.id)) places.push("section");
  for (const link of site.externalLinks) if (!placed.has(link.id)) places.push(link);
  let nextSection = 0;
  return places.map((place) =>
    place === "section"
      ? { kind: "section", record: site.sections[nextSection++] as SectionRecord }
      : { kind: "link", record: place },
  );
}

/** Records `entries` as the navigation order, sections included. */
export function setNavigationOrder(site: SiteRecord, entries: readonly NavigationEntry[]): void {
  site.navigation = entries.map((entry) => entry.record.id);
  site.sections = entries.flatMap((entry) => (entry.kind === "section" ? [entry.record] : []));
}

/** A group's sections and external links, in navigation order. */
export function groupEntries(site: SiteRecord, group: GroupRecord): NavigationEntry[] {
  return navigationOrder(site).filter((entry) => entry.record.groupId === group.id);
}

export type StructureEntry = NavigationEntry | { kind: "group"; record: GroupRecord };

/** The top level: ungrouped entries, each group at its first member, empty groups last. */
export function topLevel(site: SiteRecord): StructureEntry[] {
  const groups = new Map(site.groups.map((group) => [group.id, group]));
  const shown = new Set<string>();
  const entries: StructureEntry[] = [];
  for (const entry of navigationOrder(site)) {
    const group = entry.record.groupId === undefined ? undefined : groups.get(entry.record.groupId);
    if (!group) entries.push(entry);
    else if (!shown.has(group.id)) {
      shown.add(group.id);
      entries.push({ kind: "group", record: group });
    }
  }
  for (const group of site.groups) if (!shown.has(group.id)) entries.push({ kind: "group", record: group });
  return entries;
}
