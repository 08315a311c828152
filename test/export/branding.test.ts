// The export's brand: the leaves several sites' customizations share word for word, written
// once under `branding:`, each site extending it with its own leaves; and every site's document
// as the brand and its own leaves make it, or nothing factored.

import { describe, expect, it } from "vitest";
import { EXPORTED_BRAND, factorBranding } from "../../src/kinds/site/branding-export.ts";
import { mergeDeep } from "../../src/kinds/site/site-customization-document.ts";

type Mapping = Record<string, unknown>;

const document = (primary: string, more: Mapping = {}): Mapping => ({
  styling: { primaryColor: { light: primary, dark: "#5B8CFF" }, font: "Inter" },
  header: { preset: "bold", links: [{ title: "Status" }] },
  favicon: {},
  ...more,
});

const body = (...customizations: (Mapping | undefined)[]): Mapping => ({
  version: 1,
  organization: "org_acme",
  sites: customizations.map((customization, at) => ({
    title: `Site ${at}`,
    ...(customization ? { customization } : {}),
  })),
  policy: { prune: [] },
});

/** Each site's document as the configuration makes it: its brand's, its own over it. */
function effective(result: Mapping): Mapping[] {
  const branding = (result.branding ?? {}) as Record<string, Mapping>;
  return (result.sites as Mapping[]).flatMap((site) => {
    if (site.customization === undefined) return [];
    const { extends: name, ...own } = site.customization as Mapping;
    return [name === undefined ? own : mergeDeep(branding[name as string]!, own)];
  });
}

describe("the export's brand", () => {
  it("writes what the sites share once, before the sites, and each site's own leaves under it", () => {
    const docs = [document("#0B5FFF", { title: "Handbook" }), document("#0E9F6E"), undefined];
    const given = body(...docs.map((doc) => doc && structuredClone(doc)));
    const result = factorBranding(given);
    expect(Object.keys(result)).toEqual(["version", "organization", "branding", "sites", "policy"]);
    expect(result.branding).toEqual({
      [EXPORTED_BRAND]: {
        styling: { primaryColor: { dark: "#5B8CFF" }, font: "Inter" },
        header: { preset: "bold", links: [{ title: "Status" }] },
        favicon: {},
      },
    });
    expect((result.sites as Mapping[]).map((site) => site.customization)).toEqual([
      { extends: EXPORTED_BRAND, styling: { primaryColor: { light: "#0B5FFF" } }, title: "Handbook" },
      { extends: EXPORTED_BRAND, styling: { primaryColor: { light: "#0E9F6E" } } },
      undefined,
    ]);
    expect(effective(result)).toEqual([docs[0], docs[1]]);
  });

  it("keeps whole a list that differs, and shares one that does not", () => {
    const other = document("#0B5FFF", { header: { preset: "bold", links: [] } });
    const result = factorBranding(body(document("#0B5FFF"), structuredClone(other)));
    expect((result.branding as Record<string, Mapping>)[EXPORTED_BRAND]!.header).toEqual({ preset: "bold" });
    expect(effective(result)).toEqual([document("#0B5FFF"), other]);
  });

  it("factors nothing for one site, for sites that share no leaf, or when a site would read otherwise", () => {
    const one = body(document("#0B5FFF"));
    expect(factorBranding(one)).toBe(one);
    const apart = body({ title: "A" }, { title: "B" });
    expect(factorBranding(apart)).toBe(apart);
    // A key with a dot cannot be named by a dotted leaf: the sites keep their whole documents.
    const dotted = body(document("#0B5FFF", { "x.y": 1 }), document("#0E9F6E", { "x.y": 1 }));
    const kept = structuredClone(dotted);
    expect(factorBranding(dotted)).toEqual(kept);
  });
});
