// A brand edit read from a plan's changes: the leaves one brand gives several sites, once, with
// the sites they change; a site's own leaves stay on the site; nothing else is touched.

import { describe, expect, it } from "vitest";
import type { Change, FieldChange } from "../../src/model/plan.ts";
import { brandChanges, brandLines, leafSides } from "../../src/render/brands.ts";

const font: FieldChange = { field: "styling.font", from: "Inter", to: "Lato", brand: "acme" };
const light = (to: string, brand?: string): FieldChange => ({
  field: "styling.primaryColor.light",
  from: "#0B5FFF",
  to,
  ...(brand ? { brand } : {}),
});

let ids = 0;
function customization(site: string, fields: FieldChange[], more: Partial<Change> = {}): Change {
  ids++;
  return {
    id: `c${ids}`,
    action: "update",
    kind: "customization",
    address: `site "${site}" › customization "site"`,
    name: "site",
    parents: [`site "${site}"`],
    fields,
    calls: [`k${ids}`],
    ...more,
  };
}

describe("brand edits", () => {
  it("shows a leaf the brand gives every site once, and keeps each site's own leaves on the site", () => {
    const a = customization("A", [light("#1A4FD0", "acme"), font]);
    const b = customization("B", [font, { field: "announcement.message", from: "v4", to: "v5" }]);
    const c = customization("C", [font]);
    const { brands, rest } = brandChanges([a, b, c]);
    expect(brands).toHaveLength(1);
    const [edit] = brands;
    expect(edit!.targets).toEqual(['site "A"', 'site "B"', 'site "C"']);
    expect(edit!.calls).toBe(3);
    expect(brandLines(edit!)).toEqual({
      head: '~ brand "acme"  (applied to site "A", site "B", site "C": 3 calls, one each)',
      values: [
        'styling.primaryColor.light: "#0B5FFF" ⇒ "#1A4FD0"  (only site "A")',
        'styling.font: "Inter" ⇒ "Lato"',
      ],
    });
    // B keeps its own change, with its call; A and C have nothing of their own.
    expect(rest).toEqual([{ ...b, fields: [{ field: "announcement.message", from: "v4", to: "v5" }] }]);
  });

  it("tells apart a leaf that changes otherwise on one site (changed there by hand)", () => {
    const a = customization("A", [font]);
    const b = customization("B", [{ ...font, from: "Roboto" }]);
    const [edit] = brandChanges([a, b]).brands;
    expect(brandLines(edit!).values).toEqual([
      'styling.font: "Inter" ⇒ "Lato"  (only site "A")',
      'styling.font: "Roboto" ⇒ "Lato"  (only site "B")',
    ]);
  });

  it("leaves alone a site's own colour, a new site's customization and a blocked change", () => {
    const own = customization("A", [light("#0E9F6E")]);
    const created = customization("B", [font], { action: "create" });
    const blocked = customization("C", [font], { blocked: "protected" });
    const other: Change = { ...customization("D", []), kind: "site", fields: [{ field: "title", to: "D" }] };
    const changes = [own, created, blocked, other];
    expect(brandChanges(changes)).toEqual({ brands: [], rest: changes });
  });

  it("reads a leaf's values as a designer does: a colour, a font, a URL as they are; a secret never", () => {
    expect(leafSides(light("#1A4FD0"))).toEqual({ from: "#0B5FFF", to: "#1A4FD0" });
    expect(leafSides({ field: "header.links", to: [] })).toEqual({ from: "(not set)", to: "[]" });
    expect(leafSides({ field: "favicon.icon", from: "https://x.example/f.ico" })).toEqual({
      from: "https://x.example/f.ico",
      to: "(removed)",
    });
    expect(leafSides({ field: "ai.greeting", from: "a", to: "b", sensitive: true })).toEqual({
      from: "(sensitive)",
      to: "(sensitive)",
    });
  });
});
