// The planner, directly: a call names an item the plan creates by a reference to its address (a
// part of its path, or a place in its body beside it), and its dependencies come from those
// references. Names are data: braces, `}} {{id:…}}`, ` › ` and quotes in them change nothing.

import { describe, expect, it } from "vitest";
import { DEFAULT_PRUNE, type DesiredState, type SourceLocation } from "../../src/config/types.ts";
import { sitePath, subPath } from "../../src/kinds/paths.ts";
import type { DesiredSite, LiveSite } from "../../src/kinds/site/site.ts";
import { type Address, IdRef } from "../../src/model/address.ts";
import type { Call, Plan } from "../../src/model/plan.ts";
import type { LiveState } from "../../src/model/scope.ts";
import { buildPlan } from "../../src/plan/build.ts";

const at: SourceLocation = { file: "docsync.yaml", line: 1, column: 1 };
const TITLE = `Docs }} {{id:x}} › "q" \\ 'single'`;

const desired = (sites: DesiredSite[]): DesiredState => ({
  files: ["docsync.yaml"],
  organization: "org_1",
  spaces: { guides: "spc_guides" },
  policy: { prune: [...DEFAULT_PRUNE] },
  sensitiveValues: [],
  sites,
});

const site = (title: string): DesiredSite => ({
  at,
  title,
  sections: [
    {
      at,
      path: "guides",
      title: '{{id:site "Docs"}}',
      siteSpaces: [{ at, spaceId: "spc_guides", spaceName: "guides", path: "guides" }],
    },
  ],
  redirects: [{ at, source: "/old", destination: { kind: "site-section", sectionPath: "guides" } }],
});

const liveSite = (title: string): LiveState => ({
  item: { id: "org_1" },
  children: {
    site: [
      {
        item: { id: "site_1", title, type: "basic", visibility: "public" } satisfies LiveSite,
        children: { section: [], group: [], "site space": [], redirect: [] },
      },
    ],
  },
});

const empty: LiveState = { item: { id: "org_1" }, children: { site: [] } };
const call = (plan: Plan, summary: string): Call => plan.calls.find((c) => c.summary === summary)!;
const siteAt: Address = [{ kind: "site", key: TITLE }];
const sectionAt: Address = [...siteAt, { kind: "section", key: "guides" }];

describe("references to the items a plan creates", () => {
  it("name a new site in its sections' paths, and a new section in a redirect's body, and order the calls", () => {
    const plan = buildPlan(desired([site(TITLE)]), empty);
    const createSite = call(plan, "create site");
    expect(createSite.captures?.[0]?.address).toEqual(siteAt);
    expect(createSite.needs).toBeUndefined();

    const createSection = call(plan, "create section");
    expect(createSection.path).toEqual(["/orgs/org_1/sites/", { idOf: siteAt }, "/sections"]);
    expect(createSection.needs).toEqual([siteAt]);
    expect(createSection.dependsOn).toContain(createSite.id);
    // The section's title is user text that looks like a reference: it is sent as it is.
    expect(createSection.body).toMatchObject({ title: '{{id:site "Docs"}}' });
    expect(createSection.ids).toBeUndefined();

    const redirect = call(plan, "create redirect");
    expect(redirect.body).toEqual({
      source: "/old",
      destination: { kind: "site-section", siteSectionId: null },
    });
    expect(redirect.ids).toEqual([{ at: "/destination/siteSectionId", idOf: sectionAt }]);
    expect(redirect.needs).toEqual([siteAt, sectionAt]);
    expect(redirect.dependsOn).toEqual(expect.arrayContaining([createSite.id, createSection.id]));
  });

  it("name a live item by its id, in text: the call waits for no create", () => {
    const plan = buildPlan(desired([site(TITLE)]), liveSite(TITLE));
    const createSection = call(plan, "create section");
    expect(createSection.path).toBe("/orgs/org_1/sites/site_1/sections");
    expect(createSection.needs).toBeUndefined();
    expect(createSection.dependsOn).toEqual([]);
    // The redirect still waits for its new section, and only for it.
    const redirect = call(plan, "create redirect");
    expect(redirect.needs).toEqual([
      [
        { kind: "site", key: TITLE },
        { kind: "section", key: "guides" },
      ],
    ]);
    expect(redirect.dependsOn).toEqual([createSection.id]);
  });

  it("tell apart two sites whose names differ only where a text address would be ambiguous", () => {
    const other = `Docs }} {{id:x}} › "q" \\ 'single' › section "guides"`;
    const plan = buildPlan(desired([site(TITLE), site(other)]), empty);
    const sections = plan.calls.filter((c) => c.summary === "create section");
    expect(sections.map((c) => c.needs)).toEqual([[siteAt], [[{ kind: "site", key: other }]]]);
    const creates = plan.calls.filter((c) => c.summary === "create site");
    expect(sections[0]!.dependsOn).toContain(creates[0]!.id);
    expect(sections[1]!.dependsOn).toContain(creates[1]!.id);
    expect(sections[1]!.dependsOn).not.toContain(creates[0]!.id);
    expect(plan.changes.map((change) => change.address)).toContain(
      `site ${JSON.stringify(other)} › section "guides"`,
    );
  });

  it("refuse to be written as text: a path that names a new item is built with the paths' helpers", () => {
    const path = sitePath("org_1", new IdRef(siteAt));
    expect(() => `${path}/move`).toThrow("written as text; build it with subPath or below");
    expect(subPath(path, "/move")).toEqual(["/orgs/org_1/sites/", { idOf: siteAt }, "/move"]);
    expect(JSON.parse(JSON.stringify(subPath(path, "/move")))).toEqual([
      "/orgs/org_1/sites/",
      { idOf: siteAt },
      "/move",
    ]);
  });
});
