import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiveSection } from "../../src/kinds/site/section.ts";
import type { LiveSite } from "../../src/kinds/site/site.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";

const SPACES =
  "spaces: { guides: spc_guides, api1: spc_api_v1, api2: spc_api_v2, sdk: spc_sdk, changelog: spc_changelog }";

function siteConfig(sections: string, extra = ""): string {
  return `version: 1
organization: \${DOCSYNC_ORG}
${SPACES}
sites:
  - title: Docs
    sections:
${sections}
${extra}`;
}

const section = (path: string, title: string, space: string, more = "") =>
  `      - path: ${path}\n        title: ${title}\n${more}        siteSpaces:\n          - { space: ${space}, path: ${space} }\n`;

describe("sections", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  const liveSections = async () => {
    const [site] = await h.api.list<LiveSite>(`/orgs/${h.org}/sites`);
    return h.api.list<LiveSection>(`/orgs/${h.org}/sites/${site!.id}/sections`);
  };

  it("creates sections in order with their site spaces, then finds nothing to do", async () => {
    const path = await h.config(
      siteConfig(
        section("guides", "Guides", "guides", "        icon: book-open\n") +
          section("api", "API reference", "api2") +
          section("sdk", "SDK", "sdk"),
      ),
    );
    const plan = await h.run(["plan", "-c", path]);
    expect(plan.code).toBe(0);
    // Each change one line, under the item it is in.
    expect(plan.stdout).toContain(
      [
        '  + site "Docs"',
        '    + section "guides": title "Guides", icon "book-open"',
        '      + site space "guides": path "guides"',
        '    + section "api": title "API reference"',
        '      + site space "api2": path "api2"',
      ].join("\n"),
    );
    // The navigation after the plan, as a tree.
    expect(plan.stdout).toContain(
      [
        'Navigation of site "Docs" after this plan:',
        '  + site "Docs"  (new)',
        '  + ├─ section "guides": title "Guides", default',
        '  + │  └─ site space "guides": path "guides"',
        '  + ├─ section "api": title "API reference"',
        '  + │  └─ site space "api2": path "api2"',
        '  + └─ section "sdk": title "SDK"',
        '  +    └─ site space "sdk": path "sdk"',
      ].join("\n"),
    );
    expect(plan.stdout).toContain(
      "Plan: 7 to create (3 sections, 3 site spaces, 1 site), 0 to update, 0 to move, 0 to delete.",
    );

    await applied(h, path);
    const sections = await liveSections();
    expect(sections.map((s) => [s.path, s.title, s.icon ?? null])).toEqual([
      ["guides", "Guides", "book-open"],
      ["api", "API reference", null],
      ["sdk", "SDK", null],
    ]);
    expect(sections.map((s) => s.siteSpaces.map((ss) => [ss.path, ss.space.id]))).toEqual([
      [["guides", "spc_guides"]],
      [["api2", "spc_api_v2"]],
      [["sdk", "spc_sdk"]],
    ]);

    h.emulator.resetLog();
    const again = await h.run(["plan", "-c", path, "--detailed-exitcode"]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("No changes: live state matches the configuration.");
    expect(h.writes()).toBe(0);
  });

  it("updates only the fields the configuration sets", async () => {
    await applied(
      h,
      await h.config(siteConfig(section("guides", "Guides", "guides", "        description: How to\n"))),
    );
    const path = await h.config(siteConfig(section("guides", "User guides", "guides")));
    const plan = await h.run(["plan", "-c", path]);
    expect(plan.stdout).toContain('  site "Docs"\n    ~ section "guides": title "Guides" ⇒ "User guides"\n');
    expect(plan.stdout).toContain('  ~ └─ section "guides": title "User guides"  (title was "Guides")\n');
    expect(plan.stdout).toContain("Plan: 0 to create, 1 to update (1 section), 0 to move, 0 to delete.");
    h.emulator.resetLog();
    await applied(h, path);
    const [guides] = await liveSections();
    expect(guides).toMatchObject({ title: "User guides", description: "How to" });
  });

  it("renames a section with `was`, keeping its id", async () => {
    await applied(h, await h.config(siteConfig(section("reference", "Reference", "api2"))));
    const [before] = await liveSections();
    const path = await h.config(siteConfig(section("api", "Reference", "api2", "        was: reference\n")));
    const plan = await h.run(["plan", "-c", path]);
    expect(plan.stdout).toContain(
      '    ~ section "api": path "reference" ⇒ "api"  (renamed from "reference")\n',
    );
    expect(plan.stdout).toContain('  ~ └─ section "api": title "Reference"  (renamed from "reference")\n');
    await applied(h, path);
    const [after] = await liveSections();
    expect(after).toMatchObject({ id: before!.id, path: "api" });
  });

  it("reorders with the fewest moves", async () => {
    const all = ["a", "b", "c", "d", "e"].map((p) => section(p, `Section ${p}`, "guides"));
    await applied(h, await h.config(siteConfig(all.join(""))));
    // a b c d e → e a b c d: one move keeps a, b, c, d in place.
    const path = await h.config(siteConfig([all[4], ...all.slice(0, 4)].join("")));
    const plan = await h.run(["plan", "-c", path]);
    // A move says where the section was and where it goes.
    expect(plan.stdout).toContain(
      '  site "Docs"\n    ↕ section "e": after section "d" ⇒ before section "a"\n',
    );
    expect(plan.stdout).toContain(
      [
        '    site "Docs"',
        '  ↕ ├─ section "e": title "Section e"  (moved)',
        '    │  └─ site space "guides": path "guides"',
        '    ├─ section "a": title "Section a", default',
      ].join("\n"),
    );
    expect(plan.stdout).toContain("Plan: 0 to create, 0 to update, 1 to move (1 section), 0 to delete.");
    h.emulator.resetLog();
    await applied(h, path);
    expect(
      h.emulator.stats().byRoute["POST /orgs/:organizationId/sites/:siteId/sections/:siteSectionId/move"],
    ).toBe(1);
    expect((await liveSections()).map((s) => s.path)).toEqual(["e", "a", "b", "c", "d"]);
  });

  it("deletes sections the configuration no longer lists", async () => {
    await applied(
      h,
      await h.config(siteConfig(section("guides", "Guides", "guides") + section("old", "Old", "sdk"))),
    );
    const path = await h.config(siteConfig(section("guides", "Guides", "guides")));
    const plan = await h.run(["plan", "-c", path]);
    expect(plan.stdout).toContain(
      '  site "Docs"\n    - section "old": title "Old"\n        ↳ deletes site "Docs" › section "old" › site space "sdk"\n',
    );
    // The removed section is drawn where it stood, its site space not.
    expect(plan.stdout).toContain('  - └─ section "old": title "Old"  (removed)\n\n');
    expect(plan.stdout).toContain("Plan: 0 to create, 0 to update, 0 to move, 1 to delete (1 section).");
    await applied(h, path);
    expect((await liveSections()).map((s) => s.path)).toEqual(["guides"]);
  });

  it("keeps unlisted sections when the policy does not prune them", async () => {
    await applied(
      h,
      await h.config(siteConfig(section("guides", "Guides", "guides") + section("old", "Old", "sdk"))),
    );
    const path = await h.config(
      siteConfig(section("guides", "Guides", "guides"), "policy:\n  prune: [redirects]\n"),
    );
    const plan = await h.run(["plan", "-c", path, "--detailed-exitcode"]);
    expect(plan.code).toBe(0);
    expect((await liveSections()).map((s) => s.path)).toEqual(["guides", "old"]);
  });

  it("moves the default to another section", async () => {
    await applied(
      h,
      await h.config(siteConfig(section("guides", "Guides", "guides") + section("api", "API", "api2"))),
    );
    const path = await h.config(
      siteConfig(
        section("guides", "Guides", "guides") + section("api", "API", "api2", "        default: true\n"),
      ),
    );
    const plan = await h.run(["plan", "-c", path]);
    expect(plan.stdout).toContain('    ~ section "api": default false ⇒ true\n');
    // The default moves: the tree says which section gives it up.
    expect(plan.stdout).toContain(
      [
        '  ~ ├─ section "guides": title "Guides"  (no longer the default)',
        '    │  └─ site space "guides": path "guides"',
        '  ~ └─ section "api": title "API", default  (now the default)',
      ].join("\n"),
    );
    await applied(h, path);
    expect((await liveSections()).map((s) => [s.path, s.default])).toEqual([
      ["guides", false],
      ["api", true],
    ]);
  });
});
