// Records of the sites family. A site owns everything below it (sections, groups, site
// spaces, redirects), so deleting a site is dropping one record, and every order the API
// shows is the order of an array here.

import type { EmulatorState, Role, SpaceRecord } from "../core/state.ts";

export const SITE_TYPES = [
  "basic",
  "premium",
  "ultimate",
  "sponsored",
  "legacy-basic",
  "legacy-premium",
] as const;
export type SiteType = (typeof SITE_TYPES)[number];

export const SITE_VISIBILITIES = ["public", "unlisted", "share-link", "visitor-auth"] as const;
export type SiteVisibility = (typeof SITE_VISIBILITIES)[number];

export interface SiteSpaceRecord {
  id: string;
  spaceId: string;
  /** The space as it was when added: rendered if the space is later removed for good. */
  spaceSnapshot: SpaceRecord;
  path: string;
  condition?: string;
  /** Overrides of the site's customization, by leaf path (`styling.sidebar.list`). */
  customization?: { overrides: Map<string, unknown>; updatedAt: Date };
}

/** An ordered list of site spaces with one default: the site root, or one section. */
export interface Container {
  siteSpaces: SiteSpaceRecord[];
  /** Set whenever `siteSpaces` is non-empty. */
  defaultSiteSpaceId?: string;
}

export interface SectionRecord extends Container {
  id: string;
  title: string;
  path: string;
  description?: string;
  condition?: string;
  icon?: string;
  /** Group membership lives on the section, so a section is in at most one group. */
  groupId?: string;
}

export interface GroupRecord {
  id: string;
  title: string;
  icon?: string;
}

export type RedirectDestination =
  | { kind: "site-section"; siteSectionId: string }
  | { kind: "site-space"; siteSpaceId: string }
  | { kind: "site-page"; siteSpaceId: string; pageId: string }
  | { kind: "external"; url: string };

/** How a redirect is served: set through the service's bulk operation, false until then. */
export interface RedirectBehaviour {
  /** A permanent redirect rather than a temporary one. */
  permanent: boolean;
  /** What the source's wildcard matched is appended to the destination. */
  captureWildcard: boolean;
}

export interface RedirectRecord extends RedirectBehaviour {
  id: string;
  source: string;
  destination: RedirectDestination;
  createdAt: Date;
}

/** An entry of the navigation that leads out of the site: at the root or in a group. */
export interface ExternalLinkRecord {
  id: string;
  title: string;
  url: string;
  draft: boolean;
  localizedTitle?: Record<string, string>;
  description?: string;
  localizedDescription?: Record<string, string>;
  icon?: string;
  condition?: string;
  groupId?: string;
}

export interface ShareLinkRecord {
  id: string;
  name: string;
  active: boolean;
  createdAt: Date;
  /** The secret in the link's URL: whoever has it can read the site. */
  token: string;
}

export interface PublishingAuthRecord {
  backend: "custom" | "integration";
  /** Signs visitors' tokens: a secret. */
  privateKey: string;
  integration?: string;
  fallbackURL?: string;
  logoutURL?: string;
}

/** The site's own grants, by team or user id, in the order they were made. */
export interface SitePermissionsRecord {
  teams: Map<string, Role | null>;
  users: Map<string, Role | null>;
}

export interface AdaptiveSchemaRecord {
  jsonSchema: Record<string, unknown>;
  updatedAt: Date;
}

export interface SiteRecord {
  id: string;
  organizationId: string;
  type: SiteType;
  title: string;
  visibility: SiteVisibility;
  basename?: string;
  /** The URL the site is served under through a proxy; the target is always the live published URL. */
  proxyOrigin?: string;
  published: boolean;
  adaptiveContentEnabled: boolean;
  adaptiveSchema: AdaptiveSchemaRecord;
  createdAt: Date;
  /** Site spaces at root level; non-empty only while the site has no sections. */
  root: Container;
  /** The one flat navigation order of the sections. */
  sections: SectionRecord[];
  /** Set whenever `sections` is non-empty. */
  defaultSectionId?: string;
  /** In creation order; members and display position derive from `sections`. */
  groups: GroupRecord[];
  /** In creation order; sources are unique within the site. */
  redirects: RedirectRecord[];
  /** In creation order; where they show is in `navigation`. */
  externalLinks: ExternalLinkRecord[];
  /**
   * The ids of sections and external links in navigation order, as last written; sections keep
   * their own relative order in `sections` (see navigation.ts).
   */
  navigation: string[];
  customization: { document: Record<string, unknown>; updatedAt: Date };
  shareLinks: ShareLinkRecord[];
  publishingAuth: PublishingAuthRecord;
  permissions: SitePermissionsRecord;
}

export interface SitesFamilyState {
  /** In creation order: the order of the site listing. */
  sites: Map<string, SiteRecord>;
}

export function sitesOf(state: EmulatorState): SitesFamilyState {
  return state.family<SitesFamilyState>("sites", () => ({ sites: new Map() }));
}
