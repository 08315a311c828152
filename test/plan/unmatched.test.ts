// The planner's word about live items that nothing matched, where the configuration creates an
// item of their kind: an item renamed in the web app would otherwise be made a second time.

import { describe, expect, it } from "vitest";
import { DEFAULT_PRUNE, type DesiredState, type SourceLocation } from "../../src/config/types.ts";
import { parseTargetAddress } from "../../src/front/target-address.ts";
import type { LiveNode } from "../../src/kinds/types.ts";
import type { LiveState } from "../../src/model/scope.ts";
import { buildPlan } from "../../src/plan/build.ts";

const at: SourceLocation = { file: "docsync.yaml", line: 1, column: 1 };

function desired(parts: Partial<DesiredState>): DesiredState {
  return {
    files: ["docsync.yaml"],
    organization: "org_1",
    spaces: { guides: "spc_guides" },
    policy: { prune: [...DEFAULT_PRUNE] },
    sensitiveValues: [],
    ...parts,
  };
}

const node = (item: { id: string } & Record<string, unknown>, children: LiveNode["children"] = {}) => ({
  item,
  children,
});
const live = (children: LiveState["children"]): LiveState => ({ item: { id: "org_1" }, children });
const liveSite = (id: string, title: string, children: LiveNode["children"] = {}) =>
  node({ id, title, type: "basic", visibility: "public" }, children);
const site = (title: string, more: Record<string, unknown> = {}) => ({ at, title, ...more });

describe("live items nothing matched", () => {
  it("names a live site beside a configured one that would be created, with the pin and the hint that match it", () => {
    const plan = buildPlan(
      desired({ sites: [site("Acme Docs")] }),
      live({ site: [liveSite("site_0003", "Docs Portal")] }),
    );
    expect(plan.changes.map((change) => `${change.action} ${change.address}`)).toEqual([
      'create site "Acme Docs"',
    ]);
    expect(plan.warnings).toEqual([
      'live site "Docs Portal" (site_0003) is not in the configuration; if it is "Acme Docs" renamed by hand, add id: site_0003 (or was: "Docs Portal")',
    ]);
  });

  it("says nothing when nothing of the kind is created, however many live items the file leaves out", () => {
    const many = Array.from({ length: 30 }, (_, at) => liveSite(`site_${at}`, `Other ${at}`));
    const plan = buildPlan(
      desired({ sites: [site("Acme Docs")] }),
      live({ site: [liveSite("site_acme", "Acme Docs"), ...many] }),
    );
    expect(plan.changes).toEqual([]);
    expect(plan.warnings).toEqual([]);
  });

  it("matches an item by its id pin or its was hint: it is renamed, not listed", () => {
    const pinned = buildPlan(
      desired({ sites: [site("Acme Docs", { id: "site_0003" })] }),
      live({ site: [liveSite("site_0003", "Docs Portal")] }),
    );
    expect(pinned.changes.map((change) => [change.action, change.note])).toEqual([
      ["update", 'renamed from "Docs Portal"'],
    ]);
    expect(pinned.warnings).toEqual([]);
    const hinted = buildPlan(
      desired({ sites: [site("Acme Docs", { was: "Docs Portal" }), site("Beta")] }),
      live({ site: [liveSite("site_0003", "Docs Portal")] }),
    );
    expect(hinted.changes.map((change) => `${change.action} ${change.address}`)).toEqual([
      'update site "Acme Docs"',
      'create site "Beta"',
    ]);
    expect(hinted.warnings).toEqual([]);
  });

  it("names the configured items that could be the live one, and counts past five live items", () => {
    const liveSites = Array.from({ length: 8 }, (_, at) => liveSite(`site_${at}`, `Old ${at}`));
    const plan = buildPlan(desired({ sites: [site("A"), site("B")] }), live({ site: liveSites }));
    expect(plan.warnings).toEqual([
      ...[0, 1, 2, 3, 4].map(
        (at) =>
          `live site "Old ${at}" (site_${at}) is not in the configuration; if it is "A" or "B" renamed by hand, add id: site_${at} to that entry (or was: "Old ${at}")`,
      ),
      "3 more live sites are not in the configuration either (site_5, site_6, site_7)",
    ]);
    const four = buildPlan(
      desired({ sites: ["A", "B", "C", "D"].map((title) => site(title)) }),
      live({ site: [liveSite("site_9", "Old")] }),
    );
    expect(four.warnings).toEqual([
      'live site "Old" (site_9) is not in the configuration; if it is one of the 4 configured sites that no live one matches, renamed by hand, add id: site_9 to that entry (or was: "Old")',
    ]);
  });

  it("with --target, speaks only of the creates the plan keeps", () => {
    const state = live({
      site: [liveSite("site_0003", "Docs Portal")],
      team: [node({ id: "team_1", title: "Old" })],
    });
    const both = desired({ sites: [site("Acme Docs")], teams: [{ at, title: "New" }] });
    const plan = buildPlan(both, state, { targets: [parseTargetAddress('team "New"')] });
    expect(plan.changes.map((change) => change.address)).toEqual(['team "New"']);
    expect(plan.warnings).toEqual([
      'live team "Old" (team_1) is not in the configuration; if it is "New" renamed by hand, add id: team_1 (or was: "Old")',
    ]);
    expect(buildPlan(both, state).warnings).toHaveLength(2);
  });

  it("looks inside the configured sites only, at the kinds they manage", () => {
    const group = (id: string, title: string) => node({ id, title, sections: [] });
    const state = live({
      site: [
        liveSite("site_1", "Docs", { group: [group("sitesg_1", "Devs")] }),
        liveSite("site_2", "Elsewhere", { group: [group("sitesg_2", "Tools")] }),
      ],
    });
    const groups = (sectionGroups: unknown[]) =>
      desired({ sites: [site("Docs", { sections: [], sectionGroups })] });
    const plan = buildPlan(groups([{ at, title: "Developers", sections: [] }]), state);
    // Groups are pruned by default: the plan deletes the live one and creates the configured one.
    expect(plan.changes.map((change) => `${change.action} ${change.address}`)).toEqual([
      'create site "Docs" › group "Developers"',
      'delete site "Docs" › group "Devs"',
    ]);
    expect(plan.warnings).toEqual([
      'live site "Docs" › group "Devs" (sitesg_1) is not in the configuration; if it is "Developers" renamed by hand, add id: sitesg_1 (or was: "Devs")',
    ]);
  });

  it("says nothing of a kind the file does not manage, read only to resolve a name", () => {
    const plan = buildPlan(
      desired({ samlProviders: [{ at, label: "Okta", defaultTeam: { id: "team_1" } }] }),
      live({ "SAML provider": [], team: [node({ id: "team_1", title: "Writers" })] }),
    );
    expect(plan.changes.map((change) => change.action)).toEqual(["create"]);
    expect(plan.warnings).toEqual([]);
  });

  it("leaves out kinds whose items cannot be renamed, and duplicates, which are shown as such", () => {
    const fields = buildPlan(
      desired({ customFields: [{ at, name: "owner", type: "text" }] }),
      live({ "custom field": [node({ id: "cf_1", name: "tier", type: "text" })] }),
    );
    expect(fields.warnings).toEqual([]);
    const twice = buildPlan(
      desired({
        teams: [
          { at, title: "Writers" },
          { at, title: "New" },
        ],
      }),
      live({
        team: [
          node({ id: "team_1", title: "Writers", createdAt: "2025-01-01T00:00:00Z" }),
          node({ id: "team_2", title: "Writers", createdAt: "2025-02-01T00:00:00Z" }),
        ],
      }),
    );
    expect(twice.changes.map((change) => `${change.action} ${change.address} ${change.note ?? ""}`)).toEqual([
      'create team "New" ',
      'delete team "Writers#team_2" duplicate of team_1, which is kept (the oldest)',
    ]);
    expect(twice.warnings).toEqual([]);
  });
});
