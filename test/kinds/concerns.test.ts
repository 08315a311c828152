// The planner's concerns derived from fields declared as data (src/kinds/shapes/concerns.ts):
// directly, then for each kind whose calls are its own but whose concerns are derived (sections,
// redirects, site spaces, collections), as the planner orders calls by them. Each planned case
// fails when the kind's declaration loses the concern (a unique field, a reference): the calls
// no longer wait for each other. Exchanges and the sections' derived paths are in
// test/plan/dependencies.test.ts and test/plan/derived-paths.test.ts.

import { describe, expect, it } from "vitest";
import { type Concerns, changing, creating, removing } from "../../src/kinds/shapes/concerns.ts";
import { IdRef } from "../../src/model/address.ts";
import { runMemo } from "../../src/model/scope.ts";
import { buildPlan } from "../../src/plan/build.ts";
import {
  at,
  desired,
  docsPlan,
  live,
  liveSection,
  liveSiteSpace,
  node,
  section,
  siteSpace,
} from "../plan/builders.ts";
import { waitsFor } from "../support/plan-edges.ts";

const routes: Concerns = {
  kind: "route",
  collection: "routes",
  fields: [
    { name: "from", unique: true, temporary: (segment) => `/${segment}` },
    { name: "to", answer: "to.pageId", refers: {} },
    { name: "note" },
  ],
};
const scope = { address: [{ kind: "site", key: "Docs" }] };
const claim = (value: string) => `site "Docs"#routes.from=${value}`;
const liveRoute = { id: "rt_1", from: "/a", to: { pageId: "pg_1" }, note: "n" };

describe("concerns derived from fields", () => {
  it("a create claims the unique values it gives", () => {
    expect(creating(routes, scope, { from: "/a", to: "pg_1" })).toEqual({
      claims: [claim("/a")],
    });
    expect(creating(routes, scope, { note: "n" })).toEqual({});
  });

  it("a change of a unique value claims the new, releases the old and can go by a temporary one", () => {
    const memo = runMemo();
    const to = { from: "/b", to: "pg_2" };
    expect(changing(routes, scope, { id: "rt_1", to, was: liveRoute }, memo)).toEqual({
      claims: [claim("/b")],
      releases: [claim("/a")],
      temporary: { body: { from: "/docsync-swap-rt_1" }, summary: "move route to a temporary from" },
      unrefs: ["pg_1"],
    });
    // What the item did not hold, it does not give up; a change of other fields concerns no one.
    const made = changing(routes, scope, { id: new IdRef([]), to: { from: "/b" }, was: {} });
    expect(made.releases).toEqual([]);
    expect(changing(routes, scope, { id: "rt_1", to: { note: "m" }, was: liveRoute })).toEqual({});
  });

  it("a delete releases the unique values and stops naming what the item named", () => {
    expect(removing(routes, scope, liveRoute, runMemo())).toEqual({
      releases: [claim("/a")],
      unrefs: ["pg_1"],
    });
    expect(removing(routes, scope, { ...liveRoute, to: null })).toEqual({ releases: [claim("/a")] });
  });
});

const DOCS = 'site "Docs"';
const sectionAt = (path: string) => `${DOCS} › section "${path}"`;
const redirectTo = (source: string, sectionPath: string) => ({
  at,
  source,
  destination: { kind: "site-section" as const, sectionPath },
});
const liveRedirect = (id: string, source: string, siteSectionId: string) =>
  node({ id, source, destination: { kind: "site-section", siteSectionId } });
const guidesSection = liveSection("sec_g", "guides", "Guides", [
  liveSiteSpace("ss_g", "guides", "guides", true),
]);

describe("the concerns of sections, redirects, site spaces and collections, planned", () => {
  it("section: a path a deleted section gives up is taken by a rename after the delete", () => {
    const plan = docsPlan(
      { sections: [section("old", "API", ["api"], { was: "api" })], sectionGroups: [] },
      {
        sections: [
          liveSection("sec_api", "api", "API", [liveSiteSpace("ss_1", "api", "api", true)]),
          liveSection("sec_old", "old", "Old", [liveSiteSpace("ss_2", "guides", "guides", true)]),
        ],
      },
    );
    expect(waitsFor(plan, `${sectionAt("old")}: update section`)).toEqual([
      `${sectionAt("old#sec_old")}: delete section`,
    ]);
  });

  it("redirect: a section goes once the redirect to it is deleted; a source given up is taken after", () => {
    const plan = docsPlan(
      {
        sections: [section("start", "Start", ["sdk"])],
        sectionGroups: [],
        redirects: [{ ...redirectTo("/b", "start"), id: "red_1" }],
      },
      {
        sections: [
          liveSection("sec_s", "start", "Start", [liveSiteSpace("ss_s", "sdk", "sdk", true)]),
          guidesSection,
        ],
        redirects: [liveRedirect("red_1", "/a", "sec_s"), liveRedirect("red_2", "/b", "sec_g")],
      },
    );
    const removed = `${DOCS} › redirect "/b#red_2": delete redirect`;
    expect(waitsFor(plan, `${sectionAt("guides")}: delete section`)).toEqual([removed]);
    expect(waitsFor(plan, `${DOCS} › redirect "/b": update redirect`)).toEqual([removed]);
  });

  it("site space: a path a removed site space gives up is taken after, and two exchange by a temporary one", () => {
    const planOf = (siteSpaces: ReturnType<typeof siteSpace>[], live: ReturnType<typeof liveSiteSpace>[]) =>
      docsPlan(
        { sections: [section("main", "Main", [], { siteSpaces })], sectionGroups: [] },
        { sections: [liveSection("sec_1", "main", "Main", live)] },
      );
    const at = (space: string) => `${sectionAt("main")} › site space "${space}"`;
    const taken = planOf(
      [siteSpace("guides", "sdk")],
      [liveSiteSpace("ss_1", "guides", "guides", true), liveSiteSpace("ss_2", "sdk", "sdk")],
    );
    expect(waitsFor(taken, `${at("guides")}: update site space`)).toEqual([
      `${at("sdk")}: remove site space`,
    ]);
    const exchanged = planOf(
      [siteSpace("guides", "api"), siteSpace("api", "guides")],
      [liveSiteSpace("ss_1", "guides", "guides", true), liveSiteSpace("ss_2", "api", "api")],
    );
    const temporary = `${at("guides")}: move site space to a temporary path`;
    expect(waitsFor(exchanged, `${at("api")}: update site space`)).toEqual([temporary]);
  });

  it("collection: a parent goes after the collections that leave it or go with it", () => {
    const plan = buildPlan(
      desired({ collections: [{ at, title: "Kept", parent: null }], policy: { prune: ["collections"] } }),
      live({
        collection: [
          node({ id: "col_top", title: "Top" }),
          node({ id: "col_kept", title: "Kept", parent: "col_top" }),
          node({ id: "col_gone", title: "Gone", parent: "col_top" }),
        ],
      }),
    );
    expect(waitsFor(plan, 'collection "Top": delete collection')).toEqual([
      'collection "Gone": delete collection',
      'collection "Kept": move collection',
    ]);
  });
});
