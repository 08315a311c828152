// Saved plans (plan --out, apply FILE) and --target.

import { copyFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApiClient } from "../../src/api/client.ts";
import { startEmulator } from "../../src/emulator/index.ts";
import type { LiveSamlProvider } from "../../src/kinds/access/saml-provider.ts";
import type { LiveSection } from "../../src/kinds/site/section.ts";
import type { LiveSite } from "../../src/kinds/site/site.ts";
import { contentChecksum } from "../../src/saved/checksum.ts";
import { TWO_ORGS } from "../emulator/two-orgs.ts";
import { docsync } from "../support/cli.ts";
import { type Harness, startHarness } from "../support/harness.ts";
import { conforms } from "../support/json-schemas.ts";

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
    // The configuration it was made from, resolved, as digests: the certificate's digest only.
    expect(saved.configuration.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(Object.keys(saved.configuration.items)).toContain('SAML provider "Okta"');
    expect(saved).not.toHaveProperty("reads");

    // Without the configuration, the plan cannot be checked (nor the certificate sent).
    const without = await h.run(["apply", file]);
    expect(without.code).toBe(1);
    expect(without.stderr).toBe(
      `Error: ${file} is applied with the configuration it was made from, and there is none here: pass it with -c.\n`,
    );
    expect(h.writes()).toBe(0);

    // Not at a terminal and without --yes: the saved plan is the approval.
    h.emulator.resetLog();
    const result = await h.run(["apply", file, "-c", config], { env });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const writes = saved.calls.filter((call: { method: string }) => call.method !== "GET").length;
    const reads = saved.calls.length - writes;
    expect(result.stdout).toContain(
      `Apply complete: ${saved.changes.length} changes in ${saved.calls.length} calls, exactly as planned in ${file}.`,
    );
    expect(h.writes()).toBe(writes);
    expect(reads).toBeGreaterThan(0);
    const [provider] = await h.api.list<LiveSamlProvider>(`/orgs/${h.org}/saml`);
    expect(provider?.certificate).toBe(CERT);
    expect((await h.run(["plan", "-c", config, "--detailed-exitcode"], { env })).code).toBe(0);
  });

  it("applies a saved plan twice: the second run finds it applied, changes nothing and exits 0", async () => {
    const file = `${config}.plan.json`;
    expect((await h.run(["plan", "-c", config, "--out", file], { env })).code).toBe(0);
    expect((await h.run(["apply", file, "-c", config], { env })).code).toBe(0);
    h.emulator.resetLog();
    // A CI job run again: the same plan, the same configuration, the live state already there.
    const again = await h.run(["apply", file, "-c", config], { env });
    expect(again.stderr).toBe("");
    expect(again.code).toBe(0);
    const { savedAt } = JSON.parse(await readFile(file, "utf8"));
    expect(again.stdout).toBe(
      `The plan in ${file} (${savedAt}) is already applied: the live organization matches it; nothing was changed.\n`,
    );
    const json = await h.run(["apply", file, "-c", config, "--format", "json"], { env });
    expect(json.code).toBe(0);
    expect(conforms("apply-report.schema.json", json.stdout)).toMatchObject({
      status: "already-applied",
      planFile: file,
      organization: h.org,
      changesMade: 0,
      callsMade: 0,
      rounds: [],
    });
    expect(h.writes()).toBe(0);
  });

  it("still refuses a saved plan that was applied in part, and changes nothing", async () => {
    const file = `${config}.plan.json`;
    expect((await h.run(["plan", "-c", config, "--out", file], { env })).code).toBe(0);
    // Part of it made meanwhile: the team, by a targeted apply.
    const part = await h.run(["apply", "-c", config, "--target", 'team "Docs admins"', "--yes"], { env });
    expect(part.code, part.stderr).toBe(0);
    h.emulator.resetLog();
    const result = await h.run(["apply", file, "-c", config], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("is not the plan for the live organization now, which changed since");
    expect(result.stderr).toContain('  - team "Docs admins" (create): only in the approved plan');
    expect(result.stdout).not.toContain("already applied");
    expect(h.writes()).toBe(0);
  });

  it("refuses the plan with another configuration, naming what differs by address, and changes nothing", async () => {
    const file = `${config}.plan.json`;
    expect((await h.run(["plan", "-c", config, "--out", file], { env })).code).toBe(0);
    const other = await h.config(
      CONFIG.replace("title: SDK", "title: Kit").replace(
        "  - { title: Docs admins }",
        "  - { title: Docs admins }\n  - { title: Support }",
      ),
      "other.yaml",
    );
    h.emulator.resetLog();
    const result = await h.run(["apply", file, "-c", other], { env });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      [
        `Error: ${file} was made from another configuration than ${other}; nothing was changed. What differs, by address:`,
        '  + team "Support": not in the configuration the plan was made from',
        '  ~ site "Docs" › section "sdk": different',
        "Apply it with the configuration it was made from, or make a plan of this one with docsync plan --out.",
        "",
      ].join("\n"),
    );
    expect(h.emulator.stats().total).toBe(0);

    // Only a sensitive value differs: named by its item, never shown.
    const otherCert = CERT.replace("BODY42", "BODY43");
    const refused = await h.run(["apply", file, "-c", config], { env: { CERT: otherCert } });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('  ~ SAML provider "Okta": different\n');
    expect(refused.stderr).not.toContain("BODY4");
    // The same configuration in another file, moved around and reformatted, is the same.
    const moved = await h.config(
      `\n\n${CONFIG.replace("teams:\n  - { title: Docs admins }", "teams:\n  - title: Docs admins")}`,
      "moved.yaml",
    );
    expect((await h.run(["apply", file, "-c", moved], { env })).code).toBe(0);
  });

  it("still applies an approved plan after an item it does not touch appears or changes", async () => {
    const first = await h.config(CONFIG.replace("title: SDK", "title: Kit"), "first.yaml");
    expect((await h.run(["apply", "-c", first, "--yes"], { env })).code).toBe(0);
    const file = `${config}.plan.json`;
    expect((await h.run(["plan", "-c", config, "--out", file], { env })).code).toBe(0);
    // By hand, meanwhile: a site the configuration does not manage, and a field it does not set.
    await h.api.send({ method: "POST", path: `/orgs/${h.org}/sites`, body: { title: "Hand made" } });
    const site = (await h.api.list<LiveSite>(`/orgs/${h.org}/sites`)).find((s) => s.title === "Docs")!;
    await h.api.send({
      method: "PATCH",
      path: `/orgs/${h.org}/sites/${site.id}`,
      body: { basename: "by-hand" },
    });
    h.emulator.resetLog();
    const result = await h.run(["apply", file, "-c", config], { env });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Apply complete: 1 change in 1 call, exactly as planned in");
    expect(h.writes()).toBe(1);
  });

  it("refuses an approved plan once the plan for now makes other calls, showing approved → now by address", async () => {
    const yaml = CONFIG.replace(
      "  - title: Docs\n",
      "  - title: Docs\n    visibility: public\n    basename: docs\n",
    );
    const approvedConfig = await h.config(yaml, "approved.yaml");
    const first = await h.config(yaml.replace("basename: docs", "basename: old"), "first.yaml");
    expect((await h.run(["apply", "-c", first, "--yes"], { env })).code).toBe(0);
    const file = `${approvedConfig}.plan.json`;
    expect((await h.run(["plan", "-c", approvedConfig, "--out", file], { env })).code).toBe(0);
    // In the meantime, by hand: the guides section renamed, the site's basename set as approved.
    const site = (await h.api.list<LiveSite>(`/orgs/${h.org}/sites`)).find((s) => s.title === "Docs")!;
    const guides = (await h.api.list<LiveSection>(`/orgs/${h.org}/sites/${site.id}/sections`))[0]!;
    const sitePath = `/orgs/${h.org}/sites/${site.id}`;
    await h.api.send({
      method: "PATCH",
      path: `${sitePath}/sections/${guides.id}`,
      body: { title: "By hand" },
    });
    await h.api.send({ method: "PATCH", path: sitePath, body: { basename: "docs" } });
    h.emulator.resetLog();

    const now = `${approvedConfig}.now.json`;
    const result = await h.run(["apply", file, "-c", approvedConfig, "--out", now], { env });
    expect(result.code).toBe(1);
    expect(h.writes()).toBe(0);
    expect(result.stderr).toContain(
      [
        `is not the plan for the live organization now, which changed since; nothing was changed. Approved → now (1 change only in the current plan, 1 change only in the approved plan):`,
        '  + site "Docs" › section "guides" (update): only in the current plan',
        `      now:      PATCH ${sitePath}/sections/${guides.id} {"title":"Guides"}`,
        '  - site "Docs" (update): only in the approved plan',
        `      approved: PATCH ${sitePath} {"basename":"docs"}`,
        `To go on, the plan for now is saved in ${now}: review it, and apply it with docsync apply ${now} -c ${approvedConfig}.`,
      ].join("\n"),
    );
    // The plan for now is shown, and saved: it is approved by applying it.
    expect(result.stdout).toContain(
      "The plan for the live organization now:\n\nChanges for organization org_acme:\n",
    );
    expect(result.stdout).toContain("Plan: 0 to create, 1 to update (1 section), 0 to move, 0 to delete.");
    const applied = await h.run(["apply", now, "-c", approvedConfig], { env });
    expect(applied.code).toBe(0);
    expect(applied.stdout).toContain("Apply complete: 1 change in 1 call, exactly as planned in");
    expect((await h.run(["plan", "-c", approvedConfig, "--detailed-exitcode"], { env })).code).toBe(0);
  });

  it("refuses a plan made from a site that was deleted since", async () => {
    const first = await h.config(CONFIG.replace("title: SDK", "title: Kit"), "first.yaml");
    expect((await h.run(["apply", "-c", first, "--yes"], { env })).code).toBe(0);
    const file = `${config}.plan.json`;
    expect((await h.run(["plan", "-c", config, "--out", file], { env })).code).toBe(0);
    const site = (await h.api.list<LiveSite>(`/orgs/${h.org}/sites`)).find((s) => s.title === "Docs")!;
    await h.api.send({ method: "DELETE", path: `/orgs/${h.org}/sites/${site.id}` });
    h.emulator.resetLog();
    const result = await h.run(["apply", file, "-c", config], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('  - site "Docs" › section "sdk" (update): only in the approved plan\n');
    expect(result.stderr).toContain('  + site "Docs" (create): only in the current plan\n');
    expect(h.writes()).toBe(0);
  });

  it("is sealed: organization, API URL and a checksum; applies from another folder and another spelling of the URL", async () => {
    const file = `${config}.plan.json`;
    expect((await h.run(["plan", "-c", config, "--out", file], { env })).code).toBe(0);
    const saved = JSON.parse(await readFile(file, "utf8"));
    expect(saved.version).toBe(4);
    expect(saved.organization).toBe(h.org);
    expect(saved.apiUrl).toBe(`${h.emulator.url}/v1`);
    expect(saved.checksum).toBe(contentChecksum(saved));
    expect(saved.checksum).toMatch(/^sha256:[0-9a-f]{64}$/);

    // Another machine: the file in another folder, the configuration next to it, the URL with /v1/.
    const elsewhere = await mkdtemp(join(tmpdir(), "docsync-moved-"));
    try {
      const moved = join(elsewhere, "plan.json");
      await copyFile(file, moved);
      const result = await h.run(
        ["apply", moved, "-c", config, "--yes", "--api-url", `${h.emulator.url}/v1/`],
        {
          env,
        },
      );
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      expect(h.writes()).toBe(saved.calls.filter((call: { method: string }) => call.method !== "GET").length);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  it("writes each change and call on a line of its own, and applies a file with every level indented, as written before", async () => {
    const file = `${config}.plan.json`;
    expect((await h.run(["plan", "-c", config, "--out", file], { env })).code).toBe(0);
    const text = await readFile(file, "utf8");
    const saved = JSON.parse(text);
    const lines = text.split("\n");
    for (const [list, prefix] of [
      [saved.changes, "c"],
      [saved.calls, "k"],
    ] as const) {
      const own = lines.filter((line) => line.startsWith(`    {"id":"${prefix}`));
      expect(own.map((line) => JSON.parse(line.replace(/,$/, "")))).toEqual(list);
    }
    await writeFile(file, `${JSON.stringify(saved, null, 2)}\n`);
    const result = await h.run(["apply", file, "-c", config], { env });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(h.writes()).toBe(saved.calls.filter((call: { method: string }) => call.method !== "GET").length);
  });

  /** Saves a plan, lets `edit` change its JSON, and applies it; the result of the apply. */
  async function applyEdited(edit: (plan: Record<string, unknown>) => void, args: string[] = []) {
    const file = `${config}.plan.json`;
    expect((await h.run(["plan", "-c", config, "--out", file], { env })).code).toBe(0);
    const plan = JSON.parse(await readFile(file, "utf8"));
    edit(plan);
    await writeFile(file, JSON.stringify(plan, null, 2));
    h.emulator.resetLog();
    const result = await h.run(["apply", file, "-c", config, ...args], { env });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr.split("\n")).toHaveLength(2);
    return { file, stderr: result.stderr };
  }

  it("refuses a plan edited after it was written", async () => {
    const { file, stderr } = await applyEdited((plan) => {
      const calls = plan.calls as { body?: { title?: string } }[];
      calls.find((call) => call.body?.title === "Docs")!.body!.title = "Hacked";
    });
    expect(stderr).toBe(
      `Error: ${file} was changed after docsync plan wrote it (its checksum does not match its content); make it again with docsync plan --out.\n`,
    );
    expect(h.emulator.stats().total).toBe(0);
  });

  it("refuses plan files of the versions before, checked against what they read rather than the configuration", async () => {
    for (const version of [1, 2]) {
      const { file, stderr } = await applyEdited((plan) => {
        plan.version = version;
        delete plan.configuration;
        plan.reads = [];
        plan.checksum = contentChecksum(plan);
      });
      expect(stderr).toBe(
        `Error: ${file} was saved by an older docsync (plan file version ${version}), without the digest of its configuration that apply checks; make it again with docsync plan --out.\n`,
      );
    }
    expect(h.emulator.stats().total).toBe(0);
  });

  it("refuses a plan file of version 3, whose calls named new items by placeholders in their text", async () => {
    const { file, stderr } = await applyEdited((plan) => {
      plan.version = 3;
      plan.checksum = contentChecksum(plan);
    });
    expect(stderr).toBe(
      `Error: ${file} was saved by an older docsync (plan file version 3), naming the items it creates by placeholders in its calls' text, which this docsync no longer reads; make it again with docsync plan --out.\n`,
    );
    const json = await h.run(["apply", file, "-c", config, "--format", "json"], { env });
    expect(JSON.parse(json.stdout)).toMatchObject({ status: "error", code: "plan.outdated" });
    expect(h.emulator.stats().total).toBe(0);
  });

  it("refuses a plan made for another API", async () => {
    const other = await startEmulator({ port: 0 });
    try {
      const file = `${config}.plan.json`;
      expect((await h.run(["plan", "-c", config, "--out", file], { env })).code).toBe(0);
      h.emulator.resetLog();
      const result = await h.run(["apply", file, "-c", config, "--yes"], {
        env: { ...env, DOCSYNC_API_URL: other.url, DOCSYNC_TOKEN: other.token },
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `Error: ${file} was made for the API at ${h.emulator.url}/v1, not ${other.url}/v1; make a plan against this API with docsync plan --out.\n`,
      );
      expect(other.stats().total).toBe(0);
      expect(h.emulator.stats().total).toBe(0);
    } finally {
      await other.close();
    }
  });

  it("refuses a plan made for another organization than the configuration's", async () => {
    const file = `${config}.plan.json`;
    expect((await h.run(["plan", "-c", config, "--out", file], { env })).code).toBe(0);
    h.emulator.resetLog();
    const byConfig = await h.run(["apply", file, "-c", config, "--yes"], {
      env: { ...env, DOCSYNC_ORG: "org_other" },
    });
    expect(byConfig.code).toBe(1);
    expect(byConfig.stderr).toBe(
      `Error: ${file} was made for organization org_acme, not org_other (the configuration's organization); make a plan for it with docsync plan --out.\n`,
    );
    expect(h.emulator.stats().total).toBe(0);
  });

  it("refuses a plan whose calls leave its organization, even with a checksum that matches", async () => {
    const { file, stderr } = await applyEdited((plan) => {
      plan.organization = "org_other";
      plan.checksum = contentChecksum(plan);
    });
    // The configuration names org_acme: that check comes first. With one of org_other, the calls
    // give it away.
    expect(stderr).toContain(`Error: ${file} was made for organization org_other, not org_acme`);
    const other = await h.config(
      CONFIG.replace("organization: $", "organization: org_other #"),
      "other-org.yaml",
    );
    const result = await h.run(["apply", file, "-c", other], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(
        `^Error: ${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} is for organization org_other, but its call (POST|PUT|PATCH) /orgs/org_acme/\\S+ is not; make the plan again with docsync plan --out\\.\n$`,
      ),
    );
    expect(h.emulator.stats().total).toBe(0);
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
    expect(plan.stdout).toContain(
      '  + site "Docs"\n    + section "sdk": title "SDK"\n      + site space "sdk": path "sdk"\n\n',
    );
    // The navigation shows what this plan makes: the section left out is not drawn.
    expect(plan.stdout).toContain('  + └─ section "sdk": title "SDK"\n');
    expect(plan.stdout).not.toContain('section "guides"');
    expect(plan.stdout).not.toContain("Handbook");
    expect(plan.stdout).not.toContain("team");
    expect(plan.stdout).toContain(
      "Plan: 3 to create (1 site, 1 section, 1 site space), 0 to update, 0 to move, 0 to delete.",
    );

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

describe("a saved plan and the token's organizations", () => {
  it("refuses a plan for an organization the token cannot see", async () => {
    const emulator = await startEmulator({
      port: 0,
      fixture: {
        users: [
          { id: "usr_ada", displayName: "Ada", email: "ada@one.example", token: "token-of-ada-0001" },
          { id: "usr_bob", displayName: "Bob", email: "bob@two.example", token: "token-of-bob-0002" },
        ],
        organizations: [
          { id: "org_one", title: "One", members: [{ user: "usr_ada", role: "admin" }] },
          { id: "org_two", title: "Two", members: [{ user: "usr_bob", role: "admin" }] },
        ],
      },
    });
    const dir = await mkdtemp(join(tmpdir(), "docsync-orgs-"));
    try {
      const config = join(dir, "docsync.yaml");
      await writeFile(config, "version: 1\norganization: org_one\nteams: [{ title: Writers }]\n");
      const file = join(dir, "plan.json");
      const as = (token: string) => ({ DOCSYNC_API_URL: emulator.url, DOCSYNC_TOKEN: token });
      const planned = await docsync(["plan", "-c", config, "--out", file], { env: as("token-of-ada-0001") });
      expect(planned.code).toBe(0);
      emulator.resetLog();
      const result = await docsync(["apply", file, "-c", config], { env: as("token-of-bob-0002") });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `Error: The API token cannot see organization org_one, which ${file} was made for; use a token of that organization.\n`,
      );
      expect(emulator.stats().writes).toBe(0);
      // The same plan, with the token that made it, goes through.
      const applied = await docsync(["apply", file, "-c", config], { env: as("token-of-ada-0001") });
      expect(applied.code).toBe(0);
      expect(emulator.stats().writes).toBe(1);
    } finally {
      await emulator.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("a saved plan of a space's grants", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  const grant = (body: Record<string, unknown>) =>
    h.api.send({ method: "POST", path: "/spaces/spc_handbook/permissions", body });

  it("refuses to apply once a grant the plan leaves alone was changed by hand, naming it", async () => {
    // Grants have no id of their own: each must still be told apart from the others.
    await grant({ role: "admin", users: ["usr_ada"] });
    await grant({ role: "edit", users: ["usr_eddie"] });
    await grant({ role: "read", users: ["usr_rita"] });
    const config = await h.config(`version: 1
organization: \${DOCSYNC_ORG}
spaces:
  handbook:
    id: spc_handbook
    permissions:
      - { user: usr_ada, role: admin }
      - { user: usr_eddie, role: edit }
      - { user: usr_rita, role: read }
      - { team: Reviewers, role: comment }
`);
    const file = `${config}.plan.json`;
    expect((await h.run(["plan", "-c", config, "--out", file])).code).toBe(0);

    // Someone raises Eddie's role by hand; Rita's grant, the last one listed, stays as it was.
    const listed = await h.api.list<{ user: { id: string } }>("/spaces/spc_handbook/permissions/users");
    expect(listed.at(-1)?.user.id).not.toBe("usr_eddie");
    await h.api.send({
      method: "PATCH",
      path: "/spaces/spc_handbook/permissions/users/usr_eddie",
      body: { role: "admin" },
    });
    h.emulator.resetLog();

    const result = await h.run(["apply", file, "-c", config]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("is not the plan for the live organization now");
    expect(result.stderr).toContain(
      '  + space "handbook" › space permission "user:usr_eddie" (update): only in the current plan\n',
    );
    expect(result.stderr).not.toContain("usr_rita");
    expect(h.writes()).toBe(0);
    const teams = await h.api.list<{ team: { id: string } }>("/spaces/spc_handbook/permissions/teams");
    expect(teams).toEqual([]);
  });
});

describe("a saved plan that names a collection of another organization", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  /** Saves a plan of `yaml` and applies it; the result, after asserting that nothing was written. */
  async function applyRefused(yaml: string) {
    const config = await h.config(yaml);
    const file = `${config}.plan.json`;
    const planned = await h.run(["plan", "-c", config, "--out", file]);
    expect(planned.stderr).toBe(
      `Saved the plan to ${file}; apply it with: docsync apply ${file} -c ${config}\n`,
    );
    h.emulator.resetLog();
    const result = await h.run(["apply", file, "-c", config, "--yes"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(h.writes()).toBe(0);
    return { file, stderr: result.stderr };
  }

  it("refuses to move a space into it, before any write, naming the collection", async () => {
    const { file, stderr } = await applyRefused(
      "version: 1\norganization: org_acme\nspaces:\n  handbook: { id: spc_handbook, collection: { id: col_globex } }\n",
    );
    expect(stderr).toBe(
      `Error: ${file} is for organization org_acme, but its calls name /collections/col_globex, which is not in it (or cannot be read); make the plan again with docsync plan --out.\n`,
    );
    expect((await h.api.get<{ parent?: string }>("/spaces/spc_handbook")).parent ?? null).toBeNull();
  });

  it("refuses to create a collection inside it", async () => {
    const { file, stderr } = await applyRefused(
      "version: 1\norganization: org_acme\ncollections:\n  - { title: Stray, parent: { id: col_globex } }\n",
    );
    expect(stderr).toContain("but its calls name /collections/col_globex, which is not in it");
    expect(stderr).toContain(file);
  });

  it("refuses a call to it, even in a plan whose checksum was made to match", async () => {
    const config = await h.config(
      "version: 1\norganization: org_acme\ncollections:\n  - { title: Documentation, description: Ours }\n",
    );
    const file = `${config}.plan.json`;
    expect((await h.run(["plan", "-c", config, "--out", file])).code).toBe(0);
    const plan = JSON.parse(await readFile(file, "utf8"));
    const calls = plan.calls as { method: string; path: string }[];
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(["PATCH /collections/col_docs"]);
    calls[0]!.path = "/collections/col_globex";
    plan.checksum = contentChecksum(plan);
    await writeFile(file, JSON.stringify(plan));
    h.emulator.resetLog();
    const result = await h.run(["apply", file, "-c", config, "--yes"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `Error: ${file} is for organization org_acme, but its calls name /collections/col_globex, which is not in it (or cannot be read); make the plan again with docsync plan --out.\n`,
    );
    expect(h.writes()).toBe(0);
  });

  it("refuses it even when the token can read that collection, in an organization it also administers", async () => {
    const emulator = await startEmulator({ port: 0, fixture: TWO_ORGS });
    const dir = await mkdtemp(join(tmpdir(), "docsync-two-orgs-"));
    const api = createApiClient({ baseUrl: emulator.url, token: "token-of-ada" });
    try {
      const other = (await api.send<{ id: string }>({
        method: "POST",
        path: "/orgs/org_two/collections",
        body: { title: "Two's docs" },
      }))!;
      const config = join(dir, "docsync.yaml");
      await writeFile(
        config,
        `version: 1\norganization: org_one\nspaces:\n  root: { id: spc_root, collection: { id: ${other.id} } }\n`,
      );
      const file = join(dir, "plan.json");
      const env = { DOCSYNC_API_URL: emulator.url, DOCSYNC_TOKEN: "token-of-ada" };
      expect((await docsync(["plan", "-c", config, "--out", file], { env })).code).toBe(0);
      emulator.resetLog();
      const result = await docsync(["apply", file, "-c", config, "--yes"], { env });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `Error: ${file} is for organization org_one, but its calls name /collections/${other.id}, which is not in it (or cannot be read); make the plan again with docsync plan --out.\n`,
      );
      expect(emulator.stats().writes).toBe(0);
      // The collection was read, and answered: it is org_two's.
      expect(
        emulator.requests.some(
          (entry) => entry.path === `/v1/collections/${other.id}` && entry.status === 200,
        ),
      ).toBe(true);
    } finally {
      await api.close();
      await emulator.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
