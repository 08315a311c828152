// A site's `sections:` list as written: sections and groups of sections, in navigation order.
// The section kind reads the sections (groups flattened, each knowing its group), the group
// kind reads the groups.

import type { Located } from "../../model/desired.ts";
import { listAt } from "../configured.ts";
import type { NavigationRef, RawSiteSpace, SectionSettings } from "./site-types.ts";

export type { NavigationRef, SectionSettings } from "./site-types.ts";

export interface RawSection extends SectionSettings {
  siteSpaces: RawSiteSpace[];
  was?: string;
}

export interface RawSectionGroup {
  group: string;
  icon?: string | null;
  sections: (RawSection | RawLink)[];
}

/** An external link: an entry of the navigation that leads out of the site. */
export interface RawLink {
  link: string;
  url: string;
  icon?: string | null;
  description?: string | null;
  condition?: string | null;
  draft?: boolean;
  was?: string;
}

/** A link as written, with its group and the items next to it in its container. */
export type LocatedLink = Located<RawLink> & {
  group?: string;
  after?: NavigationRef;
  before?: NavigationRef;
};

/** A section as written, with the title of the group it is nested under. */
export type LocatedSection = Located<RawSection> & { group?: string };

type NavigationItem = Located<RawSection | RawSectionGroup | RawLink>;
const isGroup = (item: NavigationItem): item is Located<RawSectionGroup> => "group" in item.value;
const isLink = (item: NavigationItem): item is Located<RawLink> => "link" in item.value;
const isSection = (item: NavigationItem): item is Located<RawSection> => !isGroup(item) && !isLink(item);

/** A link's key: its title within its container (the root, or a group). */
export const linkKey = (title: string, group: string | undefined): string =>
  group === undefined ? title : `${group} › ${title}`;

function refOf(item: NavigationItem | undefined, group: string | undefined): NavigationRef | undefined {
  if (item === undefined) return undefined;
  if (isGroup(item)) return { kind: "group", key: item.value.group };
  if (isLink(item)) return { kind: "link", key: linkKey(item.value.link, group) };
  return { kind: "section", key: (item.value as RawSection).path };
}

/** The links of one container (the root or a group), each knowing its neighbours. */
function linksIn(items: readonly NavigationItem[], group: string | undefined): LocatedLink[] {
  const links: LocatedLink[] = [];
  items.forEach((item, index) => {
    if (!isLink(item)) return;
    const after = refOf(items[index - 1], group);
    const before = refOf(items[index + 1], group);
    links.push({
      value: item.value,
      file: item.file,
      path: item.path,
      ...(group !== undefined ? { group } : {}),
      ...(after ? { after } : {}),
      ...(before ? { before } : {}),
    });
  });
  return links;
}

/** A site's external links, at the root and in groups; undefined without `sections:`. */
export function linksOf(site: Located<unknown>): LocatedLink[] | undefined {
  const items = listAt<RawSection | RawSectionGroup | RawLink>(site, "sections");
  if (items === undefined) return undefined;
  const links = linksIn(items, undefined);
  for (const item of items) {
    if (isGroup(item))
      links.push(...linksIn(listAt<RawSection | RawLink>(item, "sections") ?? [], item.value.group));
  }
  return links;
}

/** A site's sections with groups flattened, and its groups, in order; undefined without `sections:`. */
export function navigationOf(
  site: Located<unknown>,
): { sections: LocatedSection[]; groups: Located<RawSectionGroup>[] } | undefined {
  const items = listAt<RawSection | RawSectionGroup>(site, "sections");
  if (items === undefined) return undefined;
  const sections: LocatedSection[] = [];
  const groups: Located<RawSectionGroup>[] = [];
  for (const item of items) {
    if (isSection(item)) sections.push(item);
    else if (isGroup(item)) {
      groups.push(item);
      for (const section of listAt<RawSection | RawLink>(item, "sections") ?? []) {
        if (!isSection(section)) continue;
        sections.push({
          value: section.value,
          file: section.file,
          path: section.path,
          group: item.value.group,
        });
      }
    }
  }
  return { sections, groups };
}
