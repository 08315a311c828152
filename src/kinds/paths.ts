// API paths of the calls the kinds draft. Ids may be placeholders of items created during
// apply; those are left as they are here and encoded when apply fills them in.

import { isPlaceholder } from "../model/address.ts";

const segment = (id: string): string => (isPlaceholder(id) ? id : encodeURIComponent(id));

// The organization's and the site's paths start most paths, over and over for the items of one
// site: the last one of each is kept rather than built again.
let lastOrg: { org: string; path: string } | undefined;
let lastSite: { org: string; site: string; path: string } | undefined;

export function orgPath(org: string): string {
  if (lastOrg?.org !== org) lastOrg = { org, path: `/orgs/${segment(org)}` };
  return lastOrg.path;
}

export function sitePath(org: string, site: string): string {
  if (lastSite?.org !== org || lastSite.site !== site)
    lastSite = { org, site, path: `${orgPath(org)}/sites/${segment(site)}` };
  return lastSite.path;
}
export const sectionsPath = (org: string, site: string) => `${sitePath(org, site)}/sections`;
export const sectionPath = (org: string, site: string, section: string) =>
  `${sectionsPath(org, site)}/${segment(section)}`;
export const groupsPath = (org: string, site: string) => `${sitePath(org, site)}/section-groups`;
export const groupPath = (org: string, site: string, group: string) =>
  `${groupsPath(org, site)}/${segment(group)}`;
export const siteSpacesPath = (org: string, site: string) => `${sitePath(org, site)}/site-spaces`;
export const siteSpacePath = (org: string, site: string, siteSpace: string) =>
  `${siteSpacesPath(org, site)}/${segment(siteSpace)}`;
export const redirectsPath = (org: string, site: string) => `${sitePath(org, site)}/redirects`;
export const redirectPath = (org: string, site: string, redirect: string) =>
  `${redirectsPath(org, site)}/${segment(redirect)}`;
export const teamsPath = (org: string) => `${orgPath(org)}/teams`;
export const teamPath = (org: string, team: string) => `${teamsPath(org)}/${segment(team)}`;
export const customFieldsPath = (org: string) => `${orgPath(org)}/custom-fields`;
export const customFieldPath = (org: string, name: string) => `${customFieldsPath(org)}/${segment(name)}`;
export const samlProvidersPath = (org: string) => `${orgPath(org)}/saml`;
export const samlProviderPath = (org: string, provider: string) =>
  `${samlProvidersPath(org)}/${segment(provider)}`;

/** The body of a move call: before or after another item of the same kind. */
export function movePosition(
  type: "site-section" | "site-space",
  field: "siteSection" | "siteSpace",
  position: { before?: string; after?: string },
) {
  return position.after
    ? { position: { after: { type, [field]: position.after } } }
    : { position: { before: { type, [field]: position.before } } };
}
export const openApiSpecsPath = (org: string) => `${orgPath(org)}/openapi`;
export const openApiSpecPath = (org: string, slug: string) => `${openApiSpecsPath(org)}/${segment(slug)}`;
export const translationsPath = (org: string) => `${orgPath(org)}/translations`;
export const translationPath = (org: string, translation: string) =>
  `${translationsPath(org)}/${segment(translation)}`;
export const spacePath = (space: string) => `/spaces/${segment(space)}`;
export const collectionsPath = (org: string) => `${orgPath(org)}/collections`;
export const collectionPath = (collection: string) => `/collections/${segment(collection)}`;
export const spacePermissionsPath = (space: string) => `${spacePath(space)}/permissions`;
