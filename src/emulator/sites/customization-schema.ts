// A site's customization as the published description has it: the whole document a `PUT` takes
// (SiteCustomizationSettingsInput: every group without `?` required), and the override a site
// space's `PATCH` takes (every field optional, null removes the override). Field names, bounds,
// patterns and enumerations are the published ones; `format uri` is an absolute http(s) URL.

import type { Field, Spec } from "./schema.ts";

const COLOR = /^#(?:[0-9a-fA-F]{3}){1,2}$/;
const req = <T extends Spec>(spec: T): T & { required: true } => ({ ...spec, required: true });
const opt = <T extends Spec>(spec: T): T & { nullable: true } =>
  ({ ...spec, nullable: true }) as T & {
    nullable: true;
  };
const group = (fields: Record<string, Field>): Spec => ({ type: "group", fields });
const oneOf = (...values: string[]): Spec => ({ type: "enum", values });
const string = (min?: number, max?: number): Spec => ({ type: "string", min, max });
const uri: Spec = { type: "url", max: 2048 };
const boolean: Spec = { type: "boolean" };
const localized = (max?: number): Spec => ({ type: "map", values: string(undefined, max) });

const colorValue: Spec = { type: "string", pattern: COLOR, patternText: "^#(?:[0-9a-fA-F]{3}){1,2}$" };
export const themedColor = group({ light: req(colorValue), dark: req(colorValue) });
const themedUrl = group({ light: req(uri), dark: req(uri) });

export const CODE_THEMES = [
  ...["default-light", "default-dark", "monochrome-light", "monochrome-dark", "andromeeda", "aurora-x"],
  ...["ayu-dark", "catppuccin-frappe", "catppuccin-latte", "catppuccin-macchiato", "catppuccin-mocha"],
  ...["dark-plus", "dracula", "dracula-soft", "everforest-dark", "everforest-light", "github-dark"],
  ...["github-dark-default", "github-dark-dimmed", "github-dark-high-contrast", "github-light"],
  ...["github-light-default", "github-light-high-contrast", "gruvbox-dark-hard", "gruvbox-dark-medium"],
  ...["gruvbox-dark-soft", "gruvbox-light-hard", "gruvbox-light-medium", "gruvbox-light-soft", "houston"],
  ...["kanagawa-dragon", "kanagawa-lotus", "kanagawa-wave", "laserwave", "light-plus", "material-theme"],
  ...["material-theme-darker", "material-theme-lighter", "material-theme-ocean"],
  ...["material-theme-palenight", "min-dark", "min-light", "monokai", "night-owl", "nord", "one-dark-pro"],
  ...["one-light", "plastic", "poimandres", "red", "rose-pine", "rose-pine-dawn", "rose-pine-moon"],
  ...["slack-dark", "slack-ochin", "snazzy-light", "solarized-dark", "solarized-light", "synthwave-84"],
  ...["tokyo-night", "vesper", "vitesse-black", "vitesse-dark", "vitesse-light"],
];
const codeTheme = group({ light: req(oneOf(...CODE_THEMES)), dark: req(oneOf(...CODE_THEMES)) });

const DEFAULT_FONTS = [
  ...["ABCFavorit", "Inter", "Roboto", "RobotoSlab", "OpenSans", "SourceSansPro", "Lato", "Ubuntu"],
  ...["Raleway", "Merriweather", "Overpass", "NotoSans", "IBMPlexSerif", "Poppins", "FiraSans"],
];
const MONOSPACE_FONTS = [
  ...["FiraCode", "IBMPlexMono", "JetBrainsMono", "SourceCodePro", "RobotoMono", "SpaceMono", "DMMono"],
  "Inconsolata",
];
const fontDefinition = group({
  id: req(string()),
  custom: req(boolean),
  fontFamily: req(string(1, 50)),
  fontFaces: req({
    type: "list",
    min: 1,
    items: group({
      weight: req({ type: "number", integer: true, min: 1, max: 1000 }),
      sources: req({
        type: "list",
        min: 1,
        items: group({ url: req(uri), format: oneOf("woff2", "woff") }),
      }),
    }),
  }),
});
const font = (names: string[]): Spec => ({
  type: "either",
  specs: [oneOf(...names), fontDefinition],
  describe: `one of ${names.join(", ")}, or a font definition {id, custom, fontFamily, fontFaces}`,
});

const withSpace = { space: string() };
export const contentRef: Spec = {
  type: "tagged",
  tag: "kind",
  forms: {
    file: { file: req(string()), ...withSpace },
    url: { url: req(string()) },
    page: { page: req(string()), ...withSpace },
    anchor: { anchor: req(string()), ...withSpace, page: string() },
    user: { user: req(string()) },
    collection: { collection: req(string()) },
    space: { space: req(string()) },
    "reusable-content": { reusableContent: req(string()), ...withSpace },
    tag: { tag: req(string()), ...withSpace },
    openapi: { spec: req(string()) },
  },
};
const contentLink = group({
  title: req(string(undefined, 64)),
  localizedTitle: localized(64),
  to: req(contentRef),
});

/** `{icon}`, `{emoji}` or `{}` (no favicon of its own). */
const favicon: Spec = group({ icon: themedUrl, emoji: string(undefined, 50) });

const announcement: Spec = {
  type: "group",
  whole: true,
  fields: {
    enabled: req(boolean),
    message: req(string(2, 128)),
    localizedMessage: localized(128),
    link: contentLink,
    style: req(oneOf("info", "warning", "danger", "success")),
  },
};

const headerItem = group({
  title: req(string()),
  localizedTitle: localized(),
  style: oneOf("link", "button-primary", "button-secondary"),
  to: req(opt(contentRef)),
  links: req({ type: "list", items: contentLink }),
  condition: string(0, 1024),
});
const footerGroup = group({
  title: req(string()),
  localizedTitle: localized(),
  links: req({ type: "list", items: contentLink }),
});

const SOCIAL_PLATFORMS = [
  ...["twitter", "instagram", "facebook", "linkedin", "github", "discord", "slack", "youtube"],
  ...["tiktok", "reddit", "bluesky", "mastodon", "threads", "medium"],
];

export const THEMES = ["clean", "muted", "bold", "gradient"];
export const CORNERS = ["straight", "rounded", "circular"];
export const DEPTHS = ["subtle", "flat"];
export const LINK_STYLES = ["default", "accent"];
export const ICON_STYLES = ["regular", "solid", "duotone", "light", "thin"];
export const SIDEBAR_BACKGROUNDS = ["default", "filled"];
export const SIDEBAR_LISTS = ["default", "pill", "line"];
export const SEARCH_STYLES = ["prominent", "subtle"];
export const BACKGROUNDS = ["plain", "match"];
export const LOCALES = ["en", "fr", "es", "zh", "ja", "de", "nl", "no", "pt-br", "ru"];
export const HEADER_PRESETS = ["default", "bold", "contrast", "custom", "none"];
export const COLOR_THEMES = ["light", "dark", "system"];
export const LINK_TARGETS = ["self", "blank"];

/** SiteCustomizationSettingsInput: what `PUT …/customization` takes, whole. */
export const customizationInput: Record<string, Field> = {
  title: string(2, 128),
  localizedTitle: localized(128),
  styling: req(
    group({
      theme: req(oneOf(...THEMES)),
      primaryColor: req(themedColor),
      tint: group({ color: req(themedColor) }),
      infoColor: req(themedColor),
      successColor: req(themedColor),
      warningColor: req(themedColor),
      dangerColor: req(themedColor),
      corners: req(oneOf(...CORNERS)),
      depth: req(oneOf(...DEPTHS)),
      links: req(oneOf(...LINK_STYLES)),
      font: req(font(DEFAULT_FONTS)),
      headingFont: opt(font(DEFAULT_FONTS)),
      monospaceFont: req(font(MONOSPACE_FONTS)),
      background: req(oneOf(...BACKGROUNDS)),
      icons: req(oneOf(...ICON_STYLES)),
      codeTheme: req(group({ default: req(codeTheme), openapi: req(codeTheme) })),
      sidebar: req(
        group({ background: req(oneOf(...SIDEBAR_BACKGROUNDS)), list: req(oneOf(...SIDEBAR_LISTS)) }),
      ),
      search: req(oneOf(...SEARCH_STYLES)),
    }),
  ),
  internationalization: req(group({ locale: req(oneOf(...LOCALES)) })),
  favicon: req(favicon),
  header: req(
    group({
      preset: req(oneOf(...HEADER_PRESETS)),
      logo: themedUrl,
      primaryLink: contentRef,
      backgroundColor: themedColor,
      linkColor: themedColor,
      links: req({ type: "list", items: headerItem }),
    }),
  ),
  footer: req(
    group({
      logo: themedUrl,
      groups: req({ type: "list", items: footerGroup }),
      copyright: string(undefined, 512),
    }),
  ),
  announcement,
  themes: req(group({ default: req(oneOf(...COLOR_THEMES)), toggeable: req(boolean) })),
  feedback: req(group({ enabled: req(boolean) })),
  ai: req(
    group({
      mode: req(oneOf("none", "search", "assistant")),
      greeting: string(undefined, 256),
      localizedGreeting: localized(128),
      suggestions: { type: "list", max: 5, items: string(3, 64) },
      instructions: string(undefined, 10000),
    }),
  ),
  advancedCustomization: req(group({ enabled: req(boolean) })),
  pageActions: req(
    group({
      items: req({ type: "list", items: oneOf("assistant", "external-ai", "markdown", "mcp", "git", "pdf") }),
    }),
  ),
  externalLinks: req(group({ target: req(oneOf(...LINK_TARGETS)) })),
  pagination: req(group({ enabled: req(boolean) })),
  trademark: req(group({ enabled: req(boolean) })),
  privacyPolicy: req(group({ url: uri })),
  socialPreview: req(group({ url: uri })),
  socialAccounts: req({
    type: "list",
    max: 10,
    items: group({
      platform: req(oneOf(...SOCIAL_PLATFORMS)),
      handle: req(string(1, 128)),
      display: req(group({ footer: req(boolean), header: req(boolean) })),
    }),
  }),
  insights: req(group({ trackingCookie: req(boolean) })),
};

const nullable = (spec: Spec): Spec => opt(spec);
const nullableEnum = (values: string[]): Spec => opt(oneOf(...values));

/** The override `PATCH …/site-spaces/{id}/customization` takes: null removes one override. */
export const customizationOverride: Record<string, Field> = {
  title: nullable(string(2, 128)),
  localizedTitle: nullable(localized(128)),
  styling: group({
    theme: nullableEnum(THEMES),
    primaryColor: nullable(themedColor),
    infoColor: nullable(themedColor),
    successColor: nullable(themedColor),
    warningColor: nullable(themedColor),
    dangerColor: nullable(themedColor),
    tint: nullable(group({ color: req(themedColor) })),
    corners: nullableEnum(CORNERS),
    depth: nullableEnum(DEPTHS),
    links: nullableEnum(LINK_STYLES),
    icons: nullableEnum(ICON_STYLES),
    sidebar: group({ background: nullableEnum(SIDEBAR_BACKGROUNDS), list: nullableEnum(SIDEBAR_LISTS) }),
    search: nullableEnum(SEARCH_STYLES),
    background: nullableEnum(BACKGROUNDS),
    codeTheme: group({ default: nullable(codeTheme), openapi: nullable(codeTheme) }),
  }),
  internationalization: group({ locale: req(nullableEnum(LOCALES)) }),
  favicon: nullable(favicon),
  announcement,
  header: group({
    preset: nullableEnum(HEADER_PRESETS),
    logo: nullable(themedUrl),
    primaryLink: nullable(contentRef),
    backgroundColor: nullable(themedColor),
    linkColor: nullable(themedColor),
    links: nullable({ type: "list", items: headerItem }),
  }),
  footer: group({
    logo: nullable(themedUrl),
    groups: nullable({ type: "list", items: footerGroup }),
    copyright: nullable(string(undefined, 512)),
  }),
  themes: group({ default: nullableEnum(COLOR_THEMES), toggeable: nullable(boolean) }),
  feedback: group({ enabled: req(nullable(boolean)) }),
  externalLinks: group({ target: req(nullableEnum(LINK_TARGETS)) }),
  pagination: group({ enabled: req(nullable(boolean)) }),
  trademark: group({ enabled: req(nullable(boolean)) }),
  privacyPolicy: group({ url: nullable(uri) }),
  socialPreview: group({ url: nullable(uri) }),
};
