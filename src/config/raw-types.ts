// The shape of one configuration file once it has passed the JSON Schema
// (schemas/docsync.schema.json): what the merge, the semantic checks and the resolver read.

import type { CustomFieldSettings, PrunableKind, Role, SiteSettings } from "./types.ts";

interface RawItem {
  protect?: boolean;
  was?: string;
  /** A pin to a live id, on the kinds whose schema allows one. */
  id?: string;
}

export interface RawTeam extends RawItem {
  title: string;
  members?: string[];
}

export interface RawCustomField extends CustomFieldSettings {
  protect?: boolean;
}

export interface RawSamlProvider extends RawItem {
  label: string;
  entityID?: string;
  ssoURL?: string;
  certificate?: string;
  /** A team title from `teams:`, or `{ id }` for a live team. */
  defaultTeam?: string | { id: string };
  defaultRole?: Role | null;
}

export interface RawSiteSpace extends RawItem {
  space: string;
  path: string;
  condition?: string | null;
  default?: boolean;
}

export interface RawSection extends RawItem {
  path: string;
  title: string;
  description?: string | null;
  icon?: string | null;
  condition?: string | null;
  default?: boolean;
  siteSpaces: RawSiteSpace[];
}

export interface RawSectionGroup extends RawItem {
  group: string;
  icon?: string | null;
  sections: RawSection[];
}

export interface RawRedirect extends RawItem {
  source: string;
  to?: { section: string };
  destination?: { kind: string } & Record<string, unknown>;
}

export interface RawSite extends RawItem, SiteSettings {
  id?: string;
  sections?: (RawSection | RawSectionGroup)[];
  siteSpaces?: RawSiteSpace[];
  redirects?: RawRedirect[];
}

export interface RawPolicy {
  prune?: PrunableKind[];
  maxDestroy?: number;
}

export interface RawConfig {
  version: 1;
  organization?: string;
  spaces?: Record<string, string>;
  teams?: RawTeam[];
  customFields?: RawCustomField[];
  samlProviders?: RawSamlProvider[];
  sites?: RawSite[];
  policy?: RawPolicy;
}

export function isGroup(item: RawSection | RawSectionGroup): item is RawSectionGroup {
  return "group" in item;
}
