// The objects of a site's branding, navigation links, audience and permissions as the service
// publishes them (design/published-site.md), as JSON Schemas in the form of objects.ts.

import {
  arrayOf,
  boolean,
  constant,
  object,
  oneOfValues,
  ref,
  type Schema,
  string,
  taggedUnion,
  timestamp,
  url,
} from "./objects.ts";

const color: Schema = { type: "string", pattern: "^#(?:[0-9a-fA-F]{3}){1,2}$" };
const themedColor = object({ light: color, dark: color });
const codeTheme = object({ light: string, dark: string });
const enabled = object({ enabled: boolean });
const localized: Schema = { type: "object", additionalProperties: string };

/** SiteCustomizationSettings: every group the published description requires, closed. */
const customization = object(
  {
    styling: object(
      {
        theme: oneOfValues("clean", "muted", "bold", "gradient"),
        primaryColor: themedColor,
        infoColor: themedColor,
        successColor: themedColor,
        warningColor: themedColor,
        dangerColor: themedColor,
        corners: oneOfValues("straight", "rounded", "circular"),
        depth: oneOfValues("subtle", "flat"),
        links: oneOfValues("default", "accent"),
        font: {},
        monospaceFont: {},
        background: oneOfValues("plain", "match"),
        icons: oneOfValues("regular", "solid", "duotone", "light", "thin"),
        codeTheme: object({ default: codeTheme, openapi: codeTheme }),
        sidebar: object({
          background: oneOfValues("default", "filled"),
          list: oneOfValues("default", "pill", "line"),
        }),
        search: oneOfValues("prominent", "subtle"),
      },
      { tint: object({ color: themedColor }), headingFont: {} },
    ),
    internationalization: object({
      locale: oneOfValues("en", "fr", "es", "zh", "ja", "de", "nl", "no", "pt-br", "ru"),
    }),
    favicon: { type: "object" },
    header: object(
      {
        preset: oneOfValues("default", "bold", "contrast", "custom", "none"),
        links: arrayOf({ type: "object" }),
      },
      {
        logo: object({ light: url, dark: url }),
        primaryLink: { type: "object" },
        backgroundColor: themedColor,
        linkColor: themedColor,
      },
    ),
    footer: object(
      { groups: arrayOf({ type: "object" }) },
      { logo: object({ light: url, dark: url }), copyright: string },
    ),
    themes: object({ default: oneOfValues("light", "dark", "system"), toggeable: boolean }),
    feedback: enabled,
    ai: object(
      { mode: oneOfValues("none", "search", "assistant") },
      { greeting: string, localizedGreeting: localized, suggestions: arrayOf(string), instructions: string },
    ),
    advancedCustomization: enabled,
    pageActions: object({ items: arrayOf(string) }),
    externalLinks: object({ target: oneOfValues("self", "blank") }),
    pagination: enabled,
    trademark: enabled,
    privacyPolicy: object({}, { url }),
    socialPreview: object({}, { url }),
    socialAccounts: arrayOf({ type: "object" }, { maxItems: 10 }),
    insights: object({ trackingCookie: boolean }),
  },
  { title: string, localizedTitle: localized, announcement: { type: "object" }, updatedAt: timestamp },
);

export const siteDefinitions: Record<string, Schema> = {
  SiteCustomizationSettings: customization,
  SiteExternalLink: object(
    { object: constant("site-external-link"), id: string, title: string, url, draft: boolean },
    {
      localizedTitle: localized,
      description: string,
      localizedDescription: localized,
      icon: string,
      sectionGroup: string,
      condition: string,
    },
  ),
  SiteStructure: taggedUnion("type", [
    object({
      type: constant("sections"),
      structure: arrayOf(
        taggedUnion("object", [ref("SiteSection"), ref("SiteSectionGroup"), ref("SiteExternalLink")]),
      ),
    }),
    object({ type: constant("siteSpaces"), structure: arrayOf(ref("SiteSpace")) }),
  ]),
  SiteStructureItem: taggedUnion("object", [
    ref("SiteSpace"),
    ref("SiteSection"),
    ref("SiteSectionGroup"),
    ref("SiteExternalLink"),
  ]),
  PublishAnswer: {
    oneOf: [ref("Site"), object({ type: constant("checkout"), sessionId: string })],
  },
  ShareLink: object(
    {
      object: constant("share-link"),
      id: string,
      createdAt: timestamp,
      urls: object({}, { published: url }),
    },
    { name: string, active: boolean },
  ),
  SitePublishingAuth: object(
    {
      object: constant("publishing-auth"),
      backend: oneOfValues("custom", "integration"),
      privateKey: string,
    },
    { fallbackURL: url, logoutURL: url, integration: string },
  ),
  TeamSitePermission: object({ permission: ref("RoleOrGuest"), team: ref("Team") }),
  UserSitePermission: object({ permission: ref("RoleOrGuest"), user: ref("User") }),
};
