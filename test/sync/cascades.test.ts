// What the service does by itself when an item is deleted, case by case as the emulator does it
// (docs/emulator.md): the plan shows it as consequences of the delete, makes no call for it, and
// one round of apply (a saved plan, applied once) converges to a plan with no changes. Grants
// that go with their team or member are in space-grants.test.ts.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiveTeam } from "../../src/kinds/access/team.ts";
import type { LiveSection } from "../../src/kinds/site/section.ts";
import type { LiveSectionGroup } from "../../src/kinds/site/section-group.ts";
import type { LiveSite } from "../../src/kinds/site/site.ts";
import type { LiveCollection } from "../../src/kinds/space/collection.ts";
import type { Change, Plan } from "../../src/model/plan.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";

const HEAD = `version: 1
organization: \${DOCSYNC_ORG}
spaces: { guides: spc_guides, api1: spc_api_v1, api2: spc_api_v2, sdk: spc_sdk }
`;

const section = (path: string, spaces: string[], more = "") =>
  `- path: ${path}\n  title: Section ${path}\n${more}  siteSpaces:\n${spaces.map((s) => `    - { space: ${s}, path: ${s} }\n`).join("")}`;
/** Lines indented by `by` spaces. */
const indent = (text: string, by: number) => text.replace(/^(?=.)/gm, " ".repeat(by));
const site = (...items: string[]) =>
  `${HEAD}sites:\n  - title: Docs\n    sections:\n${indent(items.join(""), 6)}`;
const group = (title: string, ...sections: string[]) =>
  `- group: ${title}\n  sections:\n${indent(sections.join(""), 4)}`;

describe("what the service does along with a delete", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  const planOf = async (path: string): Promise<Plan> => {
    const result = await h.run(["plan", "-c", path, "--format", "json"]);
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout) as Plan;
  };
  const change = (plan: Plan, address: string): Change => {
    const found = plan.changes.find((candidate) => candidate.address === address);
    expect(found, `${address} in ${plan.changes.map((c) => c.address).join(", ")}`).toBeDefined();
    return found!;
  };
  const shown = (found: Change) => found.consequences?.map((c) => [c.action, c.address, c.note]);

  /** Applies a saved plan of `path` once, and expects exit 0, no failed call, and no change after. */
  async function oneRound(path: string): Promise<string> {
    const file = path.replace(/\.yaml$/, ".plan.json");
    const plan = await h.run(["plan", "-c", path, "--out", file]);
    expect(plan.code, plan.stderr).toBe(0);
    const apply = await h.run(["apply", file, "-c", path, "--allow-destroy"]);
    expect(apply.code, `${apply.stdout}${apply.stderr}`).toBe(0);
    expect(apply.stdout).not.toContain("already gone");
    const check = await h.run(["plan", "-c", path, "--detailed-exitcode"]);
    expect(check.stdout, check.stderr).toContain("No changes");
    return plan.stdout;
  }

  const docs = async () => (await h.api.list<LiveSite>(`/orgs/${h.org}/sites`))[0]!;
  const sections = async () => h.api.list<LiveSection>(`/orgs/${h.org}/sites/${(await docs()).id}/sections`);
  const groups = async () =>
    h.api.list<LiveSectionGroup>(`/orgs/${h.org}/sites/${(await docs()).id}/section-groups`);

  describe("a section", () => {
    beforeEach(async () => {
      const start = site(
        section("a", ["guides"], "  default: true\n"),
        group("Dev", section("b", ["api1", "api2"]), section("c", ["sdk"])),
      );
      await applied(h, await h.config(start));
    });

    it("takes its site spaces along and leaves its group, which has no change of its own", async () => {
      const path = await h.config(
        site(section("a", ["guides"], "  default: true\n"), group("Dev", section("c", ["sdk"]))),
      );
      const plan = await planOf(path);
      expect(plan.changes.map((c) => [c.action, c.address])).toEqual([
        ["delete", 'site "Docs" › section "b"'],
      ]);
      expect(shown(plan.changes[0]!)).toEqual([
        ["delete", 'site "Docs" › section "b" › site space "api1"', undefined],
        ["delete", 'site "Docs" › section "b" › site space "api2"', undefined],
        ["update", 'site "Docs" › group "Dev"', 'section "b" leaves it'],
      ]);
      expect(plan.calls.map((call) => call.method)).toEqual(["DELETE"]);
      const text = await oneRound(path);
      expect(text).toContain(
        [
          '  site "Docs"',
          '    - section "b": title "Section b"',
          '        ↳ deletes site "Docs" › section "b" › site space "api1"',
          '        ↳ deletes site "Docs" › section "b" › site space "api2"',
          '        ↳ changes site "Docs" › group "Dev" (section "b" leaves it)\n',
        ].join("\n"),
      );
      expect(text).toContain("Plan: 0 to create, 0 to update, 0 to move, 1 to delete (1 section).");
      expect((await groups()).map((g) => [g.title, g.sections.map((s) => s.id)])).toEqual([
        ["Dev", [(await sections()).find((s) => s.path === "c")!.id]],
      ]);
    });

    it("the default one gives its flag to the section the configuration makes default, in one round", async () => {
      const path = await h.config(
        site(group("Dev", section("b", ["api1", "api2"]), section("c", ["sdk"], "  default: true\n"))),
      );
      await oneRound(path);
      expect((await sections()).map((s) => [s.path, s.default === true])).toEqual([
        ["b", false],
        ["c", true],
      ]);
    });
  });

  it("a section's default site space gives its flag to the one the configuration makes default, in one round", async () => {
    await applied(h, await h.config(site(section("a", ["api1", "api2", "sdk"]))));
    const path = await h.config(
      site(
        "- path: a\n  title: Section a\n  siteSpaces:\n    - { space: api2, path: api2 }\n    - { space: sdk, path: sdk, default: true }\n",
      ),
    );
    await oneRound(path);
    const [a] = await sections();
    expect(a!.siteSpaces.map((siteSpace) => [siteSpace.path, siteSpace.default === true])).toEqual([
      ["api2", false],
      ["sdk", true],
    ]);
  });

  describe("a group", () => {
    beforeEach(async () => {
      await applied(
        h,
        await h.config(
          site(section("a", ["guides"]), group("Dev", section("b", ["api1"]), section("c", ["sdk"]))),
        ),
      );
    });

    it("leaves its sections where they are, ungrouped", async () => {
      const path = await h.config(
        site(section("a", ["guides"]), section("b", ["api1"]), section("c", ["sdk"])),
      );
      const plan = await planOf(path);
      expect(plan.changes.map((c) => [c.action, c.address])).toEqual([
        ["delete", 'site "Docs" › group "Dev"'],
      ]);
      const leaves = "leaves the group, and stays where it is";
      expect(shown(plan.changes[0]!)).toEqual([
        ["update", 'site "Docs" › section "b"', leaves],
        ["update", 'site "Docs" › section "c"', leaves],
      ]);
      await oneRound(path);
      expect((await sections()).map((s) => [s.path, s.sectionGroup ?? null])).toEqual([
        ["a", null],
        ["b", null],
        ["c", null],
      ]);
    });

    it("deleted with its sections: each section's delete is its own, and the group's says nothing of them", async () => {
      const path = await h.config(site(section("a", ["guides"])));
      const plan = await planOf(path);
      expect(shown(change(plan, 'site "Docs" › section "b"'))).toEqual([
        ["delete", 'site "Docs" › section "b" › site space "api1"', undefined],
      ]);
      expect(change(plan, 'site "Docs" › group "Dev"').consequences).toBeUndefined();
      await oneRound(path);
      expect(await groups()).toEqual([]);
    });
  });

  it("a site takes its sections, groups, site spaces and redirects along: one call, and nothing below it fails", async () => {
    const old = site(section("a", ["guides"]), group("Dev", section("b", ["api1"])));
    await applied(h, await h.config(`${old}    redirects:\n      - { source: /old, to: { section: b } }\n`));
    const path = await h.config(`${HEAD}sites: []\npolicy: { prune: [sites] }\n`);
    const plan = await planOf(path);
    expect(plan.changes.map((c) => [c.action, c.address])).toEqual([["delete", 'site "Docs"']]);
    expect(plan.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `DELETE /orgs/${h.org}/sites/${(await docs()).id}`,
    ]);
    await oneRound(path);
    expect(await h.api.list(`/orgs/${h.org}/sites`)).toEqual([]);
  });

  it("a collection sends its spaces to the trash, shown under its delete; one inside it is deleted first", async () => {
    const outer = await h.api.send<LiveCollection>({
      method: "POST",
      path: `/orgs/${h.org}/collections`,
      body: { title: "Outer" },
    });
    const inner = await h.api.send<LiveCollection>({
      method: "POST",
      path: `/orgs/${h.org}/collections`,
      body: { title: "Inner", parent: outer!.id },
    });
    await h.api.send({ method: "POST", path: "/spaces/spc_status/move", body: { parent: inner!.id } });
    const path = await h.config(
      `${HEAD}collections: [{ title: Documentation }]\npolicy: { prune: [collections] }\n`,
    );
    const plan = await planOf(path);
    const trash = (title: string) => `"${title}" goes to the trash, restorable for 7 days`;
    expect(shown(change(plan, 'collection "Inner"'))).toEqual([
      ["delete", 'space "spc_status"', trash("Status")],
    ]);
    expect(change(plan, 'collection "Outer"').consequences).toBeUndefined();
    const deletes = plan.calls.filter((call) => call.method === "DELETE");
    const outerDelete = deletes.find((call) => call.path === `/collections/${outer!.id}`)!;
    expect(outerDelete.dependsOn).toContain(
      deletes.find((call) => call.path === `/collections/${inner!.id}`)!.id,
    );
    await oneRound(path);
    const status = await h.api.get<{ deletedAt?: string }>("/spaces/spc_status");
    expect(status.deletedAt).toBeDefined();
  });

  it("a collection's space that the plan moves out first is not sent to the trash", async () => {
    const path = await h.config(
      `version: 1\norganization: \${DOCSYNC_ORG}\ncollections: [{ title: Kept }]\npolicy: { prune: [collections] }\nspaces:\n  guides: { id: spc_guides, collection: Kept }\n`,
    );
    const plan = await planOf(path);
    expect(shown(change(plan, 'collection "Documentation"'))?.map(([, address]) => address)).toEqual([
      'space "spc_api_v1"',
      'space "spc_api_v2"',
    ]);
    await oneRound(path);
    expect((await h.api.get<{ deletedAt?: string }>("/spaces/spc_guides")).deletedAt).toBeUndefined();
    expect((await h.api.get<{ deletedAt?: string }>("/spaces/spc_api_v1")).deletedAt).toBeDefined();
  });

  describe("a team a SAML provider names as its default team", () => {
    beforeEach(async () => {
      await h.api.send({
        method: "POST",
        path: `/orgs/${h.org}/saml`,
        body: { label: "Okta", defaultTeam: "team_reviewers" },
      });
    });
    const teamTitles = async () => (await h.api.list<LiveTeam>(`/orgs/${h.org}/teams`)).map((t) => t.title);

    it("is not deleted while a provider the plan keeps names it: the plan stops before any write", async () => {
      const path = await h.config(`${HEAD}teams: [{ title: Writers }]\npolicy: { prune: [teams] }\n`);
      h.emulator.resetLog();
      const result = await h.run(["apply", "-c", path, "--yes", "--allow-destroy"]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        'team "Reviewers" (team_reviewers), which the plan deletes, is the default team of SAML provider "Okta"',
      );
      expect(h.writes()).toBe(0);
      expect(await teamTitles()).toEqual(["Writers", "Reviewers"]);
    });

    it("is deleted after the provider is given another default team", async () => {
      const path = await h.config(
        `${HEAD}teams: [{ title: Writers }]\nsamlProviders:\n  - { label: Okta, defaultTeam: Writers }\npolicy: { prune: [teams] }\n`,
      );
      await oneRound(path);
      expect(await teamTitles()).toEqual(["Writers"]);
    });

    it("is deleted on a service without single sign-on, where no provider can name it", async () => {
      h.emulator.removeRoutes(["GET /orgs/:organizationId/saml"]);
      const path = await h.config(`${HEAD}teams: [{ title: Writers }]\npolicy: { prune: [teams] }\n`);
      const plan = await planOf(path);
      expect(plan.changes.map((c) => c.address)).toEqual(['team "Reviewers"']);
    });

    it("is deleted after the provider that names it", async () => {
      const path = await h.config(
        `${HEAD}teams: [{ title: Writers }]\nsamlProviders: []\npolicy: { prune: [teams, samlProviders] }\n`,
      );
      await oneRound(path);
      expect(await teamTitles()).toEqual(["Writers"]);
    });
  });

  describe("a custom field", () => {
    const BASE = `version: 1\norganization: \${DOCSYNC_ORG}\n`;
    const values = async () =>
      Object.fromEntries(
        (
          await h.api.get<{ customField: { name: string }; value: unknown }[]>(
            "/spaces/spc_handbook/custom-fields",
          )
        ).map(({ customField, value }) => [customField.name, value]),
      );
    beforeEach(async () => {
      await applied(
        h,
        await h.config(
          `${BASE}customFields:\n  - { name: owner, type: text }\n  - { name: tier, type: text }\nspaces:\n  handbook: { id: spc_handbook, customFields: { owner: ada, tier: gold } }\n`,
        ),
      );
    });

    it("takes its values along: a space whose values the plan reads shows that it loses one", async () => {
      const path = await h.config(
        `${BASE}customFields:\n  - { name: tier, type: text }\npolicy: { prune: [customFields] }\nspaces:\n  handbook: { id: spc_handbook, customFields: { tier: gold } }\n`,
      );
      const plan = await planOf(path);
      expect(shown(change(plan, 'custom field "owner"'))).toEqual([
        ["update", 'space "handbook"', 'loses its value of custom field "owner"'],
      ]);
      await oneRound(path);
      expect(await values()).toEqual({ tier: "gold" });
    });

    it("deleted while a space sets a value of it: the plan stops before any write, at the value", async () => {
      const path = await h.config(
        `${BASE}customFields:\n  - { name: tier, type: text }\npolicy: { prune: [customFields] }\nspaces:\n  handbook: { id: spc_handbook, customFields: { owner: ada } }\n`,
      );
      h.emulator.resetLog();
      const result = await h.run(["apply", "-c", path, "--yes"]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /:7:13: space "handbook": custom field "owner" is deleted by this plan \(policy\.prune names customFields/,
      );
      expect(h.writes()).toBe(0);
    });

    it("replaced, gives the new field the value the space sets again, in one round", async () => {
      const path = await h.config(
        `${BASE}customFields:\n  - { name: owner, type: select, options: [ada, bob] }\n  - { name: tier, type: text }\nspaces:\n  handbook: { id: spc_handbook, customFields: { owner: ada, tier: gold } }\n`,
      );
      const plan = await planOf(path);
      expect(change(plan, 'custom field "owner"').action).toBe("replace");
      expect(change(plan, 'space "handbook"').fields).toEqual([{ field: "customFields.owner", to: "ada" }]);
      await oneRound(path);
      expect(await values()).toEqual({ owner: "ada", tier: "gold" });
    });
  });

  it("a member leaves its teams, which docsync does not manage after it makes them: shown, and no change follows", async () => {
    const path = await h.config(`${HEAD}teams:
  - { title: Writers, members: [usr_eddie] }
  - { title: Reviewers }
members:
  - { user: usr_ada, role: admin }
  - { user: usr_rita, role: read }
policy: { prune: [members] }
`);
    const writers = async () =>
      (await h.api.list<LiveTeam>(`/orgs/${h.org}/teams`)).find((t) => t.title === "Writers")!;
    // Eddie, and Ada who owns it.
    expect((await writers()).members).toBe(2);
    const plan = await planOf(path);
    expect(shown(change(plan, 'member "eddie@acme.example"'))).toEqual([
      ["update", 'team "Writers"', 'loses member "eddie@acme.example"'],
    ]);
    await oneRound(path);
    expect((await writers()).members).toBe(1);
  });
});
