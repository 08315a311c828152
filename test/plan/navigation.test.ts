// What the planner gives the renderers, directly: each change's name and the items it is in,
// a redirect's destination as people read it, and the navigation of each site the plan changes,
// after the plan, with what happens to each item. In-memory configurations and live states.

import { describe, expect, it } from "vitest";
import { DEFAULT_PRUNE, type DesiredState, type SourceLocation } from "../../src/config/types.ts";
import { parseTargetAddress } from "../../src/front/target-address.ts";
import type { DesiredSection, LiveSection } from "../../src/kinds/site/section.ts";
import type { DesiredSectionGroup, LiveSectionGroup } from "../../src/kinds/site/section-group.ts";
import type { DesiredSite, LiveSite } from "../../src/kinds/site/site.ts";
import type { LiveSiteSpace } from "../../src/kinds/site/site-space.ts";
import type { LiveNode } from "../../src/kinds/types.ts";
import type { NavigationItem } from "../../src/model/plan.ts";
import type { LiveState } from "../../src/model/scope.ts";
import { buildPlan } from "../../src/plan/build.ts";

const at: SourceLocation = { file: "docsync.yaml", line: 1, column: 1 };
const SPACES = { guides: "spc_guides", api: "spc_api", sdk: "spc_sdk", news: "spc_news" };
type Space = keyof typeof SPACES;

const desired = (sites: DesiredSite[]): DesiredState => ({
  files: ["docsync.yaml"],
  organization: "org_1",
  spaces: SPACES,
  policy: { prune: [...DEFAULT_PRUNE] },
  sensitiveValues: [],
  sites,
});

const section = (path: string, title: string, space: Space, more: Partial<DesiredSection> = {}) => ({
  at,
  path,
  title,
  siteSpaces: [{ at, spaceId: SPACES[space], spaceName: space, path: space }],
  ...more,
});

const group = (title: string, sections: string[]): DesiredSectionGroup => ({ at, title, sections });

const node = <T extends { id: string }>(item: T, children: LiveNode["children"] = {}): LiveNode<T> => ({
  item,
  children,
});

function liveSection(id: string, path: string, title: string, space: Space, more: Partial<LiveSection> = {}) {
  const siteSpace: LiveSiteSpace = {
    id: `ss_${id}`,
    path: space,
    space: { id: SPACES[space] },
    default: true,
  };
  return node<LiveSection>(
    { id, path, title, siteSpaces: [siteSpace], ...more },
    { "site space": [node(siteSpace)] },
  );
}

function live(sections: LiveNode[], groups: LiveNode[] = [], redirects: LiveNode[] = []): LiveState {
  const site = node<LiveSite>(
    { id: "site_1", title: "Docs", type: "basic", visibility: "public" },
    { section: sections, group: groups, "site space": [], redirect: redirects },
  );
  return { item: { id: "org_1" }, children: { site: [site] } };
}

/** The tree as `mark name` lines, indented by depth: what the renderers draw. */
function outline(items: readonly NavigationItem[], depth = 0): string[] {
  return items.flatMap((item) => [
    `${"  ".repeat(depth)}${item.kind} ${item.name}${item.marks ? ` [${item.marks.join(", ")}]` : ""}${item.default ? " (default)" : ""}`,
    ...outline(item.items ?? [], depth + 1),
  ]);
}

const LIVE = () =>
  live(
    [
      liveSection("s_guides", "guides", "Guides", "guides", { default: true }),
      liveSection("s_reference", "reference", "Reference", "api", { sectionGroup: "g_dev" }),
      liveSection("s_sdk", "sdk", "SDK", "sdk", { sectionGroup: "g_dev" }),
      liveSection("s_old", "old", "Old", "news"),
    ],
    [
      node<LiveSectionGroup>({
        id: "g_dev",
        title: "Developers",
        // The API gives a group's sections whole: their paths too.
        sections: [
          { id: "s_reference", path: "reference" },
          { id: "s_sdk", path: "sdk" },
        ] as unknown as LiveSectionGroup["sections"],
      }),
    ],
    [node({ id: "r_1", source: "/docs", destination: { kind: "site-section", siteSectionId: "s_old" } })],
  );

describe("the navigation a plan carries", () => {
  it("is each item after the plan, in order, marked new, removed, moved, renamed or changed, with what it was", () => {
    const plan = buildPlan(
      desired([
        {
          at,
          title: "Docs",
          sections: [
            section("guides", "Guides", "guides"),
            section("sdk", "SDK", "sdk"),
            section("api", "API reference", "api", { was: "reference", group: "Developers" }),
            section("news", "News", "news", { default: true }),
          ],
          sectionGroups: [group("Developers", ["api"])],
        },
      ]),
      LIVE(),
    );
    const [navigation, ...others] = plan.navigation ?? [];
    expect(others).toEqual([]);
    expect(navigation).toMatchObject({ kind: "site", name: "Docs", address: 'site "Docs"' });
    expect(outline(navigation!.items)).toEqual([
      "section guides [changed]",
      "  site space guides (default)",
      "section sdk [moved]",
      "  site space sdk (default)",
      // Where it stood: after the section that stood before it.
      "section old [removed]",
      "group Developers [changed]",
      "  section api [renamed, changed]",
      "    site space api (default)",
      "section news [new] (default)",
      "  site space news [new] (default)",
    ]);
    const [guides, sdk, old, developers] = navigation!.items;
    // The default moves: the old holder says so.
    expect(guides!.before).toEqual({ default: true });
    expect(sdk!.before).toEqual({ block: { kind: "group", name: "Developers" } });
    expect(developers!.items![0]!.before).toEqual({ name: "reference", fields: { title: "Reference" } });
    expect(old!.fields).toEqual({ title: "Old" });
  });

  it("is absent when the plan changes no navigation, and every change names itself and what it is in", () => {
    const plan = buildPlan(
      desired([
        {
          at,
          title: "Docs",
          sections: [
            section("guides", "Guides", "guides"),
            section("reference", "Reference", "api", { group: "Developers" }),
            section("sdk", "SDK", "sdk", { group: "Developers" }),
            section("old", "Old", "news"),
          ],
          sectionGroups: [group("Developers", ["reference", "sdk"])],
          redirects: [
            { at, source: "/docs", destination: { kind: "site-section", sectionPath: "guides" } },
            {
              at,
              source: "/x",
              destination: { kind: "raw", value: { kind: "external", url: "https://x.example/a" } },
            },
          ],
        },
      ]),
      LIVE(),
    );
    expect(plan.navigation).toBeUndefined();
    expect(plan.changes.map((change) => [change.action, change.name, change.parents])).toEqual([
      ["update", "/docs", ['site "Docs"']],
      ["create", "/x", ['site "Docs"']],
    ]);
    // A redirect's destination reads as people name it, both ways; its JSON stays as it is.
    expect(plan.changes[0]!.fields).toEqual([
      {
        field: "destination",
        from: { kind: "site-section", siteSectionId: "s_old" },
        to: { kind: "site-section", siteSectionId: "s_guides" },
        fromText: 'section "old"',
        toText: 'section "guides"',
        main: true,
      },
    ]);
    expect(plan.changes[1]!.fields[1]).toMatchObject({ toText: "https://x.example/a", main: true });
  });

  it("a member of a group renamed leaves the group as it is", () => {
    const plan = buildPlan(
      desired([
        {
          at,
          title: "Docs",
          sections: [
            section("guides", "Guides", "guides"),
            section("api", "Reference", "api", { was: "reference", group: "Developers" }),
            section("sdk", "SDK", "sdk", { group: "Developers" }),
            section("old", "Old", "news"),
          ],
          sectionGroups: [group("Developers", ["api", "sdk"])],
        },
      ]),
      LIVE(),
    );
    expect(plan.changes.map((change) => `${change.action} ${change.address}`)).toEqual([
      'update site "Docs" › section "api"',
    ]);
    expect(outline(plan.navigation![0]!.items)).toEqual([
      "section guides (default)",
      "  site space guides (default)",
      "group Developers",
      "  section api [renamed]",
      "    site space api (default)",
      "  section sdk",
      "    site space sdk (default)",
      "section old",
      "  site space news (default)",
    ]);
  });

  it("draws what a targeted plan makes, and not what it leaves out", () => {
    const plan = buildPlan(
      desired([
        {
          at,
          title: "Docs",
          sections: [
            section("guides", "Guides", "guides"),
            section("api", "API", "api"),
            section("sdk", "SDK", "sdk"),
          ],
          sectionGroups: [],
        },
      ]),
      { item: { id: "org_1" }, children: { site: [] } },
      { targets: [parseTargetAddress('site "Docs" › section "sdk"')] },
    );
    expect(plan.navigation).toHaveLength(1);
    expect(plan.navigation![0]!.new).toBe(true);
    expect(outline(plan.navigation![0]!.items)).toEqual([
      "section sdk [new] (default)",
      "  site space sdk [new] (default)",
    ]);
  });
});
