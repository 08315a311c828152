// Saved plans (plan --out, apply FILE) and --target.

import { copyFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApiClient } from "../../src/api/client.ts";
import { startEmulator } from "../../src/emulator/index.ts";
import type { LiveSamlProvider } from "../../src/kinds/saml-provider.ts";
import type { LiveSection } from "../../src/kinds/section.ts";
import type { LiveSite } from "../../src/kinds/site.ts";
import { contentChecksum } from "../../src/saved/checksum.ts";
import { TWO_ORGS } from "../emulator/two-orgs.ts";
import { docsync } from "../support/cli.ts";
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
    expect(h.writes()).toBe(saved.calls.filter((call: { method: string }) => call.method !== "GET").length);
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

  it("refuses a plan made from a site that was deleted since, as stale", async () => {
    const first = await h.config(CONFIG.replace("title: SDK", "title: Kit"), "first.yaml");
    expect((await h.run(["apply", "-c", first, "--yes"], { env })).code).toBe(0);
    const file = `${config}.plan.json`;
    expect((await h.run(["plan", "-c", config, "--out", file], { env })).code).toBe(0);
    const site = (await h.api.list<LiveSite>(`/orgs/${h.org}/sites`)).find((s) => s.title === "Docs")!;
    await h.api.send({ method: "DELETE", path: `/orgs/${h.org}/sites/${site.id}` });
    h.emulator.resetLog();
    const result = await h.run(["apply", file, "-c", config, "--yes"], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Error: Stale plan: the live organization changed since");
    expect(result.stderr).toContain(`  /orgs/org_acme/sites/${site.id}/sections no longer exists\n`);
    expect(h.writes()).toBe(0);
  });

  it("is sealed: organization, API URL and a checksum; applies from another folder and another spelling of the URL", async () => {
    const file = `${config}.plan.json`;
    expect((await h.run(["plan", "-c", config, "--out", file], { env })).code).toBe(0);
    const saved = JSON.parse(await readFile(file, "utf8"));
    expect(saved.version).toBe(2);
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

  /** Saves a plan, lets `edit` change its JSON, and applies it; the result of the apply. */
  async function applyEdited(edit: (plan: Record<string, unknown>) => void, args: string[] = []) {
    const file = `${config}.plan.json`;
    expect((await h.run(["plan", "-c", config, "--out", file], { env })).code).toBe(0);
    const plan = JSON.parse(await readFile(file, "utf8"));
    edit(plan);
    await writeFile(file, JSON.stringify(plan, null, 2));
    h.emulator.resetLog();
    const result = await h.run(["apply", file, "--yes", ...args], { env });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr.split("\n")).toHaveLength(2);
    return { file, stderr: result.stderr };
  }

  it("refuses a plan edited after it was written", async () => {
    const { file, stderr } = await applyEdited(
      (plan) => {
        const calls = plan.calls as { body?: { title?: string } }[];
        calls.find((call) => call.body?.title === "Docs")!.body!.title = "Hacked";
      },
      ["-c", config],
    );
    expect(stderr).toBe(
      `Error: ${file} was changed after docsync plan wrote it (its checksum does not match its content); make it again with docsync plan --out.\n`,
    );
    expect(h.emulator.stats().total).toBe(0);
  });

  it("refuses a plan file of the version before, which has no seal", async () => {
    const { file, stderr } = await applyEdited((plan) => {
      plan.version = 1;
      delete plan.apiUrl;
      delete plan.checksum;
    });
    expect(stderr).toBe(
      `Error: ${file} was saved by an older docsync, without the organization, API URL and checksum that apply checks; make it again with docsync plan --out.\n`,
    );
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

  it("refuses a plan made for another organization than the configuration's or DOCSYNC_ORG", async () => {
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
    const teamsOnly = await h.config(`version: 1\norganization: ${h.org}\nteams: [{ title: Writers }]\n`);
    const teamsFile = `${teamsOnly}.plan.json`;
    expect((await h.run(["plan", "-c", teamsOnly, "--out", teamsFile])).code).toBe(0);
    h.emulator.resetLog();
    const byEnv = await h.run(["apply", teamsFile, "--yes"], { env: { DOCSYNC_ORG: "org_other" } });
    expect(byEnv.code).toBe(1);
    expect(byEnv.stderr).toBe(
      `Error: ${teamsFile} was made for organization org_acme, not org_other (DOCSYNC_ORG); make a plan for it with docsync plan --out.\n`,
    );
    expect(h.emulator.stats().total).toBe(0);
  });

  it("refuses a plan whose calls leave its organization, even with a checksum that matches", async () => {
    const { file, stderr } = await applyEdited(
      (plan) => {
        plan.organization = "org_other";
        plan.checksum = contentChecksum(plan);
      },
      ["-c", config],
    );
    // The configuration names org_acme: that check comes first. Without it, the calls give it away.
    expect(stderr).toContain(`Error: ${file} was made for organization org_other, not org_acme`);
    const result = await h.run(["apply", file, "--yes"], { env: { DOCSYNC_ORG: "" } });
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
      const result = await docsync(["apply", file, "--yes"], { env: as("token-of-bob-0002") });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `Error: The API token cannot see organization org_one, which ${file} was made for; use a token of that organization.\n`,
      );
      expect(emulator.stats().writes).toBe(0);
      // The same plan, with the token that made it, goes through.
      const applied = await docsync(["apply", file, "--yes"], { env: as("token-of-ada-0001") });
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

  it("refuses to apply once a grant other than the last one was changed by hand, naming it", async () => {
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
    const saved = JSON.parse(await readFile(file, "utf8"));
    const users = saved.reads.find(
      (read: { path: string }) => read.path === "/spaces/spc_handbook/permissions/users",
    );
    expect(Object.keys(users.items).sort()).toEqual(["user:usr_ada", "user:usr_eddie", "user:usr_rita"]);

    // Someone raises Eddie's role by hand; Rita's grant, the last one listed, stays as it was.
    const listed = await h.api.list<{ user: { id: string } }>("/spaces/spc_handbook/permissions/users");
    expect(listed.at(-1)?.user.id).not.toBe("usr_eddie");
    await h.api.send({
      method: "PATCH",
      path: "/spaces/spc_handbook/permissions/users/usr_eddie",
      body: { role: "admin" },
    });
    h.emulator.resetLog();

    const result = await h.run(["apply", file, "-c", config, "--yes"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Error: Stale plan: the live organization changed since");
    expect(result.stderr).toContain(
      '  /spaces/spc_handbook/permissions/users: user:usr_eddie ("eddie@acme.example") changed\n',
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
    expect(planned.stderr).toBe(`Saved the plan to ${file}; apply it with: docsync apply ${file}\n`);
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
