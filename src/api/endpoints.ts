// Typed reads of everything the planner compares with the configuration. Thin on purpose: the
// client does paging, retries and errors; these only spell the paths. Writes need no helpers:
// the apply engine sends them as data (method, path, body) through `ApiClient.send`.

import type { ApiClient } from "./client-types.ts";
import type {
  LiveAdaptiveSchema,
  LiveCustomField,
  LiveOrganization,
  LiveRedirect,
  LiveSamlProvider,
  LiveSection,
  LiveSectionGroup,
  LiveSite,
  LiveSiteSpace,
  LiveTeam,
} from "./types.ts";

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

export const listOrganizations = (api: ApiClient) => api.list<LiveOrganization>(paths.organizations());
export const getOrganization = (api: ApiClient, org: string) =>
  api.get<LiveOrganization>(paths.organization(org));
export const listSites = (api: ApiClient, org: string) => api.list<LiveSite>(paths.sites(org));
export const listSections = (api: ApiClient, org: string, site: string) =>
  api.list<LiveSection>(paths.sections(org, site));
export const listSectionGroups = (api: ApiClient, org: string, site: string) =>
  api.list<LiveSectionGroup>(paths.sectionGroups(org, site));
export const listSiteSpaces = (api: ApiClient, org: string, site: string) =>
  api.list<LiveSiteSpace>(paths.siteSpaces(org, site));
export const listRedirects = (api: ApiClient, org: string, site: string) =>
  api.list<LiveRedirect>(paths.redirects(org, site));
export const getAdaptiveSchema = (api: ApiClient, org: string, site: string) =>
  api.get<LiveAdaptiveSchema>(paths.adaptiveSchema(org, site));
export const listTeams = (api: ApiClient, org: string) => api.list<LiveTeam>(paths.teams(org));
export const listCustomFields = (api: ApiClient, org: string) =>
  api.list<LiveCustomField>(paths.customFields(org));
export const listSamlProviders = (api: ApiClient, org: string) =>
  api.list<LiveSamlProvider>(paths.samlProviders(org));
