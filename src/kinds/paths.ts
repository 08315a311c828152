// API paths of the calls the kinds draft. An id may be a reference to an item created during
// apply: a path that names one is made of parts (references.ts), the others are text.

import { DocsyncError } from "../errors.ts";
import { type Address, type Id, IdRef } from "../model/address.ts";
import { type ApiPath, joinPath } from "../model/references.ts";

/**
 * The id of a live item a read names (reads go through live items only, whose ids are known).
 */
export function liveId(id: Id): string {
  if (typeof id !== "string")
    throw new Error(`planner bug: a read names a new item, ${JSON.stringify(id.idOf)}`);
  return id;
}

/**
 * The id of the item at `address` a configured item names: a plan error, `unknown`, when the
 * item is neither configured nor live (or the plan deletes it).
 */
export function referencedId(
  ctx: { idOf(address: Address): Id },
  address: Address,
  unknown: () => string,
): Id {
  try {
    return ctx.idOf(address);
  } catch (error) {
    if (!(error instanceof DocsyncError)) throw error;
    throw new DocsyncError("plan.unknown-reference", unknown());
  }
}

/** A path as the ids it is made of allow: text when every id is a live one. */
type PathOf<T> = [T] extends [string] ? string : ApiPath;

const segment = (id: Id): string | IdRef => (id instanceof IdRef ? id : encodeURIComponent(id));

/**
 * `base` followed by `/` and the id, encoded: the path of the item `id` in the list at `base`. A
 * kind that makes the paths of many items of one list (a site's 100,000 redirects) builds the
 * list's path once per plan and this from it.
 */
export const below = <B extends ApiPath, T extends Id>(base: B, id: T): PathOf<B | T> =>
  (typeof base === "string" && typeof id === "string"
    ? `${base}/${encodeURIComponent(id)}`
    : joinPath(base, "/", segment(id))) as PathOf<B | T>;

/** `base` followed by text: `subPath(sitePath(org, site), "/adaptive-schema")`. */
export const subPath = <B extends ApiPath>(base: B, text: string): PathOf<B> =>
  (typeof base === "string" ? `${base}${text}` : joinPath(base, text)) as PathOf<B>;

export const orgPath = (org: string): string => `/orgs/${encodeURIComponent(org)}`;
export const sitePath = <S extends Id>(org: string, site: S): PathOf<S> =>
  below(`${orgPath(org)}/sites`, site);
export const sectionsPath = <S extends Id>(org: string, site: S) => subPath(sitePath(org, site), "/sections");
export const sectionPath = <S extends Id, T extends Id>(org: string, site: S, section: T) =>
  below(sectionsPath(org, site), section) as PathOf<S | T>;
export const groupsPath = <S extends Id>(org: string, site: S) =>
  subPath(sitePath(org, site), "/section-groups");
export const groupPath = <S extends Id, T extends Id>(org: string, site: S, group: T) =>
  below(groupsPath(org, site), group) as PathOf<S | T>;
export const siteSpacesPath = <S extends Id>(org: string, site: S) =>
  subPath(sitePath(org, site), "/site-spaces");
export const siteSpacePath = <S extends Id, T extends Id>(org: string, site: S, siteSpace: T) =>
  below(siteSpacesPath(org, site), siteSpace) as PathOf<S | T>;
export const redirectsPath = <S extends Id>(org: string, site: S) =>
  subPath(sitePath(org, site), "/redirects");
export const teamsPath = (org: string) => `${orgPath(org)}/teams`;
export const teamPath = <T extends Id>(org: string, team: T) => below(teamsPath(org), team);
export const customFieldsPath = (org: string) => `${orgPath(org)}/custom-fields`;
export const samlProvidersPath = (org: string) => `${orgPath(org)}/saml`;
export const samlProviderPath = <T extends Id>(org: string, provider: T) =>
  below(samlProvidersPath(org), provider);

/** The body of a move call: before or after another item of the same kind. */
export function movePosition(
  type: "site-section" | "site-space",
  field: "siteSection" | "siteSpace",
  position: { before?: Id; after?: Id },
) {
  return position.after
    ? { position: { after: { type, [field]: position.after } } }
    : { position: { before: { type, [field]: position.before } } };
}
export const openApiSpecsPath = (org: string) => `${orgPath(org)}/openapi`;
export const openApiSpecPath = (org: string, slug: string) =>
  `${openApiSpecsPath(org)}/${encodeURIComponent(slug)}`;
export const translationsPath = (org: string) => `${orgPath(org)}/translations`;
export const translationPath = <T extends Id>(org: string, translation: T) =>
  below(translationsPath(org), translation);
export const spacePath = <T extends Id>(space: T) => below("/spaces", space);
export const collectionsPath = (org: string) => `${orgPath(org)}/collections`;
export const collectionPath = <T extends Id>(collection: T) => below("/collections", collection);
export const spacePermissionsPath = <T extends Id>(space: T) => subPath(spacePath(space), "/permissions");
