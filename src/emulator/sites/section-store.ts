// Sections: the site's one flat navigation order, with exactly one default section while the
// site has any. A section is created with its first site space and never left without one.

import { conflict } from "../core/http-error.ts";
import type { EmulatorState, SpaceRecord } from "../core/state.ts";
import type { SectionRecord, SiteRecord } from "./model.ts";
import { applyOptional } from "./nullable.ts";
import { type Placement, placeBlock } from "./order.ts";
import { slugify, uniquePath } from "./paths.ts";
import { assertNotRedirectTarget } from "./redirect-store.ts";
import { addSiteSpace } from "./site-space-store.ts";

export function createSection(
  state: EmulatorState,
  site: SiteRecord,
  space: SpaceRecord,
  title: string,
): SectionRecord {
  const section: SectionRecord = {
    id: state.ids.next("sitesc"),
    title,
    path: uniquePath(
      slugify(title, "section"),
      site.sections.map((entry) => entry.path),
    ),
    siteSpaces: [],
  };
  // A site moving from root-level site spaces to sections keeps its content: the first
  // section takes the root's site spaces, order and default included.
  if (site.sections.length === 0 && site.root.siteSpaces.length > 0) {
    section.siteSpaces = site.root.siteSpaces;
    section.defaultSiteSpaceId = site.root.defaultSiteSpaceId;
    site.root = { siteSpaces: [] };
  }
  if (!section.siteSpaces.some((entry) => entry.spaceId === space.id)) {
    addSiteSpace(state, site, section, space);
  }
  site.sections.push(section);
  site.defaultSectionId ??= section.id;
  return section;
}

interface SectionChanges {
  title?: string;
  path?: string;
  /** Already checked to be a site space of this section. */
  defaultSiteSpaceId?: string;
  condition?: string | null;
  icon?: string | null;
  description?: string | null;
}

export function updateSection(site: SiteRecord, section: SectionRecord, changes: SectionChanges): void {
  const { path } = changes;
  if (path !== undefined && site.sections.some((other) => other.id !== section.id && other.path === path)) {
    throw conflict(`path: another section of site "${site.id}" already has path "${path}"`);
  }
  if (changes.title !== undefined) section.title = changes.title;
  if (path !== undefined) section.path = path;
  if (changes.defaultSiteSpaceId !== undefined) section.defaultSiteSpaceId = changes.defaultSiteSpaceId;
  applyOptional(section, "condition", changes.condition);
  applyOptional(section, "icon", changes.icon);
  applyOptional(section, "description", changes.description);
}

export function moveSection(site: SiteRecord, section: SectionRecord, placement: Placement): void {
  placeBlock(site.sections, [section], placement);
}

/** Deletes the section with its site spaces; it leaves its group with it. */
export function deleteSection(site: SiteRecord, section: SectionRecord): void {
  assertNotRedirectTarget(site, `site section "${section.id}"`, {
    sectionId: section.id,
    siteSpaceIds: section.siteSpaces.map((entry) => entry.id),
  });
  site.sections = site.sections.filter((entry) => entry.id !== section.id);
  if (site.defaultSectionId === section.id) site.defaultSectionId = site.sections[0]?.id;
  // External links are entries of a navigation of sections: they go with the last section.
  if (site.sections.length === 0) site.externalLinks = [];
}
