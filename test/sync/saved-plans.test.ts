// Saved plans (plan --out, apply FILE) and --target.

import { readFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiveSamlProvider, LiveSection, LiveSite } from "../../src/api/types.ts";
import { type Harness, startHarness } from "../support/harness.ts";

const CERT = "-----BEGIN CERTIFICATE-----\nMIIBsavedPLANcertificateBODY42\n-----END CERTIFICATE-----";

const CONFIG = `version: 1
organization: \${DOCSYNC_ORG}
spaces: { guides: spc_guides, sdk: spc_sdk, handbook: spc_handbook }
teams:
  - { title: Docs admins }
samlProviders:
  - { label: Okta, ssoURL: "https://sso.acme.example/saml", certificate: "\${CERT}", defaultTeam: Docs admins }
sites:
  - title: Docs
    sections:
      - { path: guides, title: Guides, siteSpaces: [{ space: guides, path: guides }] }
      - { path: sdk, title: SDK, siteSpaces: [{ space: sdk, path: sdk }] }
  - title: Handbook
    siteSpaces:
      - { space: handbook, path: handbook }
`;

describe("saved plans", () => {
  let h: Harness;
  let config: string;
  beforeEach(async () => {
    h = await startHarness();
    config = await h.config(CONFIG);
  });
  afterEach(() => h.close());
  const env = { CERT };

  it("applies exactly the saved calls, and the plan file holds no token and no sensitive value", async () => {
    const file = `${config}.plan.json`;
    const planned = await h.run(["plan", "-c", config, "--out", file], { env });
    expect(planned.code).toBe(0);
    // The plan sets a certificate, which it holds only as a digest: the hint names -c.
    expect(planned.stderr).toBe(
      `Saved the plan to ${file}; apply it with: docsync apply ${file} -c ${config}\n`,
    );
    const text = await readFile(file, "utf8");
    expect(text).not.toContain("MIIBsavedPLANcertificateBODY42");
    expect(text).not.toContain(h.emulator.token);
    const saved = JSON.parse(text);
    expect(saved.reads.map((read: { path: string }) => read.path).sort()).toEqual([
      "/orgs/org_acme/saml",
      "/orgs/org_acme/sites",
      "/orgs/org_acme/teams",
    ]);

    // Without the configuration, the certificate cannot be sent.
    const without = await h.run(["apply", file, "--yes"]);
    expect(without.code).toBe(1);
    expect(without.stderr).toContain(
      "sets sensitive values, which plan files never hold; pass the configuration it was made from with -c.",
    );
    expect(h.writes()).toBe(0);

    h.emulator.resetLog();
    const result = await h.run(["apply", file, "-c", config, "--yes"], { env });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `Apply complete: ${saved.calls.length} call(s) made, exactly as planned in ${file}.`,
    );
    expect(h.writes()).toBe(saved.calls.length);
    const [provider] = await h.api.list<LiveSamlProvider>(`/orgs/${h.org}/saml`);
    expect(provider?.certificate).toBe(CERT);
    expect((await h.run(["plan", "-c", config, "--detailed-exitcode"], { env })).code).toBe(0);
  });

  it("refuses a stale plan, naming what changed, and changes nothing", async () => {
    const first = await h.config(CONFIG.replace("title: SDK", "title: Kit"), "first.yaml");
    expect((await h.run(["apply", "-c", first, "--yes"], { env })).code).toBe(0);
    const file = `${config}.plan.json`;
    expect((await h.run(["plan", "-c", config, "--out", file], { env })).code).toBe(0);
    // Someone renames the guides section by hand in the meantime.
    const site = (await h.api.list<LiveSite>(`/orgs/${h.org}/sites`)).find((s) => s.title === "Docs")!;
    const guides = (await h.api.list<LiveSection>(`/orgs/${h.org}/sites/${site.id}/sections`))[0]!;
    await h.api.send({
      method: "PATCH",
      path: `/orgs/${h.org}/sites/${site.id}/sections/${guides.id}`,
      body: { title: "By hand" },
    });
    h.emulator.resetLog();

    const result = await h.run(["apply", file, "-c", config, "--yes"], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Error: Stale plan: the live organization changed since");
    expect(result.stderr).toContain(
      `  /orgs/org_acme/sites/${site.id}/sections: ${guides.id} ("Guides") changed\n`,
    );
    expect(result.stderr).toContain("Run docsync plan again.");
    expect(h.writes()).toBe(0);
  });

  it("refuses a file that is not a plan", async () => {
    const result = await h.run(["apply", config, "--yes"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Error: .*config-1\.yaml is not a plan file: /);
  });
});

describe("--target", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  it("limits plan and apply to the targeted items and what they need", async () => {
    const config = await h.config(CONFIG);
    const plan = await h.run(["plan", "-c", config, "--target", 'site "Docs" › section "sdk"'], {
      env: { CERT },
    });
    // The section needs its site; the site space under it comes along; nothing else.
    expect(plan.stdout).toContain('  + site "Docs"\n');
    expect(plan.stdout).toContain('  + site "Docs" › section "sdk"\n');
    expect(plan.stdout).toContain('  + site "Docs" › section "sdk" › site space "sdk"\n');
    expect(plan.stdout).not.toContain('section "guides"');
    expect(plan.stdout).not.toContain("Handbook");
    expect(plan.stdout).not.toContain("team");
    expect(plan.stdout).toContain("Plan: 3 to create, 0 to update, 0 to move, 0 to delete.");

    const result = await h.run(["apply", "-c", config, "--target", 'site "Docs" › section "sdk"', "--yes"], {
      env: { CERT },
    });
    expect(result.code).toBe(0);
    const sites = await h.api.list<LiveSite>(`/orgs/${h.org}/sites`);
    expect(sites.map((s) => s.title)).toEqual(["Docs"]);
    const sections = await h.api.list<LiveSection>(`/orgs/${h.org}/sites/${sites[0]!.id}/sections`);
    expect(sections.map((s) => s.path)).toEqual(["sdk"]);
  });

  it("says so when a target names nothing", async () => {
    const result = await h.run(["plan", "-c", await h.config(CONFIG), "--target", 'site "Nope"'], {
      env: { CERT },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'Error: --target site "Nope" names nothing in the configuration or the live organization',
    );
  });
});
