// The reader and the planner match configured items to live ones once: the planner takes the
// matching the reader made for the containers it read below, with the same plan as its own.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../src/config/load.ts";
import { sectionKind } from "../../src/kinds/site/section.ts";
import type { LiveNode } from "../../src/kinds/types.ts";
import { keepMatching, type MatchRules, matchItems, matchingOf } from "../../src/live/match.ts";
import { readLiveState } from "../../src/live/read.ts";
import { sharedReads } from "../../src/live/shared-reads.ts";
import type { ItemMeta } from "../../src/model/desired.ts";
import { runMemo } from "../../src/model/scope.ts";
import { buildPlan } from "../../src/plan/build.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";

const siteConfig = (sections: string) => `version: 1
organization: \${DOCSYNC_ORG}
spaces: { guides: spc_guides, api2: spc_api_v2 }
sites:
  - title: Docs
    sections:
${sections}`;

const section = (path: string, title: string, space: string) =>
  `      - path: ${path}\n        title: ${title}\n        siteSpaces:\n          - { space: ${space}, path: ${space} }\n`;

describe("one matching for reading and planning", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    return h.close();
  });

  it("plans from the matching the reader made, and plans the same as with a matching of its own", async () => {
    const first = await h.config(
      siteConfig(section("guides", "Guides", "guides") + section("api", "API reference", "api2")),
    );
    await applied(h, first);
    // One title changed, so that the plan is not empty.
    const path = await h.config(
      siteConfig(section("guides", "Guides", "guides") + section("api", "API", "api2")),
    );
    const desired = await loadConfig({ paths: [path], env: h.env });

    const run = sharedReads(h.api);
    const live = await readLiveState(run, desired);
    const liveKey = vi.spyOn(sectionKind, "liveKey");
    const planned = buildPlan(desired, live, { run });
    // Matching reads every live section's key; the planner reads the key of the changed one
    // only, to tell a rename.
    expect(liveKey).toHaveBeenCalledTimes(1);
    liveKey.mockRestore();

    // The same live state as read afresh: lists the reader did not match.
    const fresh = structuredClone(live);
    expect(buildPlan(desired, fresh)).toEqual(planned);
    // A plan of another run matches for itself: the reader's matchings are its run's only.
    const again = vi.spyOn(sectionKind, "liveKey");
    expect(buildPlan(desired, live)).toEqual(planned);
    expect(again.mock.calls.length).toBeGreaterThan(1);
    expect(planned.changes.map((change) => `${change.action} ${change.address}`)).toEqual([
      'update site "Docs" › section "api"',
    ]);
  });
});

type Named = ItemMeta & { name: string };
type LiveNamed = { id: string; name: string };

describe("matchingOf", () => {
  const rules: MatchRules<Named, LiveNamed> = {
    key: (item) => item.name,
    liveKey: (item) => item.name,
  };
  const at = { file: "docsync.yaml", line: 1, column: 1 };
  const configured: Named[] = [
    { at, name: "a" },
    { at, name: "b" },
  ];
  const live: LiveNode<LiveNamed>[] = [
    { item: { id: "1", name: "b" }, children: {} },
    { item: { id: "2", name: "c" }, children: {} },
  ];
  const describeKey = (key: string) => `item "${key}"`;

  it("gives the matching kept for the same lists and rules, in the same run only", () => {
    const run = runMemo();
    const kept = keepMatching(run, configured, live, rules, describeKey);
    expect(matchingOf(run, configured, live, rules, describeKey)).toBe(kept);
    expect(kept).toEqual(matchItems(configured, live, rules, describeKey));
    const other = matchingOf(runMemo(), configured, live, rules, describeKey);
    expect(other).not.toBe(kept);
    expect(other).toEqual(kept);
  });

  it("matches again for another configured list, other rules, or a live list that grew", () => {
    const run = runMemo();
    const kept = keepMatching(run, configured, live, rules, describeKey);
    const other = [...configured];
    expect(matchingOf(run, other, live, rules, describeKey)).not.toBe(kept);
    expect(matchingOf(run, configured, live, { ...rules }, describeKey)).not.toBe(kept);
    const grown = [...live];
    keepMatching(run, configured, grown, rules, describeKey);
    grown.push({ item: { id: "3", name: "a" }, children: {} });
    const again = matchingOf(run, configured, grown, rules, describeKey);
    expect(again.live.map((node) => node?.item.id)).toEqual(["3", "1"]);
    expect(again.unclaimed.map((node) => node.item.id)).toEqual(["2"]);
  });
});
