// Sites of an organization: creation with root-level site spaces, updates of the site's own
// fields and defaults, filtered listing, and deletion of the site with everything in it.

import { containsFolded } from "../core/query.ts";
import type { EmulatorState, SpaceRecord } from "../core/state.ts";
import { appendTo, locateAll } from "./containers.ts";
import { defaultCustomization } from "./customization.ts";
import type { Container, SiteRecord, SiteType, SiteVisibility } from "./model.ts";
import { sitesOf } from "./model.ts";
import { applyOptional } from "./nullable.ts";
import { newSecret } from "./secrets.ts";
import { newSiteSpace } from "./site-space-store.ts";

const EMPTY_ADAPTIVE_SCHEMA = { type: "object", properties: {}, additionalProperties: false };

export function createSite(
  state: EmulatorState,
  organizationId: string,
  fields: { type: SiteType; title: string; visibility: SiteVisibility; spaces: readonly SpaceRecord[] },
): SiteRecord {
  const now = state.now();
  const site: SiteRecord = {
    id: state.ids.next("site"),
    organizationId,
    type: fields.type,
    title: fields.title,
    visibility: fields.visibility,
    published: false,
    adaptiveContentEnabled: false,
    adaptiveSchema: { jsonSchema: structuredClone(EMPTY_ADAPTIVE_SCHEMA), updatedAt: now },
    createdAt: now,
    root: { siteSpaces: [] },
    sections: [],
    groups: [],
    redirects: [],
    externalLinks: [],
    navigation: [],
    customization: { document: defaultCustomization(), updatedAt: now },
    shareLinks: [],
    publishingAuth: { backend: "custom", privateKey: newSecret() },
    permissions: { teams: new Map(), users: new Map() },
  };
  for (const space of fields.spaces) appendTo(site.root, newSiteSpace(state, site.root, space));
  sitesOf(state).sites.set(site.id, site);
  return site;
}

export interface SiteChanges {
  title?: string;
  visibility?: SiteVisibility;
  basename?: string;
  adaptiveContentEnabled?: boolean;
  /** Already checked to be a section of the site. */
  defaultSectionId?: string;
  /** Already checked to be in `container`, the root or the default section. */
  defaultSiteSpace?: { container: Container; siteSpaceId: string };
  proxyOrigin?: string | null;
}

export function updateSite(site: SiteRecord, changes: SiteChanges): void {
  if (changes.title !== undefined) site.title = changes.title;
  if (changes.visibility !== undefined) site.visibility = changes.visibility;
  if (changes.basename !== undefined) site.basename = changes.basename;
  if (changes.adaptiveContentEnabled !== undefined) {
    site.adaptiveContentEnabled = changes.adaptiveContentEnabled;
  }
  if (changes.defaultSectionId !== undefined) site.defaultSectionId = changes.defaultSectionId;
  if (changes.defaultSiteSpace) {
    changes.defaultSiteSpace.container.defaultSiteSpaceId = changes.defaultSiteSpace.siteSpaceId;
  }
  applyOptional(site, "proxyOrigin", changes.proxyOrigin);
}

export function setAdaptiveSchema(
  state: EmulatorState,
  site: SiteRecord,
  jsonSchema: Record<string, unknown>,
): void {
  site.adaptiveSchema = { jsonSchema: structuredClone(jsonSchema), updatedAt: state.now() };
}

interface SiteFilter {
  spaceId?: string;
  title?: string;
  published?: boolean;
  types?: ReadonlySet<string>;
}

export function listSites(state: EmulatorState, organizationId: string, filter: SiteFilter): SiteRecord[] {
  return [...sitesOf(state).sites.values()].filter(
    (site) =>
      site.organizationId === organizationId &&
      (filter.spaceId === undefined ||
        locateAll(site).some(({ siteSpace }) => siteSpace.spaceId === filter.spaceId)) &&
      (filter.title === undefined || containsFolded(site.title, filter.title)) &&
      (filter.published === undefined || site.published === filter.published) &&
      (filter.types === undefined || filter.types.has(site.type)),
  );
}

/** Everything of the site lives inside its record, so this is the whole cascade. */
export function deleteSite(state: EmulatorState, site: SiteRecord): void {
  sitesOf(state).sites.delete(site.id);
}
