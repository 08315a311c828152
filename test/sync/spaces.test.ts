// Space settings and space permissions against the emulator: plan, apply, a second plan with
// nothing to do, drift, and the rules that keep docsync from locking anyone out.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiveSpace } from "../../src/kinds/space/space.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";
import { conforms } from "../support/json-schemas.ts";
import { grant, handbook, teamGrants, userGrants } from "../support/space-grants.ts";

// biome-ignore lint/suspicious/noTemplateCurlyInString: a configuration file interpolates it, not JavaScript.
const head = "version: 1\norganization: ${DOCSYNC_ORG}\n";

describe("spaces", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  const space = (id: string) => h.api.get<LiveSpace>(`/spaces/${id}`);
  const users = (id: string) => userGrants(h, id);
  const teams = (id: string) => teamGrants(h, id);
  const noChanges = async (path: string) => {
    const plan = await h.run(["plan", "-c", path, "--detailed-exitcode"]);
    expect(plan.stdout).toContain("No changes");
    expect(plan.code).toBe(0);
  };

  it("manages the settings a space lists, keeps name: id working, and plans no change after", async () => {
    const path = await h.config(`${head}customFields:
  - { name: tier, type: select, options: [gold, silver] }
spaces:
  guides: spc_guides
  handbook:
    id: spc_handbook
    title: Company handbook
    emoji: "📗"
    editMode: locked
    defaultLevel: comment
    collection: { id: col_docs }
    customFields: { tier: gold }
sites:
  - title: Docs
    siteSpaces: [{ space: guides, path: guides }]
`);
    const plan = await h.run(["plan", "-c", path]);
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain('~ space "handbook"');
    expect(plan.stdout).toContain('  ~ space "handbook"\n      title: "Handbook" ⇒ "Company handbook"\n');
    await applied(h, path);
    const live = await space("spc_handbook");
    expect(live).toMatchObject({
      title: "Company handbook",
      emoji: "📗",
      editMode: "locked",
      defaultLevel: "comment",
      parent: "col_docs",
    });
    const values = await h.api.get<{ customField: { name: string }; value: unknown }[]>(
      "/spaces/spc_handbook/custom-fields",
    );
    expect(values.map((v) => [v.customField.name, v.value])).toEqual([["tier", "gold"]]);
    await noChanges(path);

    // Moved back to the root by hand: drift shows it, and apply moves it again with one call.
    await h.api.send({ method: "POST", path: "/spaces/spc_handbook/move", body: { parent: null } });
    const drift = await h.run(["drift", "-c", path]);
    expect(drift.code).toBe(2);
    expect(drift.stdout).toContain('space "handbook"');
    const before = h.writes();
    await applied(h, path);
    expect(h.writes() - before).toBe(1);
    expect((await space("spc_handbook")).parent).toBe("col_docs");
  });

  it("sets a space's value of a custom field that exists already", async () => {
    await h.api.send({
      method: "POST",
      path: `/orgs/${h.org}/custom-fields`,
      body: { name: "tier", type: "text", title: "Tier" },
    });
    const path = await h.config(
      `${head}spaces:\n  handbook: { id: spc_handbook, customFields: { tier: gold } }\n`,
    );
    await applied(h, path);
    const values = await h.api.get<{ customField: { name: string }; value: unknown }[]>(
      "/spaces/spc_handbook/custom-fields",
    );
    expect(values.map((v) => [v.customField.name, v.value])).toEqual([["tier", "gold"]]);
    await noChanges(path);
  });

  it("says which space id does not exist, and which custom field is unknown", async () => {
    const missing = await h.run([
      "plan",
      "-c",
      await h.config(`${head}spaces:\n  gone: { id: spc_nope, title: Gone }\n`),
    ]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('space "gone" is pinned to id spc_nope, which does not exist');
    const field = await h.run([
      "plan",
      "-c",
      await h.config(`${head}spaces:\n  handbook: { id: spc_handbook, customFields: { nope: 1 } }\n`),
    ]);
    expect(field.code).toBe(1);
    expect(field.stderr).toMatch(/:4:13: space "handbook": unknown custom field "nope"/);
  });

  it("rejects an unknown collection title with its position", async () => {
    const result = await h.run([
      "validate",
      "-c",
      await h.config(`${head}spaces:\n  handbook:\n    id: spc_handbook\n    collection: Nowhere\n`),
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/:6:17: spaces.handbook.collection: unknown collection "Nowhere"/);
  });

  it("makes the listed grants the truth: one call to change a team's role, one to remove a grant, none after", async () => {
    // The token's user (usr_ada) keeps admin; Writers and Eddie get roles.
    const v1 = await h.config(
      `${head}${handbook("{ user: ada@acme.example, role: admin }", "{ user: usr_eddie, role: edit }", "{ team: Writers, role: edit }")}`,
    );
    await applied(h, v1);
    // Granted concurrently: the live order may be either.
    expect((await users("spc_handbook")).sort()).toEqual([
      ["usr_ada", "admin"],
      ["usr_eddie", "edit"],
    ]);
    expect(await teams("spc_handbook")).toEqual([["Writers", "edit"]]);
    await noChanges(v1);

    // Writers become reviewers: one PATCH.
    const v2 = await h.config(
      `${head}${handbook("{ user: ada@acme.example, role: admin }", "{ user: usr_eddie, role: edit }", "{ team: Writers, role: review }")}`,
    );
    let before = h.writes();
    await applied(h, v2);
    expect(h.writes() - before).toBe(1);
    expect(await teams("spc_handbook")).toEqual([["Writers", "review"]]);

    // Eddie is no longer listed: his grant is removed, shown as such, with one DELETE.
    const v3 = await h.config(
      `${head}${handbook("{ user: ada@acme.example, role: admin }", "{ team: Writers, role: review }")}`,
    );
    const plan = await h.run(["plan", "-c", v3]);
    expect(plan.stdout).toContain(
      '  space "handbook"\n    - space permission "user:usr_eddie": user "eddie@acme.example", role "edit"\n',
    );
    before = h.writes();
    await applied(h, v3);
    expect(h.writes() - before).toBe(1);
    expect(await users("spc_handbook")).toEqual([["usr_ada", "admin"]]);
    before = h.writes();
    await applied(h, v3);
    expect(h.writes() - before).toBe(0);
  });

  it("refuses to remove the admin access of the token's own user", async () => {
    await grant(h, "spc_handbook", { role: "admin", users: ["usr_ada"] });
    // Reviewers (Rita's team, not Ada's) keep admin: only the token's own access would go.
    await grant(h, "spc_handbook", { role: "admin", teams: ["team_reviewers"] });
    const path = await h.config(
      `${head}${handbook("{ user: usr_ada, role: edit }", "{ team: Reviewers, role: admin }")}`,
    );
    const result = await h.run(["plan", "-c", path]);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('space "handbook": docsync will not change its permissions so');
    expect(result.stderr).toContain("admin access of user usr_ada, whose token docsync runs with");
    expect(result.stderr).not.toContain("without an admin");
    expect(await users("spc_handbook")).toEqual([["usr_ada", "admin"]]);
  });

  it("lets the token's user give up its own grant while a team it is in keeps admin", async () => {
    await grant(h, "spc_handbook", { role: "admin", users: ["usr_ada"] });
    await grant(h, "spc_handbook", { role: "admin", teams: ["team_writers"] });
    // Ada owns Writers, which makes her one of its members.
    const memberships = await h.api.list<{ team: { id: string } }>("/orgs/org_acme/members/usr_ada/teams");
    expect(memberships.map((m) => m.team.id)).toContain("team_writers");
    const path = await h.config(
      `${head}${handbook("{ user: usr_ada, role: edit }", "{ team: Writers, role: admin }")}`,
    );
    await applied(h, path);
    expect(await users("spc_handbook")).toEqual([["usr_ada", "edit"]]);
  });

  it("refuses to leave a space without an admin", async () => {
    await grant(h, "spc_handbook", { role: "admin", teams: ["team_writers"] });
    const path = await h.config(`${head}${handbook("{ team: Writers, role: read }")}`);
    const result = await h.run(["plan", "-c", path]);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain("leave the space without an admin (today: team team_writers)");
    // In JSON: the error document, with the code and the exit code of a plan apply will refuse.
    const json = await h.run(["plan", "-c", path, "--format", "json"]);
    expect(json.code).toBe(3);
    expect(conforms("error.schema.json", json.stdout)).toMatchObject({ code: "plan.lockout", exitCode: 3 });
  });

  it("refuses to lower any admin grant when the service does not say whose token it is", async () => {
    h.emulator.removeRoutes(["GET /user"]);
    await grant(h, "spc_handbook", { role: "admin", users: ["usr_eddie"] });
    await grant(h, "spc_handbook", { role: "admin", teams: ["team_writers"] });
    const path = await h.config(
      `${head}${handbook("{ user: usr_eddie, role: read }", "{ team: Writers, role: admin }")}`,
    );
    const result = await h.run(["plan", "-c", path]);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain("lower the admin grant of user usr_eddie");
    expect(result.stderr).toContain("GET /user answers 404");
  });

  it("names the permission's position, its space and the name of an unknown user or team", async () => {
    const path = await h.config(`${head}${handbook("{ user: nobody@acme.example, role: read }")}`);
    const result = await h.run(["plan", "-c", path]);
    expect(result.code).toBe(1);
    // At the permission's own line and column, not the space's.
    expect(result.stderr).toMatch(/:7:9: space "handbook": unknown user "nobody@acme.example"/);
    const team = await h.run([
      "plan",
      "-c",
      await h.config(
        `${head}spaces:\n  handbook:\n    id: spc_handbook\n    permissions: [{ team: Nobody, role: read }]\n`,
      ),
    ]);
    expect(team.code).toBe(1);
    expect(team.stderr).toMatch(/:6:19: space "handbook": unknown team "Nobody"/);
  });
});
