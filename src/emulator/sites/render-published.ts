// The published read model: the site, its navigation structure (sections in their flat order
// when it has sections, else its root site spaces), and the emulator's default customization.

import type { RequestContext } from "../core/context.ts";
import { type JsonText, jsonText } from "../core/json-text.ts";
import type { SiteRecord } from "./model.ts";
import { renderSection, renderSite, renderSiteSpace } from "./render.ts";

function defaultCustomizations(site: SiteRecord) {
  return {
    title: site.title,
    styling: {
      theme: "clean",
      primaryColor: { light: "#346DDB", dark: "#346DDB" },
      font: "Inter",
      corners: "rounded",
    },
    internationalization: { locale: "en" },
    favicon: {},
    header: { preset: "default", links: [] },
    footer: { groups: [] },
    announcement: { enabled: false },
    themes: { default: "light", toggeable: true },
    pdf: { enabled: true },
    feedback: { enabled: false },
    aiSearch: { enabled: true },
  };
}

export function renderPublished(ctx: RequestContext, site: SiteRecord): JsonText {
  const structure =
    site.sections.length > 0
      ? { type: "sections", structure: site.sections.map((section) => renderSection(ctx, site, section)) }
      : {
          type: "siteSpaces",
          structure: site.root.siteSpaces.map((siteSpace) =>
            renderSiteSpace(ctx, site, siteSpace, site.root, undefined),
          ),
        };
  return jsonText({
    object: "published-content-site",
    site: renderSite(ctx, site),
    structure,
    customizations: { site: defaultCustomizations(site) },
  });
}
