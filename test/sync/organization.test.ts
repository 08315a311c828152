// Teams, custom fields and SAML providers: the organization-wide kinds.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiveSamlProvider } from "../../src/kinds/access/saml-provider.ts";
import type { LiveTeam } from "../../src/kinds/access/team.ts";
import type { LiveCustomField } from "../../src/kinds/space/custom-field.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";

const CERT = "-----BEGIN CERTIFICATE-----\nMIIBexampleCERTIFICATEbody0123456789\n-----END CERTIFICATE-----";

describe("organization kinds", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  const teams = async () => (await h.api.list<LiveTeam>(`/orgs/${h.org}/teams`)).map((t) => t.title);

  it("creates, renames and prunes teams", async () => {
    const v1 = `version: 1
organization: \${DOCSYNC_ORG}
teams:
  - { title: Writers }
  - { title: Support, members: [usr_rita] }
policy: { prune: [teams] }
`;
    await applied(h, await h.config(v1));
    const support = (await h.api.list<LiveTeam>(`/orgs/${h.org}/teams`)).find((t) => t.title === "Support")!;
    expect(support.members).toBe(1);
    // The fixture's Reviewers team is not listed: pruned. Support is renamed.
    expect(await teams()).toEqual(expect.arrayContaining(["Writers", "Support"]));

    const v2 = `version: 1
organization: \${DOCSYNC_ORG}
teams:
  - { title: Writers }
  - { title: Customer support, was: Support }
policy: { prune: [teams] }
`;
    const plan = await h.run(["plan", "-c", await h.config(v2)]);
    expect(plan.stdout).toContain(
      '  ~ team "Customer support": title "Support" ⇒ "Customer support"  (renamed from "Support")\n',
    );
    await applied(h, await h.config(v2));
    expect((await teams()).sort()).toEqual(["Customer support", "Writers"]);
    const renamed = (await h.api.list<LiveTeam>(`/orgs/${h.org}/teams`)).find(
      (t) => t.title === "Customer support",
    )!;
    expect(renamed.id).toBe(support.id);
  });

  it("flags deleting a team as high risk", async () => {
    const path = await h.config(
      `version: 1\norganization: \${DOCSYNC_ORG}\nteams: [{ title: Writers }]\npolicy: { prune: [teams] }\n`,
    );
    const plan = await h.run(["plan", "-c", path]);
    expect(plan.stdout).toContain('  - team "Reviewers"  HIGH RISK');
  });

  it("updates custom fields and replaces one whose type changes, unless protected", async () => {
    const v1 = `version: 1
organization: \${DOCSYNC_ORG}
customFields:
  - { name: owner, type: text, title: Owner }
  - { name: tier, type: select, title: Tier, options: [gold, silver] }
`;
    await applied(h, await h.config(v1));
    const before = await h.api.list<LiveCustomField>(`/orgs/${h.org}/custom-fields`);
    const v2 = `version: 1
organization: \${DOCSYNC_ORG}
customFields:
  - { name: owner, type: select, title: Owner, options: [docs, eng] }
  - { name: tier, type: select, title: Support tier, options: [gold, silver, bronze] }
`;
    const plan = await h.run(["plan", "-c", await h.config(v2)]);
    expect(plan.stdout).toContain(
      '  -/+ custom field "owner"  (must be replaced: type cannot change in place)\n      type: "text" ⇒ "select"\n      title: "Owner"\n      options: ["docs","eng"]\n',
    );
    expect(plan.stdout).toContain(
      '  ~ custom field "tier": title "Tier" ⇒ "Support tier", options ["gold","silver"] ⇒ ["gold","silver","bronze"]\n',
    );
    expect(plan.stdout).toContain(
      "Plan: 1 to create (1 custom field), 1 to update (1 custom field), 0 to move, 1 to delete (1 custom field).",
    );
    await applied(h, await h.config(v2));
    const after = await h.api.list<LiveCustomField>(`/orgs/${h.org}/custom-fields`);
    expect(after.map((f) => [f.name, f.type, f.options])).toEqual([
      ["tier", "select", ["gold", "silver", "bronze"]],
      ["owner", "select", ["docs", "eng"]],
    ]);
    expect(after.find((f) => f.name === "tier")!.id).toBe(before.find((f) => f.name === "tier")!.id);

    const v3 = v2.replace(
      "{ name: owner, type: select, title: Owner, options: [docs, eng] }",
      "{ name: owner, type: text, title: Owner, protect: true }",
    );
    // A protected item that needs a replacement: the plan shows that apply will refuse it (exit
    // 3), apply refuses it, and drift reports it.
    const v3Path = await h.config(v3);
    const protectedPlan = await h.run(["plan", "-c", v3Path, "--detailed-exitcode"]);
    expect(protectedPlan.code).toBe(3);
    expect(protectedPlan.stdout).toContain(
      '  -/+ custom field "owner"  (protected (protect: true), but type cannot change in place: it would need a replacement)\n      type: "select" ⇒ "text"\n',
    );
    expect(protectedPlan.stderr).toBe(
      "Apply will refuse this plan: it breaks protect (shown at the top of the plan).\n",
    );
    h.emulator.resetLog();
    const protectedApply = await h.run(["apply", "-c", v3Path, "--yes"]);
    expect(protectedApply.code).toBe(1);
    expect(h.writes()).toBe(0);
    const drift = await h.run(["drift", "-c", v3Path]);
    expect(drift.code).toBe(2);
    expect(drift.stdout).toContain('custom field "owner"');
    expect(drift.stdout).toContain("protect: true");
  });

  it("creates a SAML provider with a team created in the same apply, never printing the certificate", async () => {
    const config = (role: string) => `version: 1
organization: \${DOCSYNC_ORG}
teams:
  - { title: Docs admins }
samlProviders:
  - label: Okta
    entityID: http://www.okta.example/exk1
    ssoURL: https://acme.okta.example/sso/saml
    certificate: \${CERT}
    defaultTeam: Docs admins
    defaultRole: ${role}
`;
    const path = await h.config(config("read"));
    const env = { CERT };
    const plan = await h.run(["plan", "-c", path], { env });
    expect(plan.stdout).toContain("      certificate: (sensitive)\n");
    const json = await h.run(["plan", "-c", path, "--json"], { env });
    const result = await h.run(["apply", "-c", path, "--yes"], { env });
    expect(result.code).toBe(0);
    for (const output of [plan.stdout, json.stdout, result.stdout, result.stderr]) {
      expect(output).not.toContain("MIIBexampleCERTIFICATEbody");
      expect(output).not.toContain(h.emulator.token);
    }
    const [provider] = await h.api.list<LiveSamlProvider>(`/orgs/${h.org}/saml`);
    const team = (await h.api.list<LiveTeam>(`/orgs/${h.org}/teams`)).find((t) => t.title === "Docs admins")!;
    expect(provider).toMatchObject({ label: "Okta", certificate: CERT, defaultRole: "read" });
    expect(provider!.defaultTeam?.id).toBe(team.id);

    const changed = await h.run(["plan", "-c", await h.config(config("edit"))], {
      env: { CERT: `${CERT}\n` },
    });
    expect(changed.stdout).toContain(
      '  ~ SAML provider "Okta": certificate (sensitive, changed), defaultRole "read" ⇒ "edit"\n',
    );
  });
});
