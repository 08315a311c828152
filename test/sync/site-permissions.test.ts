// Site permissions against the emulator over HTTP: the new teams or users of a site invited in
// one call each and their roles set, a role changed and a grant removed one call each, drift of
// a hand change, the export's round trip, the rule that keeps the token's own access to the
// site, and the checks of the file at file:line:col.

import { readFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applied, type Harness, startHarness } from "../support/harness.ts";
import { conforms } from "../support/json-schemas.ts";

const HEADER = `version: 1
organization: \${DOCSYNC_ORG}
spaces: { handbook: spc_handbook }
`;

/** The site "Docs" with these grants, one per line (none: no `permissions:` key). */
const docs = (...grants: string[]) =>
  `${HEADER}sites:
  - title: Docs
    siteSpaces: [{ space: handbook, path: handbook }]
${grants.length > 0 ? `    permissions:\n${grants.map((g) => `      - ${g}\n`).join("")}` : ""}`;

interface Grant {
  permission: string | null;
  user?: { id: string };
  team?: { title: string };
}

describe("site permissions", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  const siteId = async () =>
    (await h.api.list<{ id: string; title: string }>(`/orgs/${h.org}/sites`)).find((s) => s.title === "Docs")!
      .id;
  const permissionsPath = async () => `/orgs/${h.org}/sites/${await siteId()}/permissions`;
  /** The site's grants as [team title or user id, role], teams first, each sorted. */
  const grants = async () => {
    const path = await permissionsPath();
    const teams = await h.api.list<Grant>(`${path}/teams`);
    const users = await h.api.list<Grant>(`${path}/users`);
    return [
      ...teams.map((g) => [`team:${g.team!.title}`, g.permission]).sort(),
      ...users.map((g) => [`user:${g.user!.id}`, g.permission]).sort(),
    ];
  };
  const writes = () => h.emulator.requests.filter((entry) => entry.method !== "GET");
  const noChanges = async (file: string) => {
    const plan = await h.run(["plan", "-c", file, "--detailed-exitcode"]);
    expect(plan.stdout).toContain("No changes");
    expect(plan.code).toBe(0);
  };
  const setRole = async (type: "teams" | "users", id: string, role: string) =>
    h.api.send({ method: "PATCH", path: `${await permissionsPath()}/${type}/${id}`, body: { role } });

  it("invites a new site's teams in one call, sets each one's role, and plans no change after", async () => {
    const file = await h.config(docs("{ team: Writers, role: edit }", "{ team: Reviewers, role: review }"));
    const plan = await h.run(["plan", "-c", file]);
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain('+ site permission "team:Writers": role "edit"\n');
    h.emulator.resetLog();
    await applied(h, file);
    const invitations = writes().filter(
      (entry) => entry.method === "POST" && entry.path.endsWith("/permissions"),
    );
    expect(invitations).toHaveLength(1);
    expect(await grants()).toEqual([
      ["team:Reviewers", "review"],
      ["team:Writers", "edit"],
    ]);
    await noChanges(file);
  });

  it("changes a role, removes a grant and invites a user, then plans no change", async () => {
    await applied(
      h,
      await h.config(docs("{ team: Writers, role: edit }", "{ team: Reviewers, role: review }")),
    );
    const file = await h.config(
      docs("{ team: Writers, role: admin }", "{ user: eddie@acme.example, role: comment }"),
    );
    const plan = await h.run(["plan", "-c", file]);
    expect(plan.stdout).toContain('~ site permission "team:Writers": role "edit" ⇒ "admin"\n');
    expect(plan.stdout).toContain('- site permission "team:Reviewers": team "Reviewers", role "review"\n');
    expect(plan.stdout).toContain('+ site permission "user:eddie@acme.example"');
    h.emulator.resetLog();
    await applied(h, file);
    // The role of Writers, the removal of Reviewers, Eddie's invitation and then his role.
    expect(
      writes()
        .map((entry) => entry.method)
        .sort(),
    ).toEqual(["DELETE", "PATCH", "PATCH", "POST"]);
    expect(await grants()).toEqual([
      ["team:Writers", "admin"],
      ["user:usr_eddie", "comment"],
    ]);
    await noChanges(file);
  });

  it("applies one new grant by --target, with the invitation it waits for", async () => {
    await applied(h, await h.config(docs()));
    const file = await h.config(docs("{ team: Writers, role: edit }", "{ team: Reviewers, role: review }"));
    const target = 'site "Docs" > site permission "team:Reviewers"';
    const result = await h.run(["apply", "-c", file, "--target", target, "--yes"]);
    expect(result.code).toBe(0);
    // The invitation is the first new grant's (Writers'): that grant comes along with it.
    expect(result.stdout).toContain('site permission "team:Writers"');
    expect(await grants()).toEqual([
      ["team:Reviewers", "review"],
      ["team:Writers", "edit"],
    ]);
    await noChanges(file);
  });

  it("reads a site's permissions only when its configuration names them", async () => {
    const without = await h.config(docs());
    await applied(h, without);
    h.emulator.resetLog();
    await h.run(["plan", "-c", without]);
    expect(h.emulator.requests.filter((entry) => entry.path.includes("/permissions"))).toEqual([]);
    await h.run(["plan", "-c", await h.config(docs("{ team: Writers, role: edit }"))]);
    const read = h.emulator.requests
      .filter((entry) => entry.path.includes("/permissions"))
      .map((e) => e.route);
    expect(read).toEqual(
      expect.arrayContaining([
        "GET /orgs/:organizationId/sites/:siteId/permissions/teams",
        "GET /orgs/:organizationId/sites/:siteId/permissions/users",
      ]),
    );
  });

  it("shows a hand change as drift, and apply sets the role back with one call", async () => {
    const file = await h.config(docs("{ team: Writers, role: edit }"));
    await applied(h, file);
    await setRole("teams", "team_writers", "read");
    const drift = await h.run(["drift", "-c", file]);
    expect(drift.code).toBe(2);
    expect(drift.stdout).toContain('site permission "team:Writers"');
    h.emulator.resetLog();
    await applied(h, file);
    expect(writes()).toHaveLength(1);
    expect(await grants()).toEqual([["team:Writers", "edit"]]);
  });

  it("exports the grants of each site, and the export plans no change", async () => {
    await applied(
      h,
      await h.config(docs("{ team: Writers, role: edit }", "{ user: rita@acme.example, role: comment }")),
    );
    const file = await h.config("", "exported.yaml");
    expect((await h.run(["export", "-o", file, "--force"])).code).toBe(0);
    const text = await readFile(file, "utf8");
    expect(text).toContain("- { team: Writers, role: edit }");
    expect(text).toContain("- { user: rita@acme.example, role: comment }");
    await noChanges(file);
  });

  it("refuses to remove or lower the access the token's own user has to the site", async () => {
    // The emulator's token is Ada's.
    const mine = await h.config(docs("{ user: usr_ada, role: admin }", "{ team: Reviewers, role: edit }"));
    await applied(h, mine);
    for (const grantsAfter of [["{ team: Reviewers, role: admin }"], ["{ user: usr_ada, role: edit }"]]) {
      const result = await h.run(["plan", "-c", await h.config(docs(...grantsAfter))]);
      expect(result.code).toBe(3);
      expect(result.stderr).toContain('site "Docs": docsync will not change its permissions so');
      expect(result.stderr).toContain(
        "user usr_ada, whose token docsync runs with, has role admin on the site",
      );
      expect(result.stderr).not.toContain("    at ");
    }
    const json = await h.run([
      "plan",
      "-c",
      await h.config(docs("{ team: Reviewers, role: edit }")),
      "--format",
      "json",
    ]);
    expect(conforms("error.schema.json", json.stdout)).toMatchObject({ code: "plan.lockout", exitCode: 3 });
    expect(await grants()).toEqual([
      ["team:Reviewers", "edit"],
      ["user:usr_ada", "admin"],
    ]);
    // Ada is in Writers: with that team's admin grant, her own may go.
    const teamKeeps = await h.config(docs("{ user: usr_ada, role: read }", "{ team: Writers, role: admin }"));
    await applied(h, teamKeeps);
    expect(await grants()).toEqual([
      ["team:Writers", "admin"],
      ["user:usr_ada", "read"],
    ]);
  });

  it("names the place of a grant that is not one, an unknown role and an unknown team", async () => {
    const role = await h.config(docs("{ team: Writers, role: edit }", "{ team: Reviewers, role: owner }"));
    const schema = await h.run(["plan", "-c", role]);
    expect(schema.code).toBe(1);
    expect(schema.stderr).toContain(
      `${role}:9:34: sites[0].permissions[1].role: must be one of: admin, create`,
    );
    expect(schema.stderr).not.toContain("    at ");
    const both = await h.config(docs("{ team: Writers, user: usr_eddie, role: edit }"));
    const check = await h.run(["plan", "-c", both]);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain(`${both}:8:9: sites[0].permissions[0]: give either user`);
    const unknown = await h.config(docs("{ team: Writers, role: edit }", "{ team: Nobody, role: read }"));
    const plan = await h.run(["plan", "-c", unknown]);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain(`${unknown}:9:9: site "Docs": unknown team "Nobody" in permissions`);
  });
});
