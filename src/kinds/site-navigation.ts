// A site's `sections:` list as written: sections and groups of sections, in navigation order.
// The section kind reads the sections (groups flattened, each knowing its group), the group
// kind reads the groups.

import type { Located } from "../model/desired.ts";
import { listAt } from "./configured.ts";
import type { RawSiteSpace } from "./site-space.ts";

/** A section's own fields, the same in a configuration file and as configured. */
export interface SectionSettings {
  path: string;
  title: string;
  description?: string | null;
  icon?: string | null;
  condition?: string | null;
  default?: boolean;
}

export interface RawSection extends SectionSettings {
  siteSpaces: RawSiteSpace[];
  was?: string;
}

export interface RawSectionGroup {
  group: string;
  icon?: string | null;
  sections: RawSection[];
}

/** A section as written, with the title of the group it is nested under. */
export type LocatedSection = Located<RawSection> & { group?: string };

type NavigationItem = Located<RawSection | RawSectionGroup>;
const isGroup = (item: NavigationItem): item is Located<RawSectionGroup> => "group" in item.value;
const isSection = (item: NavigationItem): item is Located<RawSection> => !isGroup(item);

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
      for (const section of listAt<RawSection>(item, "sections") ?? [])
        sections.push({
          value: section.value,
          file: section.file,
          path: section.path,
          group: item.value.group,
        });
    }
  }
  return { sections, groups };
}
