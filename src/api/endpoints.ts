// Paths of the API's collections, and typed reads for code that talks to the API directly
// (tests, scripts). The kinds do not use these: they spell the paths of the calls they plan in
// src/kinds/paths.ts, which leaves the `{{id:…}}` placeholders of items created during apply
// unencoded. Thin on purpose: the client does paging, retries and errors.

import type { ApiClient } from "./client-types.ts";
import type { LiveOrganization, LiveTeam } from "./types.ts";

/** Ids go into paths encoded, so an odd id cannot address another resource. */
const seg = encodeURIComponent;

export const paths = {
  organizations: () => "/orgs",
  organization: (org: string) => `/orgs/${seg(org)}`,
  sites: (org: string) => `/orgs/${seg(org)}/sites`,
  site: (org: string, site: string) => `/orgs/${seg(org)}/sites/${seg(site)}`,
  sections: (org: string, site: string) => `${paths.site(org, site)}/sections`,
  sectionGroups: (org: string, site: string) => `${paths.site(org, site)}/section-groups`,
  siteSpaces: (org: string, site: string) => `${paths.site(org, site)}/site-spaces`,
  redirects: (org: string, site: string) => `${paths.site(org, site)}/redirects`,
  adaptiveSchema: (org: string, site: string) => `${paths.site(org, site)}/adaptive-schema`,
  teams: (org: string) => `/orgs/${seg(org)}/teams`,
  customFields: (org: string) => `/orgs/${seg(org)}/custom-fields`,
  samlProviders: (org: string) => `/orgs/${seg(org)}/saml`,
};

export const getOrganization = (api: ApiClient, org: string) =>
  api.get<LiveOrganization>(paths.organization(org));
export const listTeams = (api: ApiClient, org: string) => api.list<LiveTeam>(paths.teams(org));
