// Site spaces live in containers (the site root and each section), each with its own order and
// default. These helpers keep the one invariant of a container: while it holds site spaces,
// its default is one of them.

import type { Container, SectionRecord, SiteRecord, SiteSpaceRecord } from "./model.ts";

/** Where a site space lives: its container, and the section when that container is one. */
export interface Located {
  siteSpace: SiteSpaceRecord;
  container: Container;
  section?: SectionRecord;
}

/** Root first, then the sections in navigation order: the order of the site space listing. */
export function locateAll(site: SiteRecord): Located[] {
  const located: Located[] = site.root.siteSpaces.map((siteSpace) => ({ siteSpace, container: site.root }));
  for (const section of site.sections) {
    for (const siteSpace of section.siteSpaces) located.push({ siteSpace, container: section, section });
  }
  return located;
}

export function locate(site: SiteRecord, siteSpaceId: string): Located | undefined {
  return locateAll(site).find((entry) => entry.siteSpace.id === siteSpaceId);
}

export function countSiteSpaces(site: SiteRecord): number {
  return site.sections.reduce(
    (total, section) => total + section.siteSpaces.length,
    site.root.siteSpaces.length,
  );
}

export function isDefaultIn(container: Container, siteSpace: SiteSpaceRecord): boolean {
  return container.defaultSiteSpaceId === siteSpace.id;
}

/** Appends; the first site space of a container becomes its default. */
export function appendTo(container: Container, siteSpace: SiteSpaceRecord): void {
  container.siteSpaces.push(siteSpace);
  container.defaultSiteSpaceId ??= siteSpace.id;
}

/** Removes; when it was the default, the first remaining site space becomes the default. */
export function removeFrom(container: Container, siteSpace: SiteSpaceRecord): void {
  container.siteSpaces = container.siteSpaces.filter((entry) => entry.id !== siteSpace.id);
  if (container.defaultSiteSpaceId === siteSpace.id) {
    container.defaultSiteSpaceId = container.siteSpaces[0]?.id;
  }
}
