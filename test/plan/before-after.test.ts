// Every change shows its before and after, as the plan's data and its text: a delete the values
// that go, a move where its item was and where it goes, a new item's place as part of its
// create, a site space that changes section as one change of two calls; and the hint about an
// item renamed by hand only where a live item looks like a new one.

import { describe, expect, it } from "vitest";
import type { Change, Plan } from "../../src/model/plan.ts";
import { buildPlan } from "../../src/plan/build.ts";
import { changeLines, changeParts } from "../../src/render/change-parts.ts";
import { summaryLine } from "../../src/render/names.ts";
import { plainStyle } from "../../src/render/style.ts";
import { renderPlanText } from "../../src/render/text.ts";
import {
  at,
  desired,
  docsPlan,
  live,
  liveSection,
  liveSite,
  liveSiteSpace,
  node,
  section,
  site,
} from "./builders.ts";

/** A change as its one line reads (with its consequences below it). */
const lineOf = (change: Change) => {
  const { head, values } = changeLines(changeParts(change));
  return [head, ...values].join("\n");
};
const find = (plan: Plan, action: string, address: string) =>
  plan.changes.find((change) => change.action === action && change.address === address)!;
const callsOf = (plan: Plan, change: Change) =>
  change.calls.map((id) => plan.calls.find((call) => call.id === id)!.summary);

describe("a delete shows the values that go", () => {
  it("of a section, a site space, a group and a redirect", () => {
    const plan = docsPlan(
      { sections: [section("guides", "Guides", ["guides"])], sectionGroups: [], redirects: [] },
      {
        sections: [
          liveSection("sec_g", "guides", "Guides", [liveSiteSpace("ss_g", "guides", "guides", true)]),
          liveSection(
            "sec_o",
            "old",
            "Old things",
            [liveSiteSpace("ss_o", "sdk", "kit", true), liveSiteSpace("ss_a", "api", "ref")],
            { icon: "book" },
          ),
        ],
        groups: [node({ id: "grp_1", title: "Developers", icon: "code", sections: [] })],
        redirects: [
          node({
            id: "r_1",
            source: "/blog/post-7",
            destination: { kind: "site-section", siteSectionId: "sec_g" },
          }),
          node({
            id: "r_2",
            source: "/away",
            destination: { kind: "external", url: "https://example.org/x" },
          }),
        ],
      },
    );
    expect(lineOf(find(plan, "delete", 'site "Docs" › section "old"'))).toBe(
      [
        '- section "old": title "Old things", icon "book"',
        '↳ deletes site "Docs" › section "old" › site space "sdk"',
        '↳ deletes site "Docs" › section "old" › site space "api"',
      ].join("\n"),
    );
    expect(lineOf(find(plan, "delete", 'site "Docs" › group "Developers"'))).toBe(
      '- group "Developers": icon "code"',
    );
    // A redirect's destination, as people read it: a section by its path, a URL as it is.
    expect(lineOf(find(plan, "delete", 'site "Docs" › redirect "/blog/post-7"'))).toBe(
      '- redirect /blog/post-7 → section "guides"',
    );
    expect(lineOf(find(plan, "delete", 'site "Docs" › redirect "/away"'))).toBe(
      "- redirect /away → https://example.org/x",
    );
    expect(find(plan, "delete", 'site "Docs" › redirect "/away"').fields).toEqual([
      {
        field: "destination",
        from: { kind: "external", url: "https://example.org/x" },
        fromText: "https://example.org/x",
        main: true,
      },
    ]);
  });

  it("of a root site space, whose path equals its space's name, and of a site", () => {
    const plan = buildPlan(
      desired({ sites: [site("Docs", { siteSpaces: [] })], policy: { prune: ["sites", "siteSpaces"] } }),
      live({
        site: [
          liveSite("site_1", "Docs", { root: [node(liveSiteSpace("ss_s", "sdk", "sdk"))] }),
          liveSite("site_2", "Old", {}, { visibility: "unlisted", basename: "old" }),
        ],
      }),
    );
    expect(lineOf(find(plan, "delete", 'site "Docs" › site space "sdk"'))).toBe(
      '- site space "sdk": path "sdk"',
    );
    expect(lineOf(find(plan, "delete", 'site "Old"'))).toBe(
      '- site "Old": type "basic", visibility "unlisted", basename "old"  HIGH RISK',
    );
  });

  it("of a site: what goes with it, one by one where the plan read it, else as its answer counts it", () => {
    const state = live({
      site: [
        liveSite("site_1", "Docs"),
        liveSite("site_2", "Old", {
          sections: [
            liveSection("sec_1", "guides", "Guides", [liveSiteSpace("ss_1", "guides", "guides", true)]),
          ],
          redirects: [
            node({ id: "r_1", source: "/x", destination: { kind: "site-section", siteSectionId: "sec_1" } }),
          ],
        }),
        liveSite("site_3", "Unread", {}, { siteSpaces: 4 }),
      ],
    });
    // A site with no list read says what its own answer counts.
    state.children.site![2]!.children = {};
    const plan = buildPlan(desired({ sites: [site("Docs")], policy: { prune: ["sites"] } }), state);
    expect(
      lineOf(find(plan, "delete", 'site "Old"'))
        .split("\n")
        .slice(1),
    ).toEqual(['↳ deletes site "Old" › section "guides"', '↳ deletes site "Old" › redirect "/x"']);
    expect(
      lineOf(find(plan, "delete", 'site "Unread"'))
        .split("\n")
        .slice(1),
    ).toEqual([
      '↳ deletes site "Unread" › 4 site spaces (and every section, group and redirect of the site)',
    ]);
  });

  it("of a team and a custom field, and never a secret: a certificate is (sensitive)", () => {
    const plan = buildPlan(
      desired({
        teams: [],
        customFields: [],
        samlProviders: [],
        policy: { prune: ["teams", "customFields", "samlProviders"] },
      }),
      live({
        team: [node({ id: "team_1", title: "Writers" })],
        "custom field": [
          node({ id: "cf_1", name: "tier", type: "select", title: "Tier", options: ["gold"] }),
        ],
        "SAML provider": [
          node({
            id: "saml_1",
            label: "Okta",
            entityID: "http://okta.example/e1",
            certificate: "-----BEGIN CERTIFICATE-----\nMIIBsecretsecret\n-----END CERTIFICATE-----",
          }),
        ],
      }),
    );
    const text = renderPlanText(plan, plainStyle);
    expect(text).toContain('- custom field "tier": type "select", title "Tier", options ["gold"]');
    expect(text).toContain(
      '- SAML provider "Okta": entityID "http://okta.example/e1", certificate (sensitive)',
    );
    expect(text).not.toContain("MIIB");
    expect(JSON.stringify(plan)).not.toContain("MIIB");
  });
});

describe("a move shows where its item was and where it goes", () => {
  const sections = (paths: string[]) =>
    paths.map((path, i) =>
      liveSection(`sec_${path}`, path, path.toUpperCase(), [
        liveSiteSpace(`ss_${i}`, "guides", "guides", true),
      ]),
    );
  const configured = (paths: string[]) => paths.map((path) => section(path, path.toUpperCase(), ["guides"]));

  it("a section: after the one before it ⇒ its new place", () => {
    const plan = docsPlan(
      { sections: configured(["c", "a", "b"]), sectionGroups: [] },
      { sections: sections(["a", "b", "c"]) },
    );
    const move = find(plan, "move", 'site "Docs" › section "c"');
    expect(lineOf(move)).toBe('↕ section "c": after section "b" ⇒ before section "a"');
    expect(move.fields).toEqual([
      {
        field: "position",
        from: 'after section "b"',
        to: 'before section "a"',
        fromText: 'after section "b"',
        toText: 'before section "a"',
        main: true,
      },
    ]);
    const first = docsPlan(
      { sections: configured(["b", "c", "a"]), sectionGroups: [] },
      { sections: sections(["a", "b", "c"]) },
    );
    expect(lineOf(find(first, "move", 'site "Docs" › section "a"'))).toBe(
      '↕ section "a": first ⇒ after section "c"',
    );
  });

  it("a group that moves as one block: from where its first section stood", () => {
    const grouped = ["e", "f", "g"];
    const plan = docsPlan(
      {
        sections: ["a", "b", "e", "f", "g", "c", "d"].map((path) =>
          section(path, path.toUpperCase(), ["guides"], grouped.includes(path) ? { group: "G" } : {}),
        ),
        sectionGroups: [{ at, title: "G", sections: grouped }],
      },
      {
        sections: sections(["a", "b", "c", "d", "e", "f", "g"]).map((s) =>
          grouped.includes(s.item.path) ? { ...s, item: { ...s.item, siteSectionGroupId: "grp_g" } } : s,
        ),
        groups: [
          node({ id: "grp_g", title: "G", sections: grouped.map((path) => ({ id: `sec_${path}`, path })) }),
        ],
      },
    );
    const moves = plan.changes.filter((change) => change.action === "move").map(lineOf);
    expect(moves).toEqual(['↕ group "G": after section "d" ⇒ after section "b"']);
  });

  it("a new item among others is one change: its create, with its place and the move call", () => {
    const plan = docsPlan(
      { sections: configured(["a", "new", "b"]), sectionGroups: [] },
      { sections: sections(["a", "b"]) },
    );
    expect(plan.changes.map((change) => `${change.action} ${change.name}`)).toEqual([
      "create new",
      "create guides",
    ]);
    const made = plan.changes[0]!;
    expect(made.note).toBe('placed after section "a"');
    expect(callsOf(plan, made)).toEqual(["create section", "configure section", "move section"]);
    // Counted once, with every call still in the plan.
    expect(plan.summary).toEqual({ create: 2, update: 0, replace: 0, move: 0, delete: 0 });
    expect(summaryLine(plan)).toBe(
      "Plan: 2 to create (1 section, 1 site space), 0 to update, 0 to move, 0 to delete.",
    );
    expect(plan.calls.filter((call) => call.change === made.id)).toHaveLength(3);
  });
});

describe("a site space that changes section", () => {
  it("is one move of two calls, the delete's first, with where it was and where it goes", () => {
    const plan = docsPlan(
      { sections: [section("a", "A", ["guides"]), section("b", "B", ["api", "sdk"])], sectionGroups: [] },
      {
        sections: [
          liveSection("sec_a", "a", "A", [
            liveSiteSpace("ss_g", "guides", "guides", true),
            liveSiteSpace("ss_s", "sdk", "kit"),
          ]),
          liveSection("sec_b", "b", "B", [liveSiteSpace("ss_a", "api", "api", true)]),
        ],
      },
    );
    expect(plan.changes.map((change) => `${change.action} ${change.address}`)).toEqual([
      'move site "Docs" › section "b" › site space "sdk"',
    ]);
    const move = plan.changes[0]!;
    expect(lineOf(move)).toBe(
      '↕ site space "sdk": section "a" ⇒ section "b", path "kit" ⇒ "sdk"  (2 calls: removed, then added there)',
    );
    expect(move.movedFrom).toBe('site "Docs" › section "a" › site space "sdk"');
    expect(move.liveId).toBe("ss_s");
    expect(callsOf(plan, move)).toEqual(["remove site space", "add site space", "configure site space"]);
    expect(plan.summary).toEqual({ create: 0, update: 0, replace: 0, move: 1, delete: 0 });
    // The navigation draws it removed where it stood and new where it goes.
    const [docs] = plan.navigation!;
    const marks = (path: string) =>
      docs!.items.find((item) => item.name === path)!.items!.find((item) => item.name === "sdk")!.marks;
    expect(marks("a")).toEqual(["removed"]);
    expect(marks("b")).toEqual(["new"]);
  });
});

describe("the hint about an item renamed by hand", () => {
  const liveRedirect = (id: string, source: string, section: string) =>
    node({ id, source, destination: { kind: "site-section", siteSectionId: section } });

  it("names a live item only where it looks like a new one: the same values but its key", () => {
    const plan = docsPlan(
      {
        sections: [section("guides", "Guides", ["guides"])],
        sectionGroups: [],
        redirects: [
          { at, source: "/new-start", destination: { kind: "site-section", sectionPath: "guides" } },
          {
            at,
            source: "/elsewhere",
            destination: { kind: "raw", value: { kind: "external", url: "https://x.example" } },
          },
        ],
      },
      {
        sections: [
          liveSection("sec_g", "guides", "Guides", [liveSiteSpace("ss_g", "guides", "guides", true)]),
        ],
        redirects: [liveRedirect("r_1", "/start", "sec_g")],
      },
    );
    expect(plan.warnings).toEqual([
      'live site "Docs" › redirect "/start" (r_1) is not in the configuration; if it is "/new-start" renamed by hand, add id: r_1 (or was: "/start")',
    ]);
  });

  it("says one line for the whole plan about live items unlike anything it creates", () => {
    const plan = docsPlan(
      {
        sections: ["guides", "api", "sdk"].map((path) => section(path, `New ${path}`, ["guides"])),
        sectionGroups: [],
      },
      {
        sections: ["one", "two", "three", "four"].map((path, i) =>
          liveSection(`sec_${i}`, path, `Old ${path}`, [liveSiteSpace(`ss_${i}`, "guides", "guides", true)]),
        ),
      },
    );
    expect(plan.warnings).toEqual([
      '4 live items are not in the configuration beside new items of their kind, unlike any of them (site "Docs" › section "one" (sec_0), site "Docs" › section "two" (sec_1), site "Docs" › section "three" (sec_2), and 1 more); one that is a configured item renamed by hand needs id: to match it',
    ]);
  });
});
