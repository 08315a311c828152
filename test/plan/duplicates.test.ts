// Live duplicates of a configured item, in the planner directly: the copies that two applies at
// once make (matching the configured item exactly, holding nothing more) are deleted, the one
// item that is something else is kept, and more than one such stops the plan with the pin hint.

import { describe, expect, it } from "vitest";
import { DEFAULT_PRUNE, type DesiredState, type SourceLocation } from "../../src/config/types.ts";
import type { LiveNode } from "../../src/kinds/types.ts";
import type { Plan } from "../../src/model/plan.ts";
import type { LiveState } from "../../src/model/scope.ts";
import { buildPlan } from "../../src/plan/build.ts";

const at: SourceLocation = { file: "docsync.yaml", line: 3, column: 5 };

function configuration(parts: Partial<DesiredState>): DesiredState {
  return {
    files: ["docsync.yaml"],
    organization: "org_1",
    spaces: { guides: "spc_guides", sdk: "spc_sdk" },
    policy: { prune: [...DEFAULT_PRUNE] },
    sensitiveValues: [],
    ...parts,
  };
}

const leaf = <T extends { id: string }>(item: T, details?: Record<string, unknown>): LiveNode<T> => ({
  item,
  children: {},
  ...(details ? { details } : {}),
});

const organization = (children: LiveState["children"]): LiveState => ({ item: { id: "org_1" }, children });

const changes = (plan: Plan) =>
  plan.changes.map((change) => `${change.action} ${change.address}${change.note ? ` (${change.note})` : ""}`);

const collection = (id: string, title: string, spaces: string[], parent?: string) =>
  leaf({ id, title, ...(parent ? { parent } : {}) }, { spaces: spaces.map((space) => ({ id: space })) });

describe("live duplicates of a configured item", () => {
  it("keeps the one collection that holds a space the configuration does not place, and deletes the empty copy", () => {
    const plan = buildPlan(
      configuration({ collections: [{ at, title: "Guides" }] }),
      organization({
        collection: [collection("col_1", "Guides", []), collection("col_2", "Guides", ["spc_someone"])],
      }),
    );
    expect(changes(plan)).toEqual([
      'delete collection "Guides#col_1" (duplicate of col_2, which is kept (the only one that differs or holds more than the configuration))',
    ]);
    expect(plan.changes[0]!.highRisk).toBe(true);
  });

  it("stops with the pin hint when more than one differs from the configuration or holds more", () => {
    const plan = () =>
      buildPlan(
        configuration({ collections: [{ at, title: "Guides", description: "How-tos" }] }),
        organization({
          collection: [
            collection("col_1", "Guides", ["spc_a"]),
            leaf({ id: "col_2", title: "Guides", description: "other" }, { spaces: [] }),
            collection("col_3", "Guides", []),
          ],
        }),
      );
    expect(plan).toThrow(
      'docsync.yaml:3:5: 3 live collections are titled "Guides" (col_1, col_2, col_3): pin the one this is with id: <collection id>',
    );
  });

  it("reads each run's copies, which name each other, as copies: a space in the newer one moves before it goes", () => {
    // Two runs each made Product docs and Guides inside it; the handbook ended in the second's.
    const plan = buildPlan(
      configuration({
        collections: [
          { at, title: "Product docs" },
          { at, title: "Guides", parent: { title: "Product docs" } },
        ],
        spaceSettings: [{ at, name: "handbook", spaceId: "spc_handbook", collection: { title: "Guides" } }],
      }),
      organization({
        collection: [
          collection("col_p1", "Product docs", []),
          collection("col_p2", "Product docs", []),
          collection("col_g1", "Guides", [], "col_p1"),
          collection("col_g2", "Guides", ["spc_handbook"], "col_p2"),
        ],
        space: [leaf({ id: "spc_handbook", parent: "col_g2" })],
      }),
    );
    expect(changes(plan)).toEqual([
      'delete collection "Product docs#col_p2" (duplicate of col_p1, which is kept (listed first: the API gives no creation time))',
      'delete collection "Guides#col_g2" (duplicate of col_g1, which is kept (listed first: the API gives no creation time))',
      'update space "handbook"',
    ]);
    const move = plan.calls.find((call) => call.path === "/spaces/spc_handbook/move")!;
    const deleteCopy = plan.calls.find((call) => call.path === "/collections/col_g2")!;
    expect(deleteCopy.dependsOn).toContain(move.id);
  });

  it("takes a team with more members than configured, or a role on a space it is not given, for one made on purpose", () => {
    const team = (id: string, members: number, spaces: number) => leaf({ id, title: "Ops", members, spaces });
    const plan = (live: LiveNode[]) =>
      changes(
        buildPlan(
          configuration({
            teams: [{ at, title: "Ops", members: ["usr_ada"] }],
            spaceSettings: [
              {
                at,
                name: "guides",
                spaceId: "spc_guides",
                permissions: [{ at, type: "team", name: "Ops", role: "edit" }],
              },
            ],
          }),
          organization({ team: live, space: [leaf({ id: "spc_guides" })] }),
        ),
      ).filter((line) => line.includes("team "));
    const kept = "which is kept (the only one that differs or holds more than the configuration)";
    expect(plan([team("t1", 1, 1), team("t2", 2, 1)])).toEqual([
      `delete team "Ops#t1" (duplicate of t2, ${kept})`,
    ]);
    expect(plan([team("t1", 1, 2), team("t2", 1, 1)])).toEqual([
      `delete team "Ops#t2" (duplicate of t1, ${kept})`,
    ]);
    expect(plan([team("t1", 1, 1), team("t2", 1, 1)])).toEqual([
      'delete team "Ops#t2" (duplicate of t1, which is kept (listed first: the API gives no creation time))',
    ]);
  });

  it("reads a provider naming a duplicate team as naming the team it repeats", () => {
    const provider = (id: string, team: string) =>
      leaf({ id, label: "Okta", defaultRole: "read", defaultTeam: { id: team, title: "Ops" } });
    const plan = buildPlan(
      configuration({
        teams: [{ at, title: "Ops" }],
        samlProviders: [{ at, label: "Okta", defaultRole: "read", defaultTeam: { title: "Ops" } }],
      }),
      organization({
        team: [leaf({ id: "t1", title: "Ops" }), leaf({ id: "t2", title: "Ops" })],
        "SAML provider": [provider("p1", "t2"), provider("p2", "t1")],
      }),
    );
    expect(changes(plan)).toEqual([
      'delete team "Ops#t2" (duplicate of t1, which is kept (listed first: the API gives no creation time))',
      'update SAML provider "Okta"',
      'delete SAML provider "Okta#p2" (duplicate of p1, which is kept (listed first: the API gives no creation time))',
    ]);
    // The kept provider names the kept team before the other team goes.
    const update = plan.calls.find((call) => call.method === "PATCH")!;
    expect(update.body).toEqual({ defaultTeam: "t1" });
    expect(plan.calls.find((call) => call.path.endsWith("/teams/t2"))!.dependsOn).toContain(update.id);
  });

  it("takes translation settings with languages for ones made on purpose", () => {
    const plan = buildPlan(
      configuration({ translations: [{ at, form: "settings", title: "French" }] }),
      organization({
        translation: [
          leaf({ id: "trs_1", title: "French", languages: [] }),
          leaf({ id: "trs_2", title: "French", languages: ["fr"] }),
        ],
      }),
    );
    expect(changes(plan)).toEqual([
      'delete translation "French#trs_1" (duplicate of trs_2, which is kept (the only one that differs or holds more than the configuration))',
    ]);
  });
});

describe("live duplicates of a configured site", () => {
  const siteSpace = (id: string, space: string, path: string) => ({ id, path, space: { id: space } });
  const section = (id: string, path: string, title: string, spaces: ReturnType<typeof siteSpace>[]) => ({
    item: { id, path, title, siteSpaces: spaces },
    children: { "site space": spaces.map((s) => leaf(s)) },
  });
  /** A site as a run makes it: a section "guides" and a redirect to it; `extra` another section. */
  const site = (id: string, extra = false) => ({
    item: { id, title: "Docs", type: "basic", visibility: "public" },
    children: {
      section: [
        section(`${id}_s1`, "guides", "Guides", [siteSpace(`${id}_ss1`, "spc_guides", "g")]),
        ...(extra ? [section(`${id}_s2`, "sdk", "SDK", [siteSpace(`${id}_ss2`, "spc_sdk", "s")])] : []),
      ],
      group: [],
      "site space": [],
      redirect: [
        leaf({
          id: `${id}_r1`,
          source: "/old",
          destination: { kind: "site-section", siteSectionId: `${id}_s1` },
        }),
      ],
    },
  });
  const configured = configuration({
    sites: [
      {
        at,
        title: "Docs",
        sections: [
          {
            at,
            path: "guides",
            title: "Guides",
            siteSpaces: [{ at, spaceId: "spc_guides", spaceName: "guides", path: "g" }],
          },
        ],
        sectionGroups: [],
        redirects: [{ at, source: "/old", destination: { kind: "site-section", sectionPath: "guides" } }],
      },
    ],
  });

  it("deletes a site whose sections, site spaces and redirects are copies of the configured ones", () => {
    const plan = buildPlan(configured, organization({ site: [site("site_1"), site("site_2")] }));
    expect(changes(plan)).toEqual([
      'delete site "Docs#site_2" (duplicate of site_1, which is kept (listed first: the API gives no creation time))',
    ]);
  });

  it("keeps the site that holds a section the configuration does not list, and plans it", () => {
    const plan = buildPlan(configured, organization({ site: [site("site_1"), site("site_2", true)] }));
    expect(changes(plan)).toEqual([
      'delete site "Docs" › section "sdk"',
      'delete site "Docs#site_1" (duplicate of site_2, which is kept (the only one that differs or holds more than the configuration))',
    ]);
  });

  it("stops with the pin hint when both hold sections the configuration does not list", () => {
    expect(() =>
      buildPlan(configured, organization({ site: [site("site_1", true), site("site_2", true)] })),
    ).toThrow(
      'docsync.yaml:3:5: 2 live sites are titled "Docs" (site_1, site_2): pin the one this is with id: <site id>',
    );
  });

  it("deletes a section a second run left half-made beside the finished one, whatever policy.prune says", () => {
    const plan = buildPlan(
      { ...configured, policy: { prune: [] } },
      organization({
        site: [
          {
            ...site("site_1"),
            children: {
              ...site("site_1").children,
              section: [
                ...site("site_1").children.section,
                section("half", "guides-2", "Guides", [siteSpace("half_ss", "spc_guides", "guides")]),
              ],
            },
          },
        ],
      }),
    );
    expect(changes(plan)).toEqual([
      'delete site "Docs" › section "guides-2#half" (duplicate of site_1_s1, which is kept (it is finished; this one was left half-made))',
    ]);
  });
});
