// The pure parts of a site's customization: its leaves, the merge of a brand and a site's own
// fields, a document with leaves set, and a site space's overrides by leaf.

import { describe, expect, it } from "vitest";
import {
  leavesOf,
  mergeDeep,
  valueAt,
  withLeaves,
} from "../../src/kinds/site/site-customization-document.ts";
import { overridesOf } from "../../src/kinds/site/site-space-customization.ts";

describe("a customization document", () => {
  it("has one leaf per scalar, list or empty mapping", () => {
    expect(
      leavesOf({
        styling: { primaryColor: { light: "#0B5FFF", dark: "#5B8CFF" }, font: "Lato" },
        header: { links: [{ title: "Status" }] },
        favicon: {},
      }),
    ).toEqual({
      "styling.primaryColor.light": "#0B5FFF",
      "styling.primaryColor.dark": "#5B8CFF",
      "styling.font": "Lato",
      "header.links": [{ title: "Status" }],
      favicon: {},
    });
  });

  it("merges a site's own fields over its brand: mappings deeply, lists replaced", () => {
    const brand = {
      styling: { primaryColor: { light: "#111111", dark: "#222222" } },
      socialAccounts: [1, 2],
    };
    const own = { styling: { primaryColor: { dark: "#333333" } }, socialAccounts: [3] };
    expect(mergeDeep(brand, own)).toEqual({
      styling: { primaryColor: { light: "#111111", dark: "#333333" } },
      socialAccounts: [3],
    });
    expect(brand.styling.primaryColor.dark).toBe("#222222");
  });

  it("sets leaves into a copy, keeping the other fields", () => {
    const live = { styling: { font: "Inter", theme: "clean" }, ai: { mode: "search" } };
    const put = withLeaves(live, { "styling.font": "Lato", "footer.copyright": "© Acme" });
    expect(put).toEqual({
      styling: { font: "Lato", theme: "clean" },
      ai: { mode: "search" },
      footer: { copyright: "© Acme" },
    });
    expect(live.styling.font).toBe("Inter");
    expect(valueAt(put, "footer.copyright")).toBe("© Acme");
    expect(valueAt(put, "styling.font.size")).toBeUndefined();
  });

  it("takes a site space's colour, list or announcement as one override", () => {
    expect(
      overridesOf({
        styling: { primaryColor: { light: "#111111", dark: "#222222" }, sidebar: { list: "pill" } },
        header: { links: [] },
        announcement: { enabled: true, message: "Hi there", style: "info" },
      }),
    ).toEqual({
      "styling.primaryColor": { light: "#111111", dark: "#222222" },
      "styling.sidebar.list": "pill",
      "header.links": [],
      announcement: { enabled: true, message: "Hi there", style: "info" },
    });
  });
});
