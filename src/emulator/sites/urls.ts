// Published URLs. The site lives at the organization's published host under its basename (or a
// slug of its title); sections and site spaces nest below by their paths. Computed on every
// render, so renaming a site or a path moves every URL below it.

import { publishedHost } from "../core/render.ts";
import type { EmulatorState } from "../core/state.ts";
import { locate } from "./containers.ts";
import type { RedirectDestination, SectionRecord, SiteRecord, SiteSpaceRecord } from "./model.ts";
import { slugify } from "./paths.ts";

export function siteUrl(state: EmulatorState, site: SiteRecord): string {
  return `${publishedHost(state, site.organizationId)}/${site.basename ?? slugify(site.title, site.id)}`;
}

/**
 * Where the site's preview is served: under the organization's published host by the site's
 * id, so it follows the organization's hostname and stays put when the site's title or
 * basename changes.
 */
export function sitePreviewUrl(state: EmulatorState, site: SiteRecord): string {
  return `${publishedHost(state, site.organizationId)}/~preview/${site.id}`;
}

export function sectionUrl(state: EmulatorState, site: SiteRecord, section: SectionRecord): string {
  return `${siteUrl(state, site)}/${section.path}`;
}

/** Every site space, the default included, is addressed by its path within its container. */
export function siteSpaceUrl(
  state: EmulatorState,
  site: SiteRecord,
  siteSpace: SiteSpaceRecord,
  section: SectionRecord | undefined,
): string {
  const base = section ? sectionUrl(state, site, section) : siteUrl(state, site);
  return `${base}/${siteSpace.path}`;
}

/** The absolute URL a redirect sends visitors to; the store keeps in-site destinations alive. */
export function redirectTarget(
  state: EmulatorState,
  site: SiteRecord,
  destination: RedirectDestination,
): string {
  switch (destination.kind) {
    case "external":
      return destination.url;
    case "site-section": {
      const section = site.sections.find((entry) => entry.id === destination.siteSectionId);
      if (!section) throw new Error(`redirect to missing section "${destination.siteSectionId}"`);
      return sectionUrl(state, site, section);
    }
    case "site-space":
    case "site-page": {
      const located = locate(site, destination.siteSpaceId);
      if (!located) throw new Error(`redirect to missing site space "${destination.siteSpaceId}"`);
      const url = siteSpaceUrl(state, site, located.siteSpace, located.section);
      return destination.kind === "site-page" ? `${url}/${encodeURIComponent(destination.pageId)}` : url;
    }
  }
}
