// The customization document of a site as plain data: its leaves (`styling.primaryColor.light`),
// the deep merge of a brand and a site's own fields, and the document the service gives a site
// it creates, which a site made by the same plan starts from.

type Mapping = Record<string, unknown>;

export const isMapping = (value: unknown): value is Mapping =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The leaves of a document by dotted path: a mapping is followed into, everything else (a
 * scalar, a list, an empty mapping) is one leaf, so that a list is always set whole.
 */
export function leavesOf(document: Mapping, prefix = ""): Record<string, unknown> {
  const leaves: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(document)) {
    const path = `${prefix}${key}`;
    if (isMapping(value) && Object.keys(value).length > 0) Object.assign(leaves, leavesOf(value, `${path}.`));
    else leaves[path] = value;
  }
  return leaves;
}

/** The value at a dotted path of a document. */
export function valueAt(document: unknown, path: string): unknown {
  let at = document;
  for (const key of path.split(".")) {
    if (!isMapping(at)) return undefined;
    at = Object.getOwnPropertyDescriptor(at, key)?.value;
  }
  return at;
}

/** A copy of `document` with the value at each dotted path set, making mappings on the way. */
export function withLeaves(document: Mapping, leaves: Record<string, unknown>): Mapping {
  const result = structuredClone(document);
  for (const [path, value] of Object.entries(leaves)) {
    const keys = path.split(".");
    const last = keys.pop() as string;
    let at = result;
    for (const key of keys) {
      if (!isMapping(at[key])) at[key] = {};
      at = at[key] as Mapping;
    }
    at[last] = structuredClone(value);
  }
  return result;
}

/** `over` set over `base`: mappings merge deeply, anything else (a list) replaces. */
export function mergeDeep(base: Mapping, over: Mapping): Mapping {
  const merged: Mapping = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const under = merged[key];
    merged[key] = isMapping(under) && isMapping(value) ? mergeDeep(under, value) : value;
  }
  return merged;
}

const themed = (color: string) => ({ light: color, dark: color });
const codeTheme = { light: "default-light", dark: "default-dark" };

/**
 * The document a new site has: every group the service requires, with its first or plainest
 * published value. A site this plan creates cannot be read before it exists, so its one `PUT`
 * sets the configured fields over this document.
 */
export function newSiteDocument(): Mapping {
  return {
    styling: {
      theme: "clean",
      primaryColor: themed("#346DDB"),
      infoColor: themed("#787878"),
      successColor: themed("#00C950"),
      warningColor: themed("#FE9A00"),
      dangerColor: themed("#FB2C36"),
      corners: "rounded",
      depth: "subtle",
      links: "default",
      font: "Inter",
      monospaceFont: "IBMPlexMono",
      background: "plain",
      icons: "regular",
      codeTheme: { default: { ...codeTheme }, openapi: { ...codeTheme } },
      sidebar: { background: "default", list: "default" },
      search: "prominent",
    },
    internationalization: { locale: "en" },
    favicon: {},
    header: { preset: "default", links: [] },
    footer: { groups: [] },
    themes: { default: "system", toggeable: true },
    feedback: { enabled: false },
    ai: { mode: "search" },
    advancedCustomization: { enabled: false },
    pageActions: { items: [] },
    externalLinks: { target: "self" },
    pagination: { enabled: true },
    trademark: { enabled: true },
    privacyPolicy: {},
    socialPreview: {},
    socialAccounts: [],
    insights: { trackingCookie: true },
  };
}
