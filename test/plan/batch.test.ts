// The planner's batch calls for the bulk redirect operation, directly: which redirect calls go
// in a batch, what a batch holds and waits for, and which calls stay on their own.

import { describe, expect, it } from "vitest";
import { DEFAULT_PRUNE, type DesiredState } from "../../src/config/types.ts";
import { parseTargetAddress } from "../../src/front/target-address.ts";
import type { DesiredRedirect, LiveRedirect } from "../../src/kinds/site/redirect.ts";
import type { LiveSection } from "../../src/kinds/site/section.ts";
import type { LiveNode } from "../../src/kinds/types.ts";
import type { Call, Plan } from "../../src/model/plan.ts";
import { pathText } from "../../src/model/references.ts";
import { BATCH_MAX } from "../../src/plan/batch.ts";
import { buildPlan } from "../../src/plan/build.ts";

const at = { file: "docsync.yaml", line: 1, column: 1 };
const node = <T>(item: T, children: LiveNode["children"] = {}): LiveNode<T> => ({ item, children });
const external = (source: string, url = `https://example.com${source}`): DesiredRedirect => ({
  at,
  source,
  destination: { kind: "raw", value: { kind: "external", url } },
});
const toSection = (source: string, sectionPath: string): DesiredRedirect => ({
  at,
  source,
  destination: { kind: "site-section", sectionPath },
});
const liveRedirect = (id: string, source: string, destination: LiveRedirect["destination"]) =>
  node<LiveRedirect>({ id, source, destination });

function plan(
  redirects: DesiredRedirect[],
  live: { redirects?: LiveNode[]; sections?: LiveNode[] } = {},
  extra: { sections?: string[]; targets?: string[] } = {},
): Plan {
  const desired: DesiredState = {
    files: ["docsync.yaml"],
    organization: "org_1",
    spaces: { guides: "spc_guides" },
    policy: { prune: [...DEFAULT_PRUNE] },
    sensitiveValues: [],
    sites: [
      {
        at,
        title: "Docs",
        sections: (extra.sections ?? []).map((path) => ({
          at,
          path,
          title: path,
          siteSpaces: [{ at, spaceId: "spc_guides", spaceName: "guides", path }],
        })),
        sectionGroups: [],
        redirects,
      },
    ],
  };
  const site = node(
    { id: "site_1", title: "Docs", type: "basic", visibility: "public" },
    { section: live.sections ?? [], group: [], "site space": [], redirect: live.redirects ?? [] },
  );
  const targets = extra.targets?.map(parseTargetAddress);
  return buildPlan(
    desired,
    { item: { id: "org_1" }, children: { site: [site] } },
    targets ? { targets } : {},
  );
}

const batches = (p: Plan) => p.calls.filter((call) => call.batch);
const byId = (p: Plan) => new Map(p.calls.map((call) => [call.id, call]));

describe("batch calls of the bulk redirect operation", () => {
  it("sends a site's redirect creates in batches of 500, each item's call after its batch", () => {
    const sources = Array.from({ length: 2 * BATCH_MAX + 1 }, (_, i) => `/r${i}`);
    const p = plan(sources.map((source) => external(source)));
    const [first, second, third] = batches(p);
    expect(batches(p)).toHaveLength(3);
    expect([first, second, third].map((call) => call!.batch!.items.length)).toEqual([500, 500, 1]);
    expect(first).toMatchObject({
      method: "PUT",
      path: "/orgs/org_1/sites/site_1/redirects",
      dependsOn: [],
      summary: "make 500 changes in one call of the bulk operation",
    });
    const body = first!.body as { redirects: { source: string }[] };
    expect(body.redirects[0]).toEqual({
      source: "/r0",
      destination: { kind: "external", url: "https://example.com/r0" },
    });
    expect(body.redirects.map((item) => item.source)).toEqual(sources.slice(0, 500));
    // Each change keeps its own call (the form for a service without the operation), after the batch.
    const calls = byId(p);
    const change = p.changes[0]!;
    expect(change.calls).toEqual([first!.id, first!.batch!.items[0]]);
    const item = calls.get(first!.batch!.items[0]!)!;
    expect(item).toMatchObject({ method: "POST", inBatch: first!.id, captures: [{ pointer: "/id" }] });
    expect(item.dependsOn).toContain(first!.id);
  });

  it("puts updates and deletes in the batch as items by source, a delete with a null destination", () => {
    const p = plan([external("/a", "https://example.org/a")], {
      redirects: [
        liveRedirect("red_a", "/a", { kind: "external", url: "https://example.com/a" }),
        liveRedirect("red_b", "/b", { kind: "external", url: "https://example.com/b" }),
      ],
    });
    const [batch] = batches(p);
    expect(batch!.body).toEqual({
      redirects: [
        { source: "/a", destination: { kind: "external", url: "https://example.org/a" } },
        { source: "/b", destination: null },
      ],
    });
    expect(batch!.batch!.items.map((id) => byId(p).get(id)!.method)).toEqual(["PATCH", "DELETE"]);
  });

  it("makes redirects to a new section wait for it in their own batch, apart from those that wait for nothing", () => {
    const p = plan(
      [external("/a"), external("/b"), toSection("/c", "guides"), toSection("/d", "guides")],
      {},
      {
        sections: ["guides"],
      },
    );
    const [free, waiting] = batches(p);
    const calls = byId(p);
    expect(free!.dependsOn).toEqual([]);
    expect(free!.batch!.items.map((id) => (calls.get(id)!.body as { source: string }).source)).toEqual([
      "/a",
      "/b",
    ]);
    const createSection = p.calls.find((call) => call.summary === "create section")!;
    expect(waiting!.dependsOn).toContain(createSection.id);
    // The new section's id is a reference beside the body, at each place it goes; null there until apply.
    expect(waiting!.body).toEqual({
      redirects: [
        { source: "/c", destination: { kind: "site-section", siteSectionId: null } },
        { source: "/d", destination: { kind: "site-section", siteSectionId: null } },
      ],
    });
    const guides = [
      { kind: "site", key: "Docs" },
      { kind: "section", key: "guides" },
    ];
    expect(waiting!.ids).toEqual([
      { at: "/redirects/0/destination/siteSectionId", idOf: guides },
      { at: "/redirects/1/destination/siteSectionId", idOf: guides },
    ]);
    expect(waiting!.needs).toEqual([guides]);
  });

  it("deletes a section only after the batch that takes the redirects away from it", () => {
    const section = node<LiveSection>(
      { id: "sec_old", path: "old", title: "Old", siteSpaces: [] },
      { "site space": [] },
    );
    const p = plan([external("/x")], {
      sections: [section],
      redirects: [
        liveRedirect("red_1", "/r1", { kind: "site-section", siteSectionId: "sec_old" }),
        liveRedirect("red_2", "/r2", { kind: "site-section", siteSectionId: "sec_old" }),
      ],
    });
    const [batch] = batches(p);
    expect(batch!.batch!.items).toHaveLength(3);
    const deleteSection = p.calls.find(
      (call) => call.method === "DELETE" && pathText(call.path).endsWith("sec_old"),
    )!;
    const waitsFor = (call: Call, id: string, calls = byId(p)): boolean =>
      call.dependsOn.some((dep) => dep === id || waitsFor(calls.get(dep)!, id, calls));
    expect(waitsFor(deleteSection, batch!.id)).toBe(true);
  });

  it("keeps a change of source out of the batch: the operation names a redirect by its source", () => {
    const p = plan([{ ...external("/new"), was: "/old" }, external("/b"), external("/c")], {
      redirects: [liveRedirect("red_1", "/old", { kind: "external", url: "https://example.com/new" })],
    });
    const [batch] = batches(p);
    const rename = p.calls.find((call) => call.method === "PATCH")!;
    expect(rename.inBatch).toBeUndefined();
    expect(batch!.batch!.items.map((id) => byId(p).get(id)!.method)).toEqual(["POST", "POST"]);
  });

  it("makes no batch of a single change, and batches only what --target keeps", () => {
    expect(batches(plan([external("/a")]))).toEqual([]);
    const p = plan(
      [external("/a"), external("/b"), external("/c")],
      {},
      { targets: ['site "Docs" › redirect "/a"'] },
    );
    expect(p.calls.map((call) => call.summary)).toEqual(["create redirect"]);
  });
});
