// Comparing an approved plan with the plan made now: by action and address, by the requests of
// each change, whatever the ids and order of calls.

import { describe, expect, it } from "vitest";
import type { Call, Change, Plan } from "../../src/model/plan.ts";
import type { LiveNode, LiveState } from "../../src/model/scope.ts";
import { type LiveLookup, liveLookup, planDifference } from "../../src/plan/compare.ts";

const change = (
  id: string,
  address: string,
  calls: string[],
  action: Change["action"] = "update",
): Change => ({
  id,
  action,
  kind: "section",
  address,
  fields: [],
  calls,
});

const call = (
  id: string,
  changeId: string,
  path: string,
  body?: unknown,
  extra: Partial<Call> = {},
): Call => ({
  id,
  change: changeId,
  method: "PATCH",
  path,
  ...(body === undefined ? {} : { body }),
  dependsOn: [],
  summary: "update section",
  ...extra,
});

const plan = (changes: Change[], calls: Call[]): Plan => ({
  format: "docsync-plan",
  version: 1,
  organization: "org_acme",
  changes,
  calls,
  warnings: [],
  summary: { create: 0, update: changes.length, replace: 0, move: 0, delete: 0 },
});

/** Nothing is in the live state: every delete only the approved plan has is of an item gone. */
const nothingLive: LiveLookup = () => false;

const node = (id: string, children: LiveNode["children"] = {}): LiveNode<{ id: string }> => ({
  item: { id },
  children,
});
const live = (children: LiveNode["children"]): LiveState => node("org_acme", children);

const API = 'site "Docs" › section "api"';
const GUIDES = 'site "Docs" › section "guides"';

describe("planDifference", () => {
  const approved = plan(
    [change("c1", API, ["k1"]), change("c2", GUIDES, ["k2", "k3"])],
    [
      call("k1", "c1", "/orgs/o/sites/s/sections/a", { title: "API" }),
      call("k2", "c2", "/orgs/o/sites/s/sections/g", { title: "Guides" }),
      call("k3", "c2", "/orgs/o/sites/s/sections/g", { path: "guides" }, { dependsOn: ["k2"] }),
    ],
  );

  it("finds none between plans of the same requests, whatever their ids, order and waits", () => {
    const same = plan(
      [change("c7", GUIDES, ["k9", "k8"]), change("c8", API, ["k5"])],
      [
        call("k8", "c7", "/orgs/o/sites/s/sections/g", { path: "guides" }),
        call("k5", "c8", "/orgs/o/sites/s/sections/a", { title: "API" }, { dependsOn: ["k8"] }),
        call("k9", "c7", "/orgs/o/sites/s/sections/g", { title: "Guides" }),
      ],
    );
    expect(planDifference(approved, same, nothingLive)).toEqual([]);
    // Keys left undefined are the same as keys left out (a plan read back from its file).
    const undefinedKeys = plan(
      approved.changes,
      approved.calls.map((c) => ({ ...c, alternate: undefined })),
    );
    expect(planDifference(approved, undefinedKeys, nothingLive)).toEqual([]);
  });

  it("names changes added, dropped and made with other requests, by address, with the calls that differ", () => {
    const now = plan(
      [change("c1", GUIDES, ["k1", "k2"]), change("c2", 'team "Support"', ["k3"], "create")],
      [
        // Shifted ids: k1 here is not the approved plan's k1.
        call("k1", "c1", "/orgs/o/sites/s/sections/g", { title: "Guides" }),
        call("k2", "c1", "/orgs/o/sites/s/sections/g", { path: "guides-2" }),
        call("k3", "c2", "/orgs/o/teams", { title: "Support" }, { method: "PUT" }),
      ],
    );
    const difference = planDifference(approved, now, nothingLive);
    expect(
      difference.map((entry) => [
        entry.action,
        entry.address,
        entry.approved !== undefined,
        entry.current !== undefined,
        entry.approvedCalls.map((c) => c.body),
        entry.currentCalls.map((c) => c.body),
      ]),
    ).toEqual([
      ["update", GUIDES, true, true, [{ path: "guides" }], [{ path: "guides-2" }]],
      ["create", 'team "Support"', false, true, [], [{ title: "Support" }]],
      ["update", API, true, false, [{ title: "API" }], []],
    ]);
  });

  it("tells an update from a replacement of one address, and counts a repeated request each time", () => {
    const replaced = plan(
      [{ ...change("c1", API, ["k1"]), action: "replace" }, approved.changes[1]!],
      approved.calls,
    );
    expect(
      planDifference(approved, replaced, nothingLive).map((entry) => `${entry.action} ${entry.address}`),
    ).toEqual([`replace ${API}`, `update ${API}`]);
    const twice = plan(
      [change("c1", API, ["k1", "k4"]), approved.changes[1]!],
      [...approved.calls, call("k4", "c1", "/orgs/o/sites/s/sections/a", { title: "API" })],
    );
    expect(planDifference(approved, twice, nothingLive)[0]!.currentCalls.map((c) => c.id)).toEqual(["k4"]);
  });

  it("takes a delete only the approved plan has as done already when its item is gone, and as a difference when it is there", () => {
    const TEAM = 'team "Support"';
    const deleting = (id: string) =>
      plan(
        [...approved.changes, { ...change("c3", TEAM, ["k9"], "delete"), kind: "team", liveId: id }],
        [...approved.calls, call("k9", "c3", `/orgs/o/teams/${id}`, undefined, { method: "DELETE" })],
      );
    const withDelete = deleting("team_1");
    // Gone by hand since: the plan for now has no delete, and the approved one's DELETE will be
    // answered 404, which is done.
    expect(planDifference(withDelete, approved, nothingLive)).toEqual([]);
    // Still there, and the plan for now keeps it (the copy left of two, the kept one deleted by
    // hand): the approved plan's delete is a difference.
    const stillThere = liveLookup(live({ team: [node("team_1")] }));
    expect(planDifference(withDelete, approved, stillThere)).toEqual([
      {
        action: "delete",
        address: TEAM,
        approved: withDelete.changes[2],
        approvedCalls: [withDelete.calls[3]],
        currentCalls: [],
      },
    ]);
    // Another item of that name now: the DELETE differs.
    expect(
      planDifference(withDelete, deleting("team_2"), nothingLive).map(
        (entry) => `${entry.action} ${entry.address}`,
      ),
    ).toEqual([`delete ${TEAM}`]);
  });

  it("finds an item in the live state by its kind and id, at any depth", () => {
    const lookup = liveLookup(
      live({
        site: [node("site_1", { section: [node("sitesc_1", { "site space": [node("sitess_1")] })] })],
        team: [node("team_1")],
      }),
    );
    expect(lookup("site space", "sitess_1")).toBe(true);
    expect(lookup("section", "sitesc_1")).toBe(true);
    expect(lookup("team", "team_1")).toBe(true);
    // Another kind with that id, or the organization itself, is not the item.
    expect(lookup("section", "team_1")).toBe(false);
    expect(lookup("organization", "org_acme")).toBe(false);
    expect(lookup("team", "team_2")).toBe(false);
  });

  it("leaves batch calls out and compares the calls they carry, placeholders by address", () => {
    const redirect = (id: string, changeId: string, source: string): Call =>
      call(
        id,
        changeId,
        '/orgs/o/sites/{{id:site "Docs"}}/redirects',
        { source },
        { method: "POST", inBatch: "kb" },
      );
    const batched = (batchId: string, items: string[], body: unknown) =>
      call(batchId, "r1", '/orgs/o/sites/{{id:site "Docs"}}/redirects', body, {
        method: "PUT",
        batch: { route: "PUT /orgs/:o/sites/:s/redirects", items },
      });
    const a = plan(
      [
        change("r1", 'site "Docs" › redirect "/a"', ["kb", "k1"], "create"),
        change("r2", 'site "Docs" › redirect "/b"', ["kb", "k2"], "create"),
      ],
      [
        batched("kb", ["k1", "k2"], { items: ["/a", "/b"] }),
        redirect("k1", "r1", "/a"),
        redirect("k2", "r2", "/b"),
      ],
    );
    // Another batching of the same items (another id, another body's order) is the same plan.
    const b = plan(
      [
        change("r1", 'site "Docs" › redirect "/a"', ["kz", "k1"], "create"),
        change("r2", 'site "Docs" › redirect "/b"', ["kz", "k2"], "create"),
      ],
      [
        batched("kz", ["k2", "k1"], { items: ["/b", "/a"] }),
        redirect("k1", "r1", "/a"),
        redirect("k2", "r2", "/b"),
      ],
    );
    expect(planDifference(a, b, nothingLive)).toEqual([]);
  });
});
