// Members' roles: changed by email or id, pruned only when named, never inviting, and the admin
// rules checked before any write. The built-in fixture: usr_ada (admin, the token's user),
// usr_eddie (edit), usr_rita (read).

import { readFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiveMember } from "../../src/kinds/access/member.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";

const HEAD = `version: 1\norganization: \${DOCSYNC_ORG}\n`;

describe("members", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  const roles = async () =>
    Object.fromEntries(
      (await h.api.list<LiveMember>(`/orgs/${h.org}/members`)).map((member) => [member.id, member.role]),
    );
  /** Plans `yaml`, expecting a refusal before any write. */
  const refused = async (yaml: string, env?: NodeJS.ProcessEnv) => {
    const path = await h.config(yaml);
    h.emulator.resetLog();
    const plan = await h.run(["apply", "-c", path, "--yes"], env ? { env } : {});
    expect(plan.code).toBe(1);
    expect(plan.stderr).not.toContain("    at ");
    expect(h.writes()).toBe(0);
    return { path, stderr: plan.stderr };
  };

  it("changes roles by email (any case) and by user id, leaving unlisted members alone", async () => {
    const path = await h.config(`${HEAD}members:
  - { user: Eddie@ACME.example, role: review }
  - { user: usr_ada, role: admin }
`);
    const plan = await h.run(["plan", "-c", path]);
    expect(plan.stdout).toContain('  ~ member "eddie@acme.example": role "edit" ⇒ "review"\n');
    expect(plan.stdout).toContain("Plan: 0 to create, 1 to update (1 member), 0 to move, 0 to delete.");
    await applied(h, path);
    expect(await roles()).toEqual({ usr_ada: "admin", usr_eddie: "review", usr_rita: "read" });
    const again = await h.run(["plan", "-c", path, "--detailed-exitcode"]);
    expect(again.code).toBe(0);
  });

  it("makes a member a guest with role: null", async () => {
    const path = await h.config(`${HEAD}members:\n  - { user: usr_rita, role: null }\n`);
    const plan = await h.run(["plan", "-c", path]);
    // A user id and an email name one member: no rename.
    expect(plan.stdout).toContain('  ~ member "usr_rita": role "read" ⇒ (removed)\n');
    expect(plan.stdout).not.toContain("renamed");
    await applied(h, path);
    expect((await roles()).usr_rita).toBeNull();
  });

  it("removes unlisted members only when policy.prune names members, as a high-risk change", async () => {
    const path = await h.config(`${HEAD}members:
  - { user: ada@acme.example, role: admin }
  - { user: eddie@acme.example, role: edit }
policy: { prune: [members] }
`);
    const plan = await h.run(["plan", "-c", path]);
    expect(plan.stdout).toContain('  - member "rita@acme.example": role "read"  HIGH RISK');
    await applied(h, path);
    expect(await roles()).toEqual({ usr_ada: "admin", usr_eddie: "edit" });
  });

  it("cannot invite: a configured member who is not in the organization stops the plan, named with its place", async () => {
    const { path, stderr } = await refused(`${HEAD}members:
  - { user: eddie@acme.example, role: review }
  - { user: newcomer@acme.example, role: read }
  - { user: usr_gus, role: read }
`);
    // A headline, then one line per member, each at its place.
    expect(stderr).toMatch(/^Error: 2 configured members are not in the organization/);
    expect(stderr).toContain(`\n  ${path}:5:5: member "newcomer@acme.example" is not in the organization`);
    expect(stderr).toContain(`${path}:6:5: member "usr_gus" is not in the organization`);
    expect(stderr).toContain("cannot invite anyone");
  });

  it("refuses one member named by user id and by email, at the second of them", async () => {
    const { path, stderr } = await refused(`${HEAD}members:
  - { user: usr_ada, role: admin }
  - { user: ada@acme.example, role: read }
`);
    expect(stderr).toContain(
      `${path}:5:5: member "ada@acme.example" is "usr_ada" again (${path}:4:5): one user, listed twice`,
    );
    expect(stderr).not.toContain("not in the organization");
  });

  it("never lowers the admin role of the user the token runs as", async () => {
    const { path, stderr } = await refused(`${HEAD}members:
  - { user: usr_eddie, role: admin }
  - { user: ada@acme.example, role: edit }
`);
    expect(stderr).toContain(
      `${path}:5:5: member "ada@acme.example" is the user the API token runs as: docsync never takes away its own admin role`,
    );
    expect((await roles()).usr_eddie).toBe("edit");
  });

  it("never removes the user the token runs as through prune", async () => {
    const { stderr } = await refused(`${HEAD}members:
  - { user: usr_eddie, role: admin }
policy: { prune: [members] }
`);
    expect(stderr).toContain('member "ada@acme.example" is the user the API token runs as');
    expect(stderr).toContain("The plan would remove it from the organization");
  });

  it("lowers no admin when GET /v1/user is absent, and says why", async () => {
    await applied(h, await h.config(`${HEAD}members:\n  - { user: usr_eddie, role: admin }\n`));
    h.emulator.removeRoutes(["GET /user"]);
    const { stderr } = await refused(`${HEAD}members:\n  - { user: usr_eddie, role: edit }\n`);
    expect(stderr).toContain(
      'member "eddie@acme.example" is an admin, and docsync cannot tell whether it is the user the API token runs as (GET /v1/user answered 404)',
    );
    // Roles other than admin still change.
    await applied(h, await h.config(`${HEAD}members:\n  - { user: usr_rita, role: comment }\n`));
    expect((await roles()).usr_rita).toBe("comment");
  });

  it("never leaves the organization without an admin", async () => {
    // Run as Eddie, who is not an admin: lowering Ada would leave none.
    const { path, stderr } = await refused(`${HEAD}members:\n  - { user: usr_ada, role: edit }\n`, {
      DOCSYNC_TOKEN: h.emulator.tokens.usr_eddie!,
    });
    expect(stderr).toContain(`${path}:4:5: the plan would leave the organization without an active admin`);
  });

  it("reports a role changed by hand as drift, and exports members so that the export plans to no change", async () => {
    const path = await h.config(`${HEAD}members:\n  - { user: rita@acme.example, role: read }\n`);
    await h.api.send({ method: "PATCH", path: `/orgs/${h.org}/members/usr_rita`, body: { role: "edit" } });
    const drift = await h.run(["drift", "-c", path]);
    expect(drift.code).toBe(2);
    expect(drift.stdout).toContain('member "rita@acme.example"');
    expect(drift.stdout).toContain('  ~ member "rita@acme.example": role "edit" ⇒ "read"\n');

    const file = await h.config("", "exported.yaml");
    expect((await h.run(["export", "-o", file, "--force"])).code).toBe(0);
    const text = await readFile(file, "utf8");
    expect(text).toContain("members:\n");
    expect(text).toContain("  - user: rita@acme.example\n    role: edit\n");
    h.emulator.resetLog();
    const plan = await h.run(["plan", "-c", file, "--detailed-exitcode"]);
    expect(plan.stderr).toBe("");
    expect(plan.code).toBe(0);
    expect(h.writes()).toBe(0);
  });

  describe("configuration errors, with file:line:col", () => {
    const fails = async (yaml: string) => {
      const path = await h.config(yaml);
      const result = await h.run(["validate", "-c", path]);
      expect(result.code).toBe(1);
      return { path, stderr: result.stderr };
    };

    it("a role outside the roles", async () => {
      const { path, stderr } = await fails(`${HEAD}members:\n  - { user: usr_rita, role: owner }\n`);
      expect(stderr).toContain(
        `${path}:4:29: members[0].role: must be one of: admin, create, review, edit, comment, read, null`,
      );
    });

    it("a member listed twice, by id or by an email in another case", async () => {
      const { path, stderr } = await fails(`${HEAD}members:
  - { user: usr_rita, role: read }
  - { user: usr_rita, role: edit }
  - { user: Eddie@acme.example, role: edit }
  - { user: eddie@acme.example, role: read }
`);
      expect(stderr).toContain(
        `${path}:5:13: members[1].user: duplicate member user "usr_rita" (first at line 4)`,
      );
      expect(stderr).toContain(
        `${path}:7:13: members[3].user: "eddie@acme.example" is "Eddie@acme.example" again: emails are compared without case`,
      );
    });
  });
});
