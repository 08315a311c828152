// A site's customization: the site's whole document, replaced by `PUT`, and per site space an
// override of some of its fields, kept as leaf paths (`styling.sidebar.list`). What a site
// space shows is computed on every read (the site's document with the overrides applied), so
// it follows every change of the site's document.

import { badRequest } from "../core/http-error.ts";
import { iso } from "../core/render.ts";
import type { EmulatorState } from "../core/state.ts";
import { customizationInput, customizationOverride } from "./customization-schema.ts";
import type { SiteRecord, SiteSpaceRecord } from "./model.ts";
import { clean, type Field, isGroup } from "./schema.ts";

type Document = Record<string, unknown>;

const themed = (color: string) => ({ light: color, dark: color });
const codeTheme = { light: "default-light", dark: "default-dark" };

/**
 * The emulator's default: every required group, with the first or plainest published value; no
 * `title`, so that the site's own title shows until one is set.
 */
export function defaultCustomization(): Document {
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

/** A favicon is an icon, an emoji, or neither: not both. */
function checkFavicon(favicon: unknown): void {
  if (favicon && typeof favicon === "object" && "icon" in favicon && "emoji" in favicon) {
    throw badRequest("favicon: must have one of icon, emoji, not both");
  }
}

/** The body of a `PUT`, checked as the whole document it replaces. */
export function checkCustomization(body: unknown): Document {
  if (body === undefined) throw badRequest("request body: required");
  const document = clean("", body, { type: "group", fields: customizationInput }) as Document;
  checkFavicon(document.favicon);
  return document;
}

export function replaceCustomization(state: EmulatorState, site: SiteRecord, document: Document): void {
  site.customization = { document, updatedAt: state.now() };
}

/** The body of a `PATCH` as leaf paths: a value sets the override, null removes it. */
export function overrideChanges(body: unknown): Map<string, unknown> {
  const checked = clean("", body ?? {}, { type: "group", fields: customizationOverride }) as Document;
  checkFavicon(checked.favicon);
  const changes = new Map<string, unknown>();
  const walk = (value: Document, fields: Record<string, Field>, prefix: string) => {
    for (const [key, item] of Object.entries(value)) {
      const spec = fields[key];
      // A group of settings is changed field by field; a nullable object (a color) is one value.
      if (isGroup(spec) && !spec.nullable && !spec.whole)
        walk(item as Document, spec.fields, `${prefix}${key}.`);
      else changes.set(`${prefix}${key}`, item);
    }
  };
  walk(checked, customizationOverride, "");
  return changes;
}

export function applyOverride(
  state: EmulatorState,
  siteSpace: SiteSpaceRecord,
  changes: Map<string, unknown>,
) {
  const overrides = new Map(siteSpace.customization?.overrides);
  for (const [path, value] of changes) {
    if (value === null) overrides.delete(path);
    else overrides.set(path, structuredClone(value));
  }
  siteSpace.customization = { overrides, updatedAt: state.now() };
}

export function clearOverride(siteSpace: SiteSpaceRecord): void {
  delete siteSpace.customization;
}

function setPath(document: Document, path: string, value: unknown): void {
  const keys = path.split(".");
  const last = keys.pop() as string;
  let at = document;
  for (const key of keys) {
    const next = at[key];
    if (typeof next !== "object" || next === null) at[key] = {};
    at = at[key] as Document;
  }
  at[last] = structuredClone(value);
}

/** SiteCustomizationSettings: the site's document, with a site space's overrides when given. */
export function renderCustomization(site: SiteRecord, siteSpace?: SiteSpaceRecord) {
  const document = structuredClone(site.customization.document);
  let updatedAt = site.customization.updatedAt;
  if (siteSpace?.customization) {
    for (const [path, value] of siteSpace.customization.overrides) setPath(document, path, value);
    if (siteSpace.customization.updatedAt > updatedAt) updatedAt = siteSpace.customization.updatedAt;
  }
  return { ...document, updatedAt: iso(updatedAt) };
}
