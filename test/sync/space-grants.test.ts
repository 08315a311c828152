// Space permissions whose principals the same plan changes, names twice, or whose admin grants
// move from one principal to another, against the emulator: the plan matches grants by the
// principal's id, refuses what would lose a grant silently, and orders admin changes safely.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Plan } from "../../src/model/plan.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";
import { grant as grantOn, handbook, teamGrants, userGrants } from "../support/space-grants.ts";

// biome-ignore lint/suspicious/noTemplateCurlyInString: a configuration file interpolates it, not JavaScript.
const head = "version: 1\norganization: ${DOCSYNC_ORG}\n";

describe("space grants", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  const grant = (space: string, body: Record<string, unknown>) => grantOn(h, space, body);
  const users = (id: string) => userGrants(h, id);
  const teams = (id: string) => teamGrants(h, id);
  const planOf = async (path: string, ...more: string[]): Promise<Plan> => {
    const result = await h.run(["plan", "-c", path, "--format", "json", ...more]);
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout) as Plan;
  };

  it("refuses a permission naming a team the plan deletes, at the permission's position", async () => {
    await grant("spc_handbook", { role: "admin", teams: ["team_writers"] });
    const path = await h.config(`${head}teams:
  - { title: Reviewers }
policy: { prune: [teams, permissions] }
${handbook("{ team: Writers, role: admin }")}`);
    const result = await h.run(["apply", "-c", path, "--yes", "--allow-destroy"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /:10:9: space "handbook": team "Writers" in permissions is deleted by this plan/,
    );
    expect(result.stderr).not.toContain("    at ");
    // Nothing was written: the team and its grant are still there.
    expect(await teams("spc_handbook")).toEqual([["Writers", "admin"]]);
  });

  it("refuses a permission naming a member the plan removes from the organization", async () => {
    const path = await h.config(`${head}members:
  - { user: usr_ada, role: admin }
  - { user: usr_rita, role: read }
policy: { prune: [members] }
${handbook("{ user: usr_ada, role: admin }", "{ user: eddie@acme.example, role: read }")}`);
    const result = await h.run(["plan", "-c", path]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /:12:9: space "handbook": user "eddie@acme.example" in permissions is removed from the organization by this plan/,
    );
  });

  it("counts the grants of a team the plan deletes as gone when it keeps an admin on a space", async () => {
    await grant("spc_handbook", { role: "admin", teams: ["team_writers"] });
    // Permissions not pruned: Writers' unlisted grant stays, so the space keeps an admin.
    const kept = await h.config(`${head}policy: { prune: [] }
${handbook("{ user: usr_eddie, role: read }")}`);
    await applied(h, kept);
    expect(await teams("spc_handbook")).toEqual([["Writers", "admin"]]);
    // Writers deleted: its grant goes with it, and the space would have no admin.
    const deleted = await h.config(`${head}teams:
  - { title: Reviewers }
policy: { prune: [teams] }
${handbook("{ user: usr_eddie, role: read }")}`);
    // A rule apply enforces: plan exits 3, as for any plan that apply refuses; apply refuses it.
    const result = await h.run(["plan", "-c", deleted]);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain("leave the space without an admin (today: team team_writers)");
    const apply = await h.run(["apply", "-c", deleted, "--yes"]);
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain("leave the space without an admin (today: team team_writers)");
  });

  /** The plan's one change of a team. */
  const change = (plan: Plan) => plan.changes.find((candidate) => candidate.kind === "team")!;

  /** Plans `path` to a file, applies that plan, and expects exit 0 and a plan with no changes after. */
  const appliesInOneRound = async (path: string) => {
    const file = path.replace(/\.yaml$/, ".plan.json");
    const plan = await h.run(["plan", "-c", path, "--out", file]);
    expect(plan.code, plan.stderr).toBe(0);
    const apply = await h.run(["apply", file, "-c", path, "--allow-destroy"]);
    expect(apply.code, `${apply.stdout}${apply.stderr}`).toBe(0);
    const again = await h.run(["plan", "-c", path, "--detailed-exitcode"]);
    expect(again.stdout).toContain("No changes");
    return { plan: plan.stdout, apply: apply.stdout };
  };

  it("deletes a team with its grant: the grant goes with the team, as a consequence with no call", async () => {
    await grant("spc_handbook", { role: "admin", teams: ["team_writers"] });
    const path = await h.config(`${head}teams: []
policy: { prune: [teams, permissions] }
${handbook("{ user: usr_ada, role: admin }")}`);
    const plan = await planOf(path);
    const writers = plan.changes.find((change) => change.address === 'team "Writers"')!;
    expect(writers.consequences).toEqual([
      {
        action: "delete",
        kind: "space permission",
        address: 'space "handbook" › space permission "team:Writers"',
        liveId: "team_writers",
        note: 'role "admin"',
      },
    ]);
    // No change and no call of its own: the service removes it with the team.
    expect(plan.changes.map((change) => change.address)).not.toContain(writers.consequences![0]!.address);
    expect(plan.calls.filter((call) => call.path.includes("/permissions/teams"))).toEqual([]);
    expect(plan.summary).toMatchObject({ create: 1, delete: 2 });

    const { plan: text, apply } = await appliesInOneRound(path);
    expect(text).toContain(
      '  - team "Writers"  HIGH RISK\n      ↳ deletes space "handbook" › space permission "team:Writers" (role "admin")\n',
    );
    expect(apply).not.toContain("✗");
    expect(await teams("spc_handbook")).toEqual([]);
    expect(await users("spc_handbook")).toEqual([["usr_ada", "admin"]]);
  });

  it("lists under a team's delete the grants it takes away on spaces the file does not list", async () => {
    await grant("spc_handbook", { role: "admin", teams: ["team_writers"] });
    await grant("spc_internal", { role: "edit", teams: ["team_writers"] });
    await grant("spc_sdk", { role: "read", teams: ["team_writers"] });
    // sdk is named but its permissions are not listed; the internal wiki is not named at all.
    const path = await h.config(`${head}teams: []
policy: { prune: [teams, permissions] }
${handbook("{ user: usr_ada, role: admin }")}  sdk: spc_sdk
`);
    const plan = await planOf(path);
    const writers = plan.changes.find((change) => change.address === 'team "Writers"')!;
    const unlisted = "whose permissions the configuration does not list";
    expect(writers.consequences?.map((c) => [c.address, c.note])).toEqual([
      ['space "handbook" › space permission "team:Writers"', 'role "admin"'],
      ['space "sdk" › space permission "team:Writers"', `role "read" on space "SDK", ${unlisted}`],
      [
        'space "spc_internal" › space permission "team:Writers"',
        `role "edit" on space "Internal wiki", ${unlisted}`,
      ],
    ]);
    // Reviewers holds no grant (its spaces count is 0): nothing is read for it.
    expect(
      plan.changes.find((change) => change.address === 'team "Reviewers"')!.consequences,
    ).toBeUndefined();
    const { plan: text } = await appliesInOneRound(path);
    expect(text).toContain(
      `      ↳ deletes space "spc_internal" › space permission "team:Writers" (role "edit" on space "Internal wiki", ${unlisted})\n`,
    );
    expect(await teams("spc_internal")).toEqual([]);
  });

  it("reads no space for a team prune when no team that goes holds a grant", async () => {
    const path = await h.config(`${head}teams:\n  - { title: Writers }\npolicy: { prune: [teams] }\n`);
    h.emulator.resetLog();
    await planOf(path);
    // The teams, and the SAML providers that might name Reviewers: no space, no grant.
    expect(h.emulator.requests.map((entry) => entry.path)).toEqual([
      `/v1/orgs/${h.org}/teams`,
      `/v1/orgs/${h.org}/saml`,
    ]);
  });

  it("removes a member with its grant, which goes with it, and with a direct apply too", async () => {
    await grant("spc_handbook", { role: "read", users: ["usr_rita"] });
    await grant("spc_sdk", { role: "edit", users: ["usr_rita"] });
    const config = `${head}members:
  - { user: usr_ada, role: admin }
  - { user: usr_eddie, role: edit }
policy: { prune: [members, permissions] }
spaces:
  handbook:
    id: spc_handbook
    permissions:
      - { user: usr_ada, role: admin }
  sdk:
    id: spc_sdk
`;
    const path = await h.config(config);
    const plan = await planOf(path);
    const rita = plan.changes.find((change) => change.kind === "member")!;
    expect(rita.address).toBe('member "rita@acme.example"');
    expect(rita.consequences?.map((c) => c.address)).toEqual([
      'space "handbook" › space permission "user:usr_rita"',
      // Not listed with permissions: read for the member that goes, and shown.
      'space "sdk" › space permission "user:rita@acme.example"',
      // It leaves its team too.
      'team "Reviewers"',
    ]);
    expect(plan.calls.filter((call) => call.path.includes("/permissions/users/"))).toEqual([]);
    const result = await h.run(["apply", "-c", path, "--yes", "--allow-destroy"]);
    expect(result.code, `${result.stdout}${result.stderr}`).toBe(0);
    expect(result.stdout).toContain("Live state matches the configuration.");
    expect(await users("spc_handbook")).toEqual([["usr_ada", "admin"]]);
    expect(await users("spc_sdk")).toEqual([]);
  });

  it("counts only the team under policy.maxDestroy, not the grants it takes along", async () => {
    await grant("spc_handbook", { role: "edit", teams: ["team_writers"] });
    await grant("spc_sdk", { role: "edit", teams: ["team_writers"] });
    const path = await h.config(`${head}teams:
  - { title: Reviewers }
policy: { prune: [teams, permissions], maxDestroy: 1 }
${handbook("{ user: usr_ada, role: admin }")}`);
    const plan = await planOf(path);
    expect(change(plan).consequences).toHaveLength(2);
    const result = await h.run(["apply", "-c", path, "--yes"]);
    expect(result.code, `${result.stdout}${result.stderr}`).toBe(0);
    expect(await teams("spc_sdk")).toEqual([]);
  });

  it("shows the grants a deleted team takes along on a space whose permissions are not pruned", async () => {
    await grant("spc_handbook", { role: "edit", teams: ["team_reviewers"] });
    // Permissions are listed but not pruned: the grant would stay, but its team goes.
    const path = await h.config(`${head}teams:
  - { title: Writers }
policy: { prune: [teams] }
${handbook("{ user: usr_ada, role: admin }")}`);
    const plan = await planOf(path);
    const reviewers = plan.changes.find((change) => change.address === 'team "Reviewers"')!;
    expect(reviewers.consequences?.map((c) => [c.action, c.address, c.note])).toEqual([
      ["delete", 'space "handbook" › space permission "team:Reviewers"', 'role "edit"'],
    ]);
    await appliesInOneRound(path);
    expect(await teams("spc_handbook")).toEqual([]);
  });

  it("keeps a renamed team's grant: the rename is no change of the space's permissions", async () => {
    await grant("spc_handbook", { role: "admin", teams: ["team_writers"] });
    const before = await h.config(`${head}teams:
  - { title: Writers }
  - { title: Reviewers }
${handbook("{ team: Writers, role: admin }", "{ user: usr_ada, role: admin }")}`);
    await applied(h, before);
    const renamed = (role: string) =>
      h.config(`${head}teams:
  - { title: Authors, was: Writers }
  - { title: Reviewers }
${handbook(`{ team: Authors, role: ${role} }`, "{ user: usr_ada, role: admin }")}`);
    const plan = await planOf(await renamed("admin"));
    expect(plan.changes.map((change) => [change.action, change.kind])).toEqual([["update", "team"]]);
    // With a new role too: one PATCH of the same team, no invite nor removal.
    const edit = await planOf(await renamed("edit"));
    const grants = edit.calls.filter((call) => call.path.includes("/permissions"));
    expect(grants.map((call) => `${call.method} ${call.path}`)).toEqual([
      "PATCH /spaces/spc_handbook/permissions/teams/team_writers",
    ]);
    await applied(h, await renamed("edit"));
    expect(await teams("spc_handbook")).toEqual([["Authors", "edit"]]);
  });

  it("refuses one user named by id and by email in a space, at the second name's position", async () => {
    await grant("spc_sdk", { role: "admin", users: ["usr_ada"] });
    const path = await h.config(`${head}spaces:
  sdk:
    id: spc_sdk
    permissions:
      - { user: ada@acme.example, role: admin }
      - { user: usr_eddie, role: admin }
      - { user: usr_ada, role: read }
`);
    const result = await h.run(["apply", "-c", path, "--yes"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/:9:9: user "usr_ada" is the user "ada@acme.example" names at .*:7:9/);
    expect(await users("spc_sdk")).toEqual([["usr_ada", "admin"]]);
  });

  it("removes an admin only after the new admin's grant is made, and --target brings that grant along", async () => {
    await grant("spc_sdk", { role: "admin", users: ["usr_eddie"] });
    const path = await h.config(`${head}spaces:
  sdk:
    id: spc_sdk
    permissions:
      - { user: usr_rita, role: admin }
`);
    const plan = await planOf(path);
    const invite = plan.calls.find((call) => call.method === "POST")!;
    const removal = plan.calls.find((call) => call.method === "DELETE")!;
    expect(removal.path).toBe("/spaces/spc_sdk/permissions/users/usr_eddie");
    expect(removal.dependsOn).toContain(invite.id);

    // The invite fails: the old admin stays.
    h.emulator.failNext({ method: "POST", path: /\/permissions$/, kind: "status", status: 400 });
    const failed = await h.run(["apply", "-c", path, "--yes"]);
    expect(failed.code).toBe(1);
    expect(await users("spc_sdk")).toEqual([["usr_eddie", "admin"]]);

    // Only the removal targeted: the new admin's grant is made with it, first.
    const target = 'space "sdk" › space permission "user:usr_eddie"';
    const targeted = await planOf(path, "--target", target);
    expect(targeted.calls.map((call) => call.method).sort()).toEqual(["DELETE", "POST"]);
    const result = await h.run(["apply", "-c", path, "--yes", "--target", target]);
    expect(result.code, result.stderr).toBe(0);
    expect(await users("spc_sdk")).toEqual([["usr_rita", "admin"]]);
  });

  it("lowers an admin only after the new admin's grant is made", async () => {
    await grant("spc_sdk", { role: "admin", users: ["usr_eddie"] });
    const path = await h.config(`${head}spaces:
  sdk:
    id: spc_sdk
    permissions:
      - { user: usr_eddie, role: read }
      - { team: Writers, role: admin }
`);
    const plan = await planOf(path);
    const invite = plan.calls.find((call) => call.method === "POST")!;
    const lowered = plan.calls.find((call) => call.method === "PATCH")!;
    expect(lowered.dependsOn).toContain(invite.id);
  });
});
