// The desired state: what the configuration files say, resolved and validated.
// Produced by `loadConfig` (src/config/load.ts), consumed by the planner. Pure data.

/** Where a value was written, for error messages and plan addresses. Lines and columns are 1-based. */
export interface SourceLocation {
  file: string;
  line: number;
  column: number;
}

export const ROLES = ["admin", "create", "review", "edit", "comment", "read"] as const;
export type Role = (typeof ROLES)[number];

/** Kinds whose unlisted live items `policy.prune` may delete. */
export const PRUNABLE_KINDS = [
  "sites",
  "sections",
  "sectionGroups",
  "siteSpaces",
  "redirects",
  "teams",
  "customFields",
  "samlProviders",
] as const;
export type PrunableKind = (typeof PRUNABLE_KINDS)[number];
export const DEFAULT_PRUNE: readonly PrunableKind[] = [
  "sections",
  "sectionGroups",
  "siteSpaces",
  "redirects",
];

/** Fields every configured item may carry. */
export interface ItemMeta {
  /** Position of the item in its file. */
  at: SourceLocation;
  /** Never delete or replace this item. */
  protect?: boolean;
  /** Rename hint: the natural key the live item has today. */
  was?: string;
  /** Pin to a live id; wins over `was` and the natural key. */
  id?: string;
}

export interface DesiredTeam extends ItemMeta {
  title: string;
  /** Member (user) ids; the API takes them only when the team is created. */
  members?: string[];
}

/** A custom field's own fields, the same in a configuration file (RawCustomField) and here. */
export interface CustomFieldSettings {
  name: string;
  type: string;
  title?: string;
  description?: string;
  placeholder?: string;
  options?: string[];
}

export interface DesiredCustomField extends ItemMeta, CustomFieldSettings {}

/** A team named by its title in this configuration, or by a live id. */
export type TeamRef = { title: string } | { id: string };

export interface DesiredSamlProvider extends ItemMeta {
  label: string;
  entityID?: string;
  ssoURL?: string;
  /** Sensitive: never printed. */
  certificate?: string;
  defaultTeam?: TeamRef;
  defaultRole?: Role | null;
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

export interface DesiredSection extends ItemMeta {
  path: string;
  title: string;
  description?: string | null;
  icon?: string | null;
  condition?: string | null;
  default?: boolean;
  /** Title of the group this section is nested under, if any. */
  group?: string;
  /** At least one: the first one is the space the section is created with. */
  siteSpaces: DesiredSiteSpace[];
}

export interface DesiredSectionGroup extends ItemMeta {
  title: string;
  icon?: string | null;
  /** Paths of the member sections, in navigation order. */
  sections: string[];
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

/** A site's own settings, the same in a configuration file (RawSite) and here. */
export interface SiteSettings {
  title: string;
  /** Used at creation only. */
  type?: string;
  visibility?: string;
  basename?: string;
  /** A proxy URL; `null` removes the proxy. */
  proxy?: string | null;
  adaptiveContent?: { enabled: boolean };
  /** `properties` and `additionalProperties` of the visitor-attribute JSON schema. */
  adaptiveSchema?: {
    properties: Record<string, { type: string; description?: string }>;
    additionalProperties?: boolean;
  };
}

export interface DesiredSite extends ItemMeta, SiteSettings {
  /** Sections in navigation order (groups flattened; each section names its group). Absent: not managed. */
  sections?: DesiredSection[];
  /** Groups in navigation order. Absent when `sections` is absent. */
  sectionGroups?: DesiredSectionGroup[];
  /** Root-level site spaces of a site without sections. Absent: not managed. */
  siteSpaces?: DesiredSiteSpace[];
  /** Absent: not managed. */
  redirects?: DesiredRedirect[];
}

export interface DesiredPolicy {
  prune: PrunableKind[];
  /** Apply refuses a plan deleting more than this many items unless --allow-destroy. */
  maxDestroy?: number;
}

export interface DesiredState {
  /** Files the state was read from, in order. */
  files: string[];
  organization: string;
  /** Space names → space ids. */
  spaces: Record<string, string>;
  /** Each list is absent when the configuration does not mention that kind (then it is not managed). */
  teams?: DesiredTeam[];
  customFields?: DesiredCustomField[];
  samlProviders?: DesiredSamlProvider[];
  sites?: DesiredSite[];
  policy: DesiredPolicy;
  /** Values that must never be printed (secrets, certificates), gathered while loading. */
  sensitiveValues: string[];
}
