// The plan models what each call does beyond its own item, so that one round of apply converges:
// a site's first section takes over its root site spaces, a section keeps a site space while its
// site spaces are replaced, a new section holds a path derived from its title until it is
// configured, items exchange unique values through temporary ones. Each case applies a saved
// plan (exactly one round of calls, in the random order of the harness) and then expects a plan
// with no changes.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiveRedirect } from "../../src/kinds/site/redirect.ts";
import type { LiveSection } from "../../src/kinds/site/section.ts";
import type { LiveSite } from "../../src/kinds/site/site.ts";
import type { LiveSiteSpace } from "../../src/kinds/site/site-space.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";

const HEAD = `version: 1
organization: \${DOCSYNC_ORG}
spaces: { guides: spc_guides, api1: spc_api_v1, api2: spc_api_v2, sdk: spc_sdk, changelog: spc_changelog }
`;

const section = (path: string, title: string, spaces: string[]) =>
  `      - path: ${path}\n        title: ${title}\n        siteSpaces:\n${spaces.map((s) => `          - { space: ${s}, path: ${s} }\n`).join("")}`;

describe("one round of apply converges", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  const site = async () => (await h.api.list<LiveSite>(`/orgs/${h.org}/sites`))[0]!;
  const sitePath = async () => `/orgs/${h.org}/sites/${(await site()).id}`;

  /** Plans, applies exactly that plan once, and checks that nothing is left. Returns the plan's text. */
  async function applyOneRound(config: string): Promise<string> {
    const path = await h.config(config);
    const planFile = path.replace(/\.yaml$/, ".plan.json");
    const plan = await h.run(["plan", "-c", path, "--out", planFile]);
    expect(plan.code, plan.stderr).toBe(0);
    const apply = await h.run(["apply", planFile, "-c", path, "--yes"]);
    expect(apply.code, `${apply.stdout}\n${apply.stderr}`).toBe(0);
    const check = await h.run(["plan", "-c", path, "--detailed-exitcode"]);
    expect(check.stdout).toContain("No changes");
    expect(check.code).toBe(0);
    return plan.stdout;
  }

  it("gives a site with root site spaces its first sections: the first one takes them over", async () => {
    await applied(
      h,
      await h.config(
        `${HEAD}sites:\n  - title: Docs\n    siteSpaces:\n      - { space: guides, path: start }\n      - { space: api1, path: v1, default: true }\n`,
      ),
    );
    const before = await h.api.list<LiveSiteSpace>(`${await sitePath()}/site-spaces`);
    const text = await applyOneRound(
      `${HEAD}sites:\n  - title: Docs\n    sections:\n${section("guides", "Guides", ["api1", "guides", "sdk"])}${section("api", "API", ["api2"])}`,
    );
    // The taken-over site spaces are changed, not created again.
    expect(text).toContain(
      [
        '  site "Docs"',
        '    + section "guides": title "Guides"',
        '      ~ site space "api1": path "v1" ⇒ "api1"',
        '      ~ site space "guides": path "start" ⇒ "guides"',
        '      + site space "sdk": path "sdk"',
      ].join("\n"),
    );
    expect(text).not.toContain('+ site space "api1"');
    // The navigation shows them in the section that takes them over, and no longer at the root.
    expect(text).toContain(
      [
        '  + ├─ section "guides": title "Guides", default  (new)',
        '  ↕ │  ├─ site space "api1": path "api1", default  (moved, path was "v1")',
        '  ~ │  ├─ site space "guides": path "guides"  (path was "start")',
        '  + │  └─ site space "sdk": path "sdk"',
        '  + └─ section "api": title "API"  (new)',
        '  +    └─ site space "api2": path "api2"',
        "",
      ].join("\n"),
    );
    const sections = await h.api.list<LiveSection>(`${await sitePath()}/sections`);
    expect(sections.map((s) => [s.path, s.siteSpaces.map((ss) => [ss.space.id, ss.path])])).toEqual([
      [
        "guides",
        [
          ["spc_api_v1", "api1"],
          ["spc_guides", "guides"],
          ["spc_sdk", "sdk"],
        ],
      ],
      ["api", [["spc_api_v2", "api2"]]],
    ]);
    // The same site space records, moved into the section.
    const kept = sections[0]!.siteSpaces.filter((ss) => ss.space.id !== "spc_sdk").map((ss) => ss.id);
    expect(kept.sort()).toEqual(before.map((ss) => ss.id).sort());
  });

  it("takes over root site spaces that the section does not list, and prunes them", async () => {
    await applied(
      h,
      await h.config(
        `${HEAD}sites:\n  - title: Docs\n    siteSpaces:\n      - { space: changelog, path: news }\n`,
      ),
    );
    const text = await applyOneRound(
      `${HEAD}sites:\n  - title: Docs\n    sections:\n${section("guides", "Guides", ["guides"])}`,
    );
    expect(text).toContain(
      '    - site space "changelog" in section "guides": path "news", default true\n\nOther changes (2):\n  site "Docs"\n    + section "guides": title "Guides"\n      + site space "guides": path "guides"\n',
    );
    const sections = await h.api.list<LiveSection>(`${await sitePath()}/sections`);
    expect(sections[0]!.siteSpaces.map((ss) => ss.space.id)).toEqual(["spc_guides"]);
  });

  it("replaces each section's only site space: the new one is added before the old one goes", async () => {
    // Six sections, each in the order apply happens to take: a removal sent first is refused.
    const sections = (space: string) =>
      ["a", "b", "c", "d", "e", "f"]
        .map((path) => section(path, `Section ${path.toUpperCase()}`, [space]))
        .join("");
    await applied(h, await h.config(`${HEAD}sites:\n  - title: Docs\n    sections:\n${sections("guides")}`));
    await applyOneRound(`${HEAD}sites:\n  - title: Docs\n    sections:\n${sections("sdk")}`);
    const live = await h.api.list<LiveSection>(`${await sitePath()}/sections`);
    expect(live.map((s) => s.siteSpaces.map((ss) => ss.space.id))).toEqual(Array(6).fill(["spc_sdk"]));
  });

  it("orders new sections around the paths the API derives from their titles", async () => {
    // "Guides" is created at path guides and "Docs" at path docs: each wants the other's.
    await applyOneRound(
      `${HEAD}sites:\n  - title: Docs\n    sections:\n${section("docs", "Guides", ["guides"])}${section("guides", "Docs", ["api1"])}`,
    );
    const sections = await h.api.list<LiveSection>(`${await sitePath()}/sections`);
    expect(sections.map((s) => [s.title, s.path])).toEqual([
      ["Guides", "docs"],
      ["Docs", "guides"],
    ]);
  });

  it("adds site spaces one after another where one could hold, for a while, the path another is given", async () => {
    // Each added site space first holds its space's title as a path: guides (Guides) is to be at
    // api-v1, where api1 (API v1) stands first, and api1 at guides. A rename wants sdk's old path.
    const spaces = (entries: string) =>
      `${HEAD}sites:\n  - title: Docs\n    sections:\n      - path: main\n        title: Main\n        siteSpaces:\n${entries}`;
    await applied(h, await h.config(spaces("          - { space: changelog, path: guides-2 }\n")));
    await applyOneRound(
      spaces(
        "          - { space: changelog, path: api-v1-2 }\n          - { space: guides, path: api-v1 }\n          - { space: api1, path: guides }\n          - { space: sdk, path: guides-2 }\n",
      ),
    );
    const live = await h.api.list<LiveSiteSpace>(`${await sitePath()}/site-spaces`);
    expect(live.map((s) => [s.space.id, s.path])).toEqual([
      ["spc_changelog", "api-v1-2"],
      ["spc_guides", "api-v1"],
      ["spc_api_v1", "guides"],
      ["spc_sdk", "guides-2"],
    ]);
  });

  it("swaps two pinned sections' paths and two pinned redirects' sources in one apply", async () => {
    const config = (pins: Record<string, string>, a: string, b: string, r1: string, r2: string) =>
      `${HEAD}sites:\n  - title: Docs\n    sections:\n${section(a, "Alpha", ["guides"])}${section(b, "Bravo", ["api1"])}    redirects:\n      - { source: ${r1}, to: { section: ${a} } }\n      - { source: ${r2}, destination: { kind: external, url: "https://example.com/" } }\n`
        .replace("title: Alpha", `title: Alpha${pins.alpha ? `\n        id: ${pins.alpha}` : ""}`)
        .replace("title: Bravo", `title: Bravo${pins.bravo ? `\n        id: ${pins.bravo}` : ""}`)
        .replace(`source: ${r1},`, `source: ${r1},${pins.one ? ` id: ${pins.one},` : ""}`)
        .replace(`source: ${r2},`, `source: ${r2},${pins.two ? ` id: ${pins.two},` : ""}`);
    await applied(h, await h.config(config({}, "alpha", "bravo", "/one", "/two")));
    const sectionsBefore = await h.api.list<LiveSection>(`${await sitePath()}/sections`);
    const redirectsBefore = await h.api.list<LiveRedirect>(`${await sitePath()}/redirects`);
    const idOf = <T extends { id: string }>(items: T[], match: (item: T) => boolean) => items.find(match)!.id;
    const pins = {
      alpha: idOf(sectionsBefore, (s) => s.path === "alpha"),
      bravo: idOf(sectionsBefore, (s) => s.path === "bravo"),
      one: idOf(redirectsBefore, (r) => r.source === "/one"),
      two: idOf(redirectsBefore, (r) => r.source === "/two"),
    };
    h.emulator.resetLog();
    const text = await applyOneRound(config(pins, "bravo", "alpha", "/two", "/one"));
    // The first of each pair goes by a temporary value, and the plan says so.
    expect(text).toContain(
      '    ~ section "bravo"  (renamed from "alpha"; by way of a temporary value: it exchanges values with another item)\n        path: "alpha" ⇒ "bravo"\n',
    );
    expect(text).toContain(
      '    ~ redirect /two  (renamed from "/one"; by way of a temporary value: it exchanges values with another item)\n        source: "/one" ⇒ "/two"\n',
    );
    const writes = h.emulator.requests.filter((entry) => entry.method !== "GET");
    // Each swap: one item to a temporary value, the other to its new value, the first to its own.
    expect(writes.filter((entry) => entry.path.includes("/sections/"))).toHaveLength(3);
    expect(writes.filter((entry) => entry.path.includes("/redirects/"))).toHaveLength(3);
    const sectionsAfter = await h.api.list<LiveSection>(`${await sitePath()}/sections`);
    expect(sectionsAfter.map((s) => [s.id, s.title, s.path])).toEqual([
      [pins.alpha, "Alpha", "bravo"],
      [pins.bravo, "Bravo", "alpha"],
    ]);
    const redirectsAfter = await h.api.list<LiveRedirect>(`${await sitePath()}/redirects`);
    expect(redirectsAfter.map((r) => [r.id, r.source]).sort()).toEqual(
      [
        [pins.one, "/two"],
        [pins.two, "/one"],
      ].sort(),
    );
  });

  it("makes another section the default: one call, and the flag moves", async () => {
    const config = (defaultPath: string) =>
      `${HEAD}sites:\n  - title: Docs\n    sections:\n${section("a", "Alpha", ["guides"])}${section("b", "Bravo", ["api1"])}`.replace(
        `path: ${defaultPath}\n`,
        `path: ${defaultPath}\n        default: true\n`,
      );
    await applied(h, await h.config(config("a")));
    h.emulator.resetLog();
    await applyOneRound(config("b"));
    expect(h.emulator.requests.filter((entry) => entry.method !== "GET")).toHaveLength(1);
    const sections = await h.api.list<LiveSection>(`${await sitePath()}/sections`);
    expect(sections.map((s) => [s.path, s.default === true])).toEqual([
      ["a", false],
      ["b", true],
    ]);
  });

  it("creates a site with its root site spaces in one call, then sets their paths", async () => {
    h.emulator.resetLog();
    await applyOneRound(
      `${HEAD}sites:\n  - title: Flat\n    siteSpaces:\n      - { space: sdk, path: kit }\n      - { space: guides, path: start, default: true }\n`,
    );
    const writes = h.emulator.requests.filter((entry) => entry.method !== "GET");
    expect(writes.map((entry) => entry.route).sort()).toEqual(
      [
        "POST /orgs/:organizationId/sites",
        // Each site space's path, and the default, which the API gave the first space.
        "PATCH /orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId",
        "PATCH /orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId",
        "PATCH /orgs/:organizationId/sites/:siteId",
      ].sort(),
    );
    const spaces = await h.api.list<LiveSiteSpace>(`${await sitePath()}/site-spaces`);
    expect(spaces.map((s) => [s.space.id, s.path, s.default])).toEqual([
      ["spc_sdk", "kit", false],
      ["spc_guides", "start", true],
    ]);
  });

  it("reads a site's root site spaces only while it has no sections", async () => {
    const config = `${HEAD}sites:\n  - title: Docs\n    sections:\n${section("guides", "Guides", ["guides"])}`;
    await applyOneRound(config);
    h.emulator.resetLog();
    await h.run(["plan", "-c", await h.config(config)]);
    expect(h.emulator.requests.filter((entry) => entry.path.endsWith("/site-spaces"))).toEqual([]);
  });

  it("refuses root site spaces for a site that has sections, before any write", async () => {
    await applyOneRound(
      `${HEAD}sites:\n  - title: Docs\n    sections:\n${section("guides", "Guides", ["guides"])}`,
    );
    h.emulator.resetLog();
    const path = await h.config(
      `${HEAD}sites:\n  - title: Docs\n    siteSpaces:\n      - { space: sdk, path: sdk }\n`,
    );
    for (const command of [["plan"], ["apply", "--yes"]]) {
      const result = await h.run([...command, "-c", path]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        'site "Docs" lists root siteSpaces, but it has sections ("guides"); root site spaces exist only in a site without sections.',
      );
    }
    expect(h.emulator.stats().writes).toBe(0);
  });
});
