// The export's brand: when several sites' customization documents share leaves word for word,
// those leaves are written once under `branding:` and each site's customization `extends:` it
// with only its own leaves. A site's document is what the brand and its own leaves make, checked
// site by site before anything is factored: when any would differ (a key the dotted leaves
// cannot name), every site keeps its whole document. Either way the file plans to no change.

import { isDeepStrictEqual } from "node:util";
import { isMapping, leavesOf, mergeDeep, withLeaves } from "./site-customization-document.ts";

/** The name of the brand an export writes. */
export const EXPORTED_BRAND = "brand";

type Mapping = Record<string, unknown>;

/** The leaves every document holds with the same value. */
function sharedLeaves(documents: readonly Mapping[]): Mapping {
  const all = documents.map((document) => leavesOf(document));
  const [first, ...rest] = all;
  return Object.fromEntries(
    Object.entries(first!).filter(([leaf, value]) =>
      rest.every((leaves) => Object.hasOwn(leaves, leaf) && isDeepStrictEqual(leaves[leaf], value)),
    ),
  );
}

/**
 * The body with the leaves its sites' customizations share factored into `branding:` (placed
 * before `sites:`), when at least two sites have a customization and they share a leaf. Each
 * site's customization mapping is changed in place, so that what is noted on it stays.
 */
export function factorBranding(body: Mapping): Mapping {
  const sites = Array.isArray(body.sites) ? body.sites : [];
  const documents = sites.map((site) => (isMapping(site) ? site.customization : undefined)).filter(isMapping);
  if (documents.length < 2 || body.branding !== undefined) return body;
  const shared = sharedLeaves(documents);
  if (Object.keys(shared).length === 0) return body;
  const brand = withLeaves({}, shared);
  const owns = documents.map((document) => {
    const own = Object.entries(leavesOf(document)).filter(([leaf]) => !Object.hasOwn(shared, leaf));
    return withLeaves({}, Object.fromEntries(own));
  });
  // Each site must read back as the document it has live, or nothing is factored.
  if (!documents.every((document, at) => isDeepStrictEqual(mergeDeep(brand, owns[at]!), document)))
    return body;
  for (const [at, document] of documents.entries()) {
    for (const key of Object.keys(document)) delete document[key];
    Object.assign(document, { extends: EXPORTED_BRAND, ...owns[at] });
  }
  const ordered: Mapping = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === "sites") ordered.branding = { [EXPORTED_BRAND]: brand };
    ordered[key] = value;
  }
  return ordered;
}
