// The planner, directly: in-memory configurations and live states, no HTTP. Each case checks
// what a user would see in the plan (changes, their notes) and what apply would do (the calls,
// and what each waits for; test/plan/dependencies.test.ts holds the cases where the API's side
// effects make the order matter).

import { describe, expect, it } from "vitest";
import { DEFAULT_PRUNE, type DesiredState } from "../../src/config/types.ts";
import type { Plan } from "../../src/model/plan.ts";
import { pathText } from "../../src/model/references.ts";
import { buildPlan } from "../../src/plan/build.ts";
import { checkRefusals } from "../../src/plan/safety.ts";
import { callNames, waitsFor } from "../support/plan-edges.ts";
import {
  at,
  desired,
  live,
  liveSection,
  liveSite,
  liveSiteSpace,
  node,
  type SpaceName,
  section,
  site,
} from "./builders.ts";

const lines = (plan: Plan) =>
  plan.changes.map((change) => `${change.action} ${change.address}${change.note ? ` (${change.note})` : ""}`);
/** The body of the call named so. */
const bodyOf = (plan: Plan, name: string) => plan.calls[callNames(plan).indexOf(name)]!.body;

describe("buildPlan", () => {
  it("creates a site, its sections and a redirect to one of them, each call after what it names", () => {
    const plan = buildPlan(
      desired({
        sites: [
          site("Docs", {
            sections: [section("guides", "Guides", ["guides", "sdk"]), section("api", "API", ["api"])],
            sectionGroups: [],
            redirects: [{ at, source: "/old", destination: { kind: "site-section", sectionPath: "api" } }],
          }),
        ],
      }),
      live({ site: [] }),
    );
    expect(lines(plan)).toEqual([
      'create site "Docs"',
      'create site "Docs" › section "guides"',
      'create site "Docs" › section "guides" › site space "guides"',
      'create site "Docs" › section "guides" › site space "sdk"',
      'create site "Docs" › section "api"',
      'create site "Docs" › section "api" › site space "api"',
      'create site "Docs" › redirect "/old"',
    ]);
    // The first site space comes with its section: no POST of its own, only its path.
    const siteSpaceCalls = plan.calls.filter((call) => pathText(call.path).includes("/site-spaces"));
    expect(siteSpaceCalls.map((call) => call.method)).toEqual(["PATCH", "POST", "PATCH", "PATCH"]);
    expect(waitsFor(plan, 'site "Docs" › redirect "/old": create redirect')).toContain(
      'site "Docs" › section "api": create section',
    );
  });

  it("matches by pin, then rename hint, then key; a rename is an update", () => {
    const plan = buildPlan(
      desired({
        sites: [
          site("Handbook", { id: "site_2" }),
          site("Docs", { was: "Old docs", visibility: "unlisted" }),
        ],
      }),
      live({
        site: [liveSite("site_1", "Old docs"), liveSite("site_2", "Manual"), liveSite("site_3", "Handbook")],
      }),
    );
    // The pin wins over the title "Handbook" that another live site has.
    expect(lines(plan)).toEqual([
      'update site "Handbook" (renamed from "Manual")',
      'update site "Docs" (renamed from "Old docs")',
    ]);
    expect(plan.changes.map((change) => change.liveId)).toEqual(["site_2", "site_1"]);
  });

  it("gives a pinned item its live item even when another item's key or rename hint names it", () => {
    const state = live({ site: [liveSite("site_2", "Manual")] });
    // Listed before the pin: a key or a rename hint matched first would take site_2 from it.
    for (const rival of [site("Manual"), site("Docs", { was: "Manual" })]) {
      const plan = buildPlan(desired({ sites: [rival, site("Handbook", { id: "site_2" })] }), state);
      expect(lines(plan)).toEqual([
        `create site "${rival.title}"`,
        'update site "Handbook" (renamed from "Manual")',
      ]);
      expect(plan.changes.map((change) => change.liveId)).toEqual([undefined, "site_2"]);
    }
  });

  it("adopts a half-made section that fits exactly one new configured section", () => {
    const half = liveSection("sec_9", "getting-started", "Getting started", [
      liveSiteSpace("ss_9", "guides", "guides", true),
    ]);
    const plan = buildPlan(
      desired({
        sites: [
          site("Docs", {
            sections: [
              section("start", "Getting started", ["guides", "sdk"]),
              section("api", "API", ["api"]),
            ],
            sectionGroups: [],
          }),
        ],
      }),
      live({ site: [liveSite("site_1", "Docs", { sections: [half] })] }),
    );
    expect(lines(plan)).toContain('update site "Docs" › section "start" (renamed from "getting-started")');
    expect(plan.changes.some((change) => change.action === "delete")).toBe(false);
  });

  it("keeps the oldest of live duplicates and deletes the others, high risk", () => {
    const plan = buildPlan(
      desired({ sites: [site("Docs")] }),
      live({
        site: [
          liveSite("site_b", "Docs", {}, { createdAt: "2026-02-01T00:00:00Z" }),
          liveSite("site_a", "Docs", {}, { createdAt: "2026-01-01T00:00:00Z" }),
        ],
      }),
    );
    expect(lines(plan)).toEqual([
      'delete site "Docs#site_b" (duplicate of site_a, which is kept (the oldest))',
    ]);
    expect(plan.changes[0]!.highRisk).toBe(true);
  });

  it("keeps the first listed of duplicates whose creation time the API does not give all of, and says so", () => {
    const plan = buildPlan(
      desired({ sites: [site("Docs")] }),
      live({
        site: [
          liveSite("site_b", "Docs", {}, { createdAt: "2026-02-01T00:00:00Z" }),
          liveSite("site_a", "Docs"),
        ],
      }),
    );
    expect(lines(plan)).toEqual([
      'delete site "Docs#site_a" (duplicate of site_b, which is kept (listed first: the API gives no creation time))',
    ]);
  });

  it("replaces what cannot change in place, and stops on a protected item that would need it", () => {
    const field = { id: "cf_1", name: "owner", type: "text" };
    const config = (protect?: boolean) =>
      desired({
        customFields: [
          { at, name: "owner", type: "select", options: ["a"], ...(protect ? { protect } : {}) },
        ],
      });
    const plan = buildPlan(config(), live({ "custom field": [node(field)] }));
    expect(lines(plan)).toEqual([
      'replace custom field "owner" (must be replaced: type cannot change in place)',
    ]);
    expect(waitsFor(plan, 'custom field "owner": create custom field')).toEqual([
      'custom field "owner": delete custom field',
    ]);

    const blocked = buildPlan(config(true), live({ "custom field": [node(field)] }));
    expect(blocked.calls).toEqual([]);
    expect(blocked.summary.replace).toBe(0);
    expect(() => checkRefusals(blocked, { allowDestroy: true })).toThrow(
      /custom field "owner": protected \(protect: true\), but type cannot change in place/,
    );
  });

  it("prunes unlisted items of listed sites only for the kinds in policy.prune", () => {
    const state = live({
      site: [
        liveSite("site_1", "Docs", {
          sections: [
            liveSection("sec_1", "guides", "Guides", [liveSiteSpace("ss_1", "guides", "guides", true)]),
            liveSection("sec_2", "old", "Old", [liveSiteSpace("ss_2", "sdk", "sdk", true)]),
          ],
        }),
        liveSite("site_2", "Unlisted"),
      ],
    });
    const config = (prune: DesiredState["policy"]["prune"]) =>
      desired({
        sites: [site("Docs", { sections: [section("guides", "Guides", ["guides"])], sectionGroups: [] })],
        policy: { prune },
      });
    expect(lines(buildPlan(config([...DEFAULT_PRUNE]), state))).toEqual([
      'delete site "Docs" › section "old"',
    ]);
    expect(lines(buildPlan(config([]), state))).toEqual([]);
    expect(lines(buildPlan(config(["sites"]), state))).toEqual(['delete site "Unlisted"']);
  });

  it("moves the fewest sections, and a group as one block when that is fewer", () => {
    const paths = ["a", "b", "c", "d", "e", "f", "g"];
    const spaces: SpaceName[] = ["guides"];
    const sections = paths.map((path, i) =>
      liveSection(`sec_${path}`, path, path.toUpperCase(), [
        liveSiteSpace(`ss_${i}`, "guides", "guides", true),
      ]),
    );
    const wanted = ["a", "b", "e", "f", "g", "c", "d"];
    const grouped = (path: string) => (["e", "f", "g"].includes(path) ? { group: "G" } : {});
    const plan = buildPlan(
      desired({
        sites: [
          site("Docs", {
            sections: wanted.map((path) => section(path, path.toUpperCase(), spaces, grouped(path))),
            sectionGroups: [{ at, title: "G", sections: ["e", "f", "g"] }],
          }),
        ],
      }),
      live({ site: [liveSite("site_1", "Docs", { sections })] }),
    );
    // The new group's placement is part of its create: one change, whose second call moves it
    // once the group exists.
    expect(lines(plan)).toEqual(['create site "Docs" › group "G" (placed after section "b")']);
    expect(plan.changes[0]!.calls.map((id) => plan.calls.find((call) => call.id === id)!.summary)).toEqual([
      "create group",
      "move group",
    ]);
    expect(plan.calls.filter((call) => call.change === plan.changes[0]!.id)).toHaveLength(2);
    const move = 'site "Docs" › group "G": move group';
    expect(waitsFor(plan, move)).toEqual(['site "Docs" › group "G": create group']);
    expect(bodyOf(plan, move)).toEqual({ position: { after: { type: "site-section", id: "sec_b" } } });
  });

  it("gives a site's first section its root site spaces, which the API moves into it", () => {
    const plan = buildPlan(
      desired({
        sites: [
          site("Docs", { sections: [section("guides", "Guides", ["api", "guides"])], sectionGroups: [] }),
        ],
      }),
      live({
        site: [liveSite("site_1", "Docs", { root: [node(liveSiteSpace("ss_g", "guides", "start", true))] })],
      }),
    );
    expect(lines(plan)).toEqual([
      'create site "Docs" › section "guides"',
      'create site "Docs" › section "guides" › site space "api" (placed before site space "guides")',
      'update site "Docs" › section "guides" › site space "guides"',
    ]);
    // The taken-over site space is changed only once its section exists.
    expect(waitsFor(plan, 'site "Docs" › section "guides" › site space "guides": update site space')).toEqual(
      ['site "Docs" › section "guides": create section'],
    );
  });

  it("moves two groups as blocks in one plan", () => {
    const paths = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"];
    const sections = paths.map((path, i) =>
      liveSection(`sec_${path}`, path, path.toUpperCase(), [
        liveSiteSpace(`ss_${i}`, "guides", "guides", true),
      ]),
    );
    const groupOf = (path: string) =>
      ["c", "d", "e"].includes(path) ? "G1" : ["h", "i", "j"].includes(path) ? "G2" : undefined;
    const wanted = ["h", "i", "j", "a", "b", "f", "g", "c", "d", "e"];
    const live = liveSite("site_1", "Docs", {
      sections,
      groups: [
        node({ id: "g1", title: "G1", sections: sections.slice(2, 5).map((n) => n.item) }),
        node({ id: "g2", title: "G2", sections: sections.slice(7, 10).map((n) => n.item) }),
      ],
    });
    const plan = buildPlan(
      desired({
        sites: [
          site("Docs", {
            sections: wanted.map((path) => {
              const group = groupOf(path);
              return section(path, path.toUpperCase(), ["guides"], group ? { group } : {});
            }),
            sectionGroups: [
              { at, title: "G2", sections: ["h", "i", "j"] },
              { at, title: "G1", sections: ["c", "d", "e"] },
            ],
          }),
        ],
      }),
      { item: { id: "org_1" }, children: { site: [live] } },
    );
    // Two blocks move (G2 to the front, G1 to the end), where sections alone would take five.
    expect(callNames(plan)).toEqual([
      'site "Docs" › group "G2": move group',
      'site "Docs" › group "G1": move group',
    ]);
    expect(bodyOf(plan, 'site "Docs" › group "G2": move group')).toEqual({
      position: { before: { type: "site-section", id: "sec_a" } },
    });
    expect(bodyOf(plan, 'site "Docs" › group "G1": move group')).toEqual({
      position: { after: { type: "site-section", id: "sec_g" } },
    });
  });

  it("adopts only a section that still has the path the API derived from its title", () => {
    const handbook = liveSection("sec_h", "handbook", "Team handbook", [
      liveSiteSpace("ss_h", "guides", "guides", true),
    ]);
    const long = "A very long title for a section that the API does not take at creation";
    const plan = buildPlan(
      desired({
        sites: [site("Docs", { sections: [section("docs", long, ["guides"])], sectionGroups: [] })],
        policy: { prune: [] },
      }),
      live({ site: [liveSite("site_1", "Docs", { sections: [handbook] })] }),
    );
    expect(lines(plan)).toEqual([
      'create site "Docs" › section "docs"',
      'create site "Docs" › section "docs" › site space "guides"',
    ]);
  });

  it("tells a live item left beside a pinned one of the same title by its id", () => {
    const plan = buildPlan(
      desired({
        sites: [site("Docs", { id: "site_2", visibility: "unlisted" })],
        policy: { prune: ["sites"] },
      }),
      live({ site: [liveSite("site_1", "Docs"), liveSite("site_2", "Docs")] }),
    );
    expect(lines(plan)).toEqual(['update site "Docs"', 'delete site "Docs#site_1"']);
  });
});
