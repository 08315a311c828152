// Site spaces, section groups, redirects and the site's own settings.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiveRedirect } from "../../src/kinds/site/redirect.ts";
import type { LiveSection } from "../../src/kinds/site/section.ts";
import type { LiveSectionGroup } from "../../src/kinds/site/section-group.ts";
import type { LiveSite } from "../../src/kinds/site/site.ts";
import type { LiveSiteSpace } from "../../src/kinds/site/site-space.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";

const HEADER = `version: 1
organization: \${DOCSYNC_ORG}
spaces: { handbook: spc_handbook, guides: spc_guides, api1: spc_api_v1, api2: spc_api_v2, sdk: spc_sdk }
`;

describe("site structure", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  const site = async () => (await h.api.list<LiveSite>(`/orgs/${h.org}/sites`))[0]!;
  const list = async <T>(what: string) => h.api.list<T>(`/orgs/${h.org}/sites/${(await site()).id}/${what}`);

  it("manages root site spaces: create, condition, default, reorder, another space, delete", async () => {
    const v1 = `${HEADER}sites:
  - title: Handbook
    siteSpaces:
      - { space: handbook, path: handbook, default: true }
      - { space: guides, path: guides, condition: visitor.claims.beta == true }
      - { space: sdk, path: sdk }
`;
    await applied(h, await h.config(v1));
    let spaces = await list<LiveSiteSpace>("site-spaces");
    expect(spaces.map((s) => [s.path, s.space.id, s.default, s.condition ?? null])).toEqual([
      ["handbook", "spc_handbook", true, null],
      ["guides", "spc_guides", false, "visitor.claims.beta == true"],
      ["sdk", "spc_sdk", false, null],
    ]);

    const v2 = `${HEADER}sites:
  - title: Handbook
    siteSpaces:
      - { space: api2, path: sdk }
      - { space: handbook, path: handbook }
      - { space: guides, path: guides, condition: null, default: true }
`;
    const plan = await h.run(["plan", "-c", await h.config(v2)]);
    // A site space is its space: another space at the same path is another site space.
    // The delete comes first, with the path that goes; the new site space's place is part of its create.
    expect(plan.stdout).toContain(
      'Deletes, replacements and high-risk changes (1):\n  site "Handbook"\n    - site space "sdk": path "sdk"\n',
    );
    expect(plan.stdout).toContain(
      'Other changes (2):\n  site "Handbook"\n    + site space "api2": path "sdk"  (placed before site space "handbook")\n',
    );
    expect(plan.stdout).toContain(
      '    ~ site space "guides": condition "visitor.claims.beta == true" ⇒ (removed), default false ⇒ true\n',
    );
    expect(plan.stdout).toContain(
      [
        '    site "Handbook"',
        '  + ├─ site space "api2": path "sdk"  (new)',
        '  ~ ├─ site space "handbook": path "handbook"  (no longer the default)',
        '  ~ ├─ site space "guides": path "guides", default  (now the default)',
        '  - └─ site space "sdk": path "sdk"  (removed)',
      ].join("\n"),
    );
    await applied(h, await h.config(v2));
    spaces = await list<LiveSiteSpace>("site-spaces");
    expect(spaces.map((s) => [s.path, s.space.id, s.default, s.condition ?? null])).toEqual([
      ["sdk", "spc_api_v2", false, null],
      ["handbook", "spc_handbook", false, null],
      ["guides", "spc_guides", true, null],
    ]);
  });

  it("changes a site space's path in place, and swaps two paths with a temporary one", async () => {
    const v1 = `${HEADER}sites:
  - title: Handbook
    siteSpaces:
      - { space: handbook, path: handbook }
      - { space: guides, path: guides }
`;
    await applied(h, await h.config(v1));
    const before = await list<LiveSiteSpace>("site-spaces");
    const swapped = v1
      .replace("path: handbook", "path: tmp")
      .replace("path: guides", "path: handbook")
      .replace("path: tmp", "path: guides");
    const plan = await h.run(["plan", "-c", await h.config(swapped)]);
    expect(plan.stdout).toContain(
      '    ~ site space "handbook"  (by way of a temporary value: it exchanges values with another item)\n        path: "handbook" ⇒ "guides"\n',
    );
    expect(plan.stdout).toContain('    ~ site space "guides": path "guides" ⇒ "handbook"\n');
    expect(plan.stdout).toContain('  ~ └─ site space "guides": path "handbook"  (path was "guides")\n');
    h.emulator.resetLog();
    await applied(h, await h.config(swapped));
    const patches = h.emulator.requests.filter((entry) => entry.method === "PATCH");
    expect(patches).toHaveLength(3);
    const after = await list<LiveSiteSpace>("site-spaces");
    expect(after.map((s) => [s.id, s.space.id, s.path])).toEqual(
      before.map((s) => [s.id, s.space.id, s.space.id === "spc_handbook" ? "guides" : "handbook"]),
    );
  });

  it("manages section groups and their membership", async () => {
    const config = (groups: string) => `${HEADER}sites:
  - title: Docs
    sections:
${groups}`;
    const sec = (p: string, space: string) =>
      `          - path: ${p}\n            title: Section ${p}\n            siteSpaces: [{ space: ${space}, path: ${space} }]\n`;
    const v1 = config(
      `      - group: Developers\n        icon: code\n        sections:\n${sec("api", "api2")}${sec("sdk", "sdk")}      - group: Users\n        sections:\n${sec("guides", "guides")}`,
    );
    await applied(h, await h.config(v1));
    let groups = await list<LiveSectionGroup>("section-groups");
    expect(
      groups.map((g) => [g.title, g.icon ?? null, g.sections.map((s) => (s as LiveSection).path)]),
    ).toEqual([
      ["Developers", "code", ["api", "sdk"]],
      ["Users", null, ["guides"]],
    ]);
    // sdk moves to Users, the Developers group is renamed, guides leaves its group.
    const v2 = config(
      `      - group: Engineers\n        was: Developers\n        icon: code\n        sections:\n${sec("api", "api2")}      - group: Users\n        sections:\n${sec("sdk", "sdk")}      - path: guides\n        title: Section guides\n        siteSpaces: [{ space: guides, path: guides }]\n`,
    );
    const plan = await h.run(["plan", "-c", await h.config(v2)]);
    expect(plan.stdout).toContain(
      '    ~ group "Engineers": title "Developers" ⇒ "Engineers", sections ["api","sdk"] ⇒ ["api"]  (renamed from "Developers")\n',
    );
    expect(plan.stdout).toContain('    ~ group "Users": sections ["guides"] ⇒ ["sdk"]\n');
    // The tree shows where each section stands after the plan, and where it stood.
    expect(plan.stdout).toContain(
      [
        '    site "Docs"',
        '  ~ ├─ group "Engineers"  (renamed from "Developers")',
        '    │  └─ section "api": title "Section api"',
        '    │     └─ site space "api2": path "api2"',
        '  ~ ├─ group "Users"  (changed)',
        '  ↕ │  └─ section "sdk": title "Section sdk"  (moved from group "Developers")',
        '    │     └─ site space "sdk": path "sdk"',
        '  ↕ └─ section "guides": title "Section guides"  (moved from group "Users")',
      ].join("\n"),
    );
    await applied(h, await h.config(v2));
    groups = await list<LiveSectionGroup>("section-groups");
    expect(groups.map((g) => [g.title, g.sections.map((s) => (s as LiveSection).path)])).toEqual([
      ["Engineers", ["api"]],
      ["Users", ["sdk"]],
    ]);
    expect(
      (await list<LiveSection>("sections")).find((s) => s.path === "guides")?.sectionGroup ?? null,
    ).toBeNull();
  });

  it("manages redirects to sections and raw destinations, and orders section deletes after them", async () => {
    const v1 = `${HEADER}sites:
  - title: Docs
    sections:
      - { path: guides, title: Guides, siteSpaces: [{ space: guides, path: guides }] }
      - { path: old, title: Old, siteSpaces: [{ space: sdk, path: sdk }] }
    redirects:
      - { source: /start, to: { section: guides } }
      - { source: /legacy, to: { section: old } }
      - { source: /status, destination: { kind: external, url: "https://status.acme.example" } }
`;
    await applied(h, await h.config(v1));
    const sections = await list<LiveSection>("sections");
    const id = (p: string) => sections.find((s) => s.path === p)!.id;
    // Redirects have no order: they are created concurrently.
    const bySource = (redirects: LiveRedirect[]) =>
      redirects
        .map((r) => [r.source, r.destination])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    let redirects = await list<LiveRedirect>("redirects");
    expect(bySource(redirects)).toEqual([
      ["/legacy", { kind: "site-section", siteSectionId: id("old") }],
      ["/start", { kind: "site-section", siteSectionId: id("guides") }],
      ["/status", { kind: "external", url: "https://status.acme.example" }],
    ]);
    // The old section goes; its redirect must be repointed first (the API refuses otherwise).
    const v2 = `${HEADER}sites:
  - title: Docs
    sections:
      - { path: guides, title: Guides, siteSpaces: [{ space: guides, path: guides }] }
    redirects:
      - { source: /begin, was: /start, to: { section: guides } }
      - { source: /legacy, to: { section: guides } }
`;
    const plan = await h.run(["plan", "-c", await h.config(v2)]);
    expect(plan.stdout).toContain(
      [
        "Deletes, replacements and high-risk changes (2):",
        '  site "Docs"',
        '    - section "old": title "Old"',
        '        ↳ deletes site "Docs" › section "old" › site space "sdk"',
        "    - redirect /status → https://status.acme.example",
        "",
        "Other changes (2):",
        '  site "Docs"',
        '    ~ redirect /begin: source "/start" ⇒ "/begin"  (renamed from "/start")',
        '    ~ redirect /legacy: section "old" ⇒ section "guides"',
      ].join("\n"),
    );
    expect(plan.stdout).toContain(
      "Plan: 0 to create, 2 to update (2 redirects), 0 to move, 2 to delete (1 section, 1 redirect).",
    );
    await applied(h, await h.config(v2));
    redirects = await list<LiveRedirect>("redirects");
    expect(bySource(redirects)).toEqual([
      ["/begin", { kind: "site-section", siteSectionId: id("guides") }],
      ["/legacy", { kind: "site-section", siteSectionId: id("guides") }],
    ]);
  });

  it("sets the site's settings and adaptive schema", async () => {
    const v1 = `${HEADER}sites:
  - title: Docs
    visibility: unlisted
    basename: docs
    proxy: https://acme.example/docs
    adaptiveContent: { enabled: true }
    adaptiveSchema:
      properties:
        plan: { type: string, description: Visitor plan }
      additionalProperties: false
`;
    await applied(h, await h.config(v1));
    const live = await site();
    expect(live).toMatchObject({
      title: "Docs",
      visibility: "unlisted",
      basename: "docs",
      adaptiveContent: { enabled: true },
    });
    expect(live.proxy?.origin).toBe("acme.example/docs");
    const schema = await h.api.get<{ jsonSchema: unknown }>(
      `/orgs/${h.org}/sites/${live.id}/adaptive-schema`,
    );
    expect(schema.jsonSchema).toEqual({
      type: "object",
      properties: { plan: { type: "string", description: "Visitor plan" } },
      additionalProperties: false,
    });

    const v2 = `${HEADER}sites:
  - title: Product docs
    was: Docs
    visibility: public
    proxy: null
`;
    const plan = await h.run(["plan", "-c", await h.config(v2)]);
    expect(plan.stdout).toContain(
      '  ~ site "Product docs"  (renamed from "Docs")\n      title: "Docs" ⇒ "Product docs"\n      visibility: "unlisted" ⇒ "public"\n      proxy: "acme.example/docs" ⇒ (removed)\n',
    );
    await applied(h, await h.config(v2));
    const after = await site();
    expect(after).toMatchObject({
      id: live.id,
      title: "Product docs",
      visibility: "public",
      basename: "docs",
    });
    expect(after.proxy ?? null).toBeNull();
  });
});
