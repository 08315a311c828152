// The shapes of a site and of what it holds (sections, groups, links, redirects, site spaces,
// its adaptive schema), in a configuration file, as configured and as read. Declared apart from
// the kinds so that the kinds inside a site name them without importing the site kind that
// lists them: this module imports no kind of the site family.

import type { Id } from "../../model/address.ts";
import type { ItemMeta } from "../../model/desired.ts";
import type { AccessFacts } from "../access/space-access-facts.ts";
import type { DesiredAssignment } from "../shapes/assignment.ts";
import type { RawGrant } from "../shapes/principals.ts";
import type { LiveNode, ScopeIn } from "../types.ts";

export interface LiveSite {
  [field: string]: unknown;
  id: string;
  title: string;
  type: string;
  visibility: string;
  basename?: string;
  proxy?: { origin?: string; target?: string } | null;
  adaptiveContent?: { enabled?: boolean };
  published?: boolean;
  siteSpaces?: number;
}

/** A site's own settings, the same in a configuration file and as configured. */
interface SiteSettings {
  title: string;
  /** Used at creation only. */
  type?: string;
  visibility?: string;
  basename?: string;
  /** A proxy URL; `null` removes the proxy. */
  proxy?: string | null;
  adaptiveContent?: { enabled: boolean };
  adaptiveSchema?: AdaptiveSchema;
}

export type RawSitePermission = RawGrant;

export interface RawSite extends SiteSettings {
  id?: string;
  siteSpaces?: RawSiteSpace[];
  permissions?: RawSitePermission[];
}

export interface DesiredSite extends ItemMeta, SiteSettings {
  /** Sections in navigation order (groups flattened; each section names its group). Absent: not managed. */
  sections?: DesiredSection[];
  /** Groups in navigation order. Absent when `sections` is absent. */
  sectionGroups?: DesiredSectionGroup[];
  /** External links, at the root and in groups. Absent when `sections` is absent. */
  externalLinks?: DesiredLink[];
  /** Root-level site spaces of a site without sections. Absent: not managed. */
  siteSpaces?: DesiredSiteSpace[];
  /** Absent: not managed. */
  redirects?: DesiredRedirect[];
  permissions?: DesiredAssignment[]; // Roles of users and teams on it. Absent: not managed.
}

/** Further facts read about a live site. */
export interface SiteDetails {
  /** The JSON schema of its visitor attributes (`…/adaptive-schema`). */
  adaptiveSchema: LiveJsonSchema;
  access: AccessFacts; // what its permissions need (site/site-permission.ts)
}

/** A live site as read. */
export type SiteNode = LiveNode<LiveSite, Partial<SiteDetails>>;

/** What a site gives the kinds inside it: its configuration, its raw item, its live node and its id. */
export interface InSite {
  parent: DesiredSite;
  parentRaw: RawSite;
  parentNode: SiteNode;
  ids: { site: Id };
}

/** The scope of a site's kinds. */
export type SiteScope = ScopeIn<InSite>;

export interface LiveSection {
  [field: string]: unknown;
  id: string;
  title: string;
  path: string;
  description?: string | null;
  default?: boolean;
  condition?: string | null;
  sectionGroup?: string | null;
  icon?: string | null;
  siteSpaces: LiveSiteSpace[];
}

export interface DesiredSection extends ItemMeta, SectionSettings {
  /** Title of the group this section is nested under, if any. */
  group?: string;
  /** At least one: the first one is the space the section is created with. */
  siteSpaces: DesiredSiteSpace[];
}

/** A live section as read. */
export type SectionNode = LiveNode<LiveSection>;

export interface DesiredSectionGroup extends ItemMeta {
  title: string;
  icon?: string | null;
  /** Paths of the member sections, in navigation order. */
  sections: string[];
}

export interface DesiredLink extends ItemMeta {
  title: string;
  url: string;
  icon?: string | null;
  description?: string | null;
  condition?: string | null;
  draft?: boolean;
  /** Title of the group it is in; absent at the site's root. */
  group?: string;
  after?: NavigationRef;
  before?: NavigationRef;
}

export type DesiredRedirectDestination =
  /** `to: { section: <path> }`: resolved to the section's id at plan time. */
  | { kind: "site-section"; sectionPath: string }
  /** `destination: {...}` written in the API's own form: sent as written. */
  | { kind: "raw"; value: Record<string, unknown> };

export interface DesiredRedirect extends ItemMeta {
  source: string;
  destination: DesiredRedirectDestination;
}

export interface RawSiteSpace {
  space: string;
  path: string;
  condition?: string | null;
  default?: boolean;
  was?: string;
}

export interface DesiredSiteSpace extends ItemMeta {
  /** The space id (resolved from the `spaces:` names). */
  spaceId: string;
  /** The name the configuration used, for messages. */
  spaceName: string;
  path: string;
  /** `null` removes a live condition; absent leaves it alone. */
  condition?: string | null;
  default?: boolean;
}

export interface LiveSpaceRef {
  [field: string]: unknown;
  id: string;
  title?: string;
}

export interface LiveSiteSpace {
  [field: string]: unknown;
  id: string;
  path: string;
  section?: string | null;
  space: LiveSpaceRef;
  title?: string;
  default?: boolean;
  condition?: string | null;
}

/** A section's own fields, the same in a configuration file and as configured. */
export interface SectionSettings {
  path: string;
  title: string;
  description?: string | null;
  icon?: string | null;
  condition?: string | null;
  default?: boolean;
}

/** An item of the navigation, as a link names its neighbours: its kind and its key. */
export interface NavigationRef {
  kind: "section" | "group" | "link";
  key: string;
}

/**
 * One visitor claim, in the form both the spec (`{type, description}`) and the service's
 * published description (a description on every claim, no integer, items or properties for an
 * array or object) take: a claim of one value, with its description.
 */
export type AdaptiveClaim = {
  type: "boolean" | "number" | "string";
  description: string;
};

/** `properties` and `additionalProperties` of the visitor-attribute JSON schema. */
export interface AdaptiveSchema {
  properties: Record<string, AdaptiveClaim>;
  additionalProperties?: boolean;
}

/** The visitor-attribute JSON schema as the service answers it: claims of any form. */
export interface LiveJsonSchema {
  [field: string]: unknown;
  properties?: Record<string, Record<string, unknown>>;
  additionalProperties?: unknown;
  required?: unknown;
}
