// API paths of the calls the kinds draft. Ids may be placeholders of items created during
// apply; those are left as they are here and encoded when apply fills them in.

import { isPlaceholder } from "../model/address.ts";

const segment = (id: string): string => (isPlaceholder(id) ? id : encodeURIComponent(id));

/**
 * The path of the item `id` in the list at `list`. A kind that makes the paths of many items of
 * one list (a site's 100,000 redirects) builds the list's path once per plan and this from it.
 */
export const pathBelow = (list: string, id: string): string => `${list}/${segment(id)}`;

export const orgPath = (org: string): string => `/orgs/${segment(org)}`;
export const sitePath = (org: string, site: string): string => pathBelow(`${orgPath(org)}/sites`, site);
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
