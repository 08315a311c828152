// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are configuration text, with its interpolation syntax.
// Organization settings, OpenAPI specs and translation settings: plan, apply, drift and export
// against the emulator.

import { readFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { LiveOpenApiSpec } from "../../src/kinds/organization/openapi-spec.ts";
import type { LiveTranslation } from "../../src/kinds/organization/translation.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";

interface LiveOrganization {
  title: string;
  emailDomains: string[];
  hostname?: string;
  defaultRole: string | null;
  sso?: boolean;
  ai?: boolean;
  inviteLinks: boolean;
}

const HEAD = "version: 1\norganization: ${DOCSYNC_ORG}\n";
const CERTIFICATE =
  "-----BEGIN CERTIFICATE-----\\nMIIBexampleCERTIFICATEbody0123456789\\n-----END CERTIFICATE-----";
const NO_CHANGES = "No changes: live state matches the configuration.\n";

describe("organization settings", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  const organization = async () => (await h.api.get<LiveOrganization>(`/orgs/${h.org}`))!;

  it("turns SSO on after the SAML provider it creates, and off before the provider it deletes", async () => {
    interface PlannedCall {
      id: string;
      method: string;
      path: string;
      body?: Record<string, unknown>;
      dependsOn: string[];
    }
    const calls = async (yaml: string) => {
      const plan = await h.run(["plan", "-c", await h.config(yaml), "--format", "json"]);
      expect(plan.stderr).toBe("");
      return (JSON.parse(plan.stdout) as { calls: PlannedCall[] }).calls;
    };
    const provider = `  - { label: Okta, entityID: "https://okta.example/e", ssoURL: "https://okta.example/sso", certificate: "${CERTIFICATE}" }\n`;
    const on = await calls(`${HEAD}samlProviders:\n${provider}organizationSettings:\n  sso: true\n`);
    const create = on.find((call) => call.method === "POST" && call.path.endsWith("/saml"))!;
    const enable = on.find((call) => call.method === "PATCH" && call.body?.sso === true)!;
    expect(enable.dependsOn).toContain(create.id);
    await applied(
      h,
      await h.config(`${HEAD}samlProviders:\n${provider}organizationSettings:\n  sso: true\n`),
    );
    expect((await organization()).sso).toBe(true);

    const off = await calls(
      `${HEAD}samlProviders: []\npolicy: { prune: [samlProviders] }\norganizationSettings:\n  sso: false\n`,
    );
    const remove = off.find((call) => call.method === "DELETE" && call.path.includes("/saml/"))!;
    const disable = off.find((call) => call.method === "PATCH" && call.body?.sso === false)!;
    expect(remove.dependsOn).toContain(disable.id);
  });

  it("changes only the settings the file gives, with one PATCH", async () => {
    const before = await organization();
    const path = await h.config(
      `${HEAD}organizationSettings:\n  title: Acme Corp\n  emailDomains: [acme.example, acme.test]\n  hostname: acme-docs\n`,
    );
    const plan = await h.run(["plan", "-c", path]);
    expect(plan.stdout).toContain(
      `  ~ settings "organization"\n      title: "${before.title}" ⇒ "Acme Corp"\n      emailDomains: ${JSON.stringify(before.emailDomains)} ⇒ ["acme.example","acme.test"]\n`,
    );
    expect(plan.stdout).not.toContain("HIGH RISK");
    expect(plan.stdout).toContain("Plan: 0 to create, 1 to update (1 settings), 0 to move, 0 to delete.");

    h.emulator.resetLog();
    await applied(h, path);
    expect(h.writes()).toBe(1);
    const after = await organization();
    expect(after).toMatchObject({ title: "Acme Corp", emailDomains: ["acme.example", "acme.test"] });
    expect(after.hostname).toBe("acme-docs");
    // Fields the file does not give stay as they were.
    expect([after.ai, after.sso, after.inviteLinks, after.defaultRole]).toEqual([
      before.ai,
      before.sso,
      before.inviteLinks,
      before.defaultRole,
    ]);
    expect((await h.run(["plan", "-c", path])).stdout).toBe(NO_CHANGES);

    // The service cannot remove a hostname: null is refused before any call, naming the line.
    h.emulator.resetLog();
    const removal = await h.run([
      "plan",
      "-c",
      await h.config(`${HEAD}organizationSettings: { hostname: null }\n`),
    ]);
    expect(removal.code).toBe(1);
    expect(removal.stderr).toContain(":3:");
    expect(removal.stderr).toContain("hostname");
    expect(h.writes()).toBe(0);
    expect((await organization()).hostname).toBe("acme-docs");
  });

  it("flags turning single sign-on on and changing the default role as high risk, saying why", async () => {
    await h.api.send({ method: "PATCH", path: `/orgs/${h.org}`, body: { sso: false, defaultRole: "read" } });
    const path = await h.config(`${HEAD}organizationSettings: { sso: true, defaultRole: edit, ai: true }\n`);
    const plan = await h.run(["plan", "-c", path]);
    expect(plan.stdout).toContain(
      '  ~ settings "organization"  (changes the role new members get; enforces single sign-on: members who cannot sign in through it lose access)  HIGH RISK\n',
    );
    const markdown = await h.run(["plan", "-c", path, "--format", "markdown"]);
    expect(markdown.stdout).toContain("**1 high-risk change**");
    expect(markdown.stdout).toContain(
      '**update** `settings "organization"` (changes the role new members get;',
    );

    await applied(h, path);
    expect(await organization()).toMatchObject({ sso: true, defaultRole: "edit", ai: true });
    // Turning it off again, or AI alone, is not risky.
    const off = await h.run([
      "plan",
      "-c",
      await h.config(`${HEAD}organizationSettings: { sso: false, ai: false }\n`),
    ]);
    expect(off.stdout).toContain('  ~ settings "organization": sso true ⇒ false, ai true ⇒ false\n');
    expect(off.stdout).not.toContain("HIGH RISK");
  });

  it("reports settings changed by hand as drift, and only the managed ones", async () => {
    const path = await h.config(`${HEAD}organizationSettings: { title: Acme Inc, inviteLinks: true }\n`);
    await applied(h, path);
    await h.api.send({
      method: "PATCH",
      path: `/orgs/${h.org}`,
      body: { title: "Acme (renamed)", ai: true },
    });
    const drift = await h.run(["drift", "-c", path]);
    expect(drift.code).toBe(2);
    expect(drift.stdout).toContain('  ~ settings "organization": title "Acme (renamed)" ⇒ "Acme Inc"\n');
    expect(drift.stdout).not.toContain("ai:");
  });

  it("rejects the settings given in two files, and a role outside the enum, naming the place", async () => {
    const one = await h.config(`${HEAD}organizationSettings:\n  title: Acme Inc\n`, "one.yaml");
    const two = await h.config("version: 1\norganizationSettings:\n  ai: true\n", "two.yaml");
    const twice = await h.run(["validate", "-c", one, "-c", two]);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain(
      `${two}:3:3: organizationSettings: is already given at ${one}:4:3; give organizationSettings in one file only`,
    );
    expect(twice.stderr).not.toContain("    at ");

    const role = await h.run([
      "validate",
      "-c",
      await h.config(`${HEAD}organizationSettings:\n  defaultRole: owner\n`),
    ]);
    expect(role.code).toBe(1);
    expect(role.stderr).toMatch(/:4:16: organizationSettings\.defaultRole: must be one of/);
    const prune = await h.run([
      "validate",
      "-c",
      await h.config(
        `${HEAD}organizationSettings: { ai: true }\npolicy: { prune: [organizationSettings] }\n`,
      ),
    ]);
    expect(prune.code).toBe(1);
    expect(prune.stderr).toContain("policy.prune[0]");
  });

  it("stops, naming the call, when the organization has no settings to read", async () => {
    const path = await h.config("version: 1\norganization: org_gone\norganizationSettings: { ai: true }\n");
    const plan = await h.run(["plan", "-c", path]);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain("GET /orgs/org_gone found no settings to change");
    expect(plan.stderr).not.toContain("    at ");
  });
});

describe("OpenAPI specs", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  const specs = async () => await h.api.list<LiveOpenApiSpec>(`/orgs/${h.org}/openapi`);

  it("creates from a URL, changes the URL in place, and prunes with a high-risk delete", async () => {
    const v1 = `${HEAD}openApiSpecs:\n  - { slug: payments, source: "https://api.acme.example/v1.yaml" }\n  - slug: billing\n    source: { url: "https://api.acme.example/billing.yaml" }\n`;
    await applied(h, await h.config(v1));
    const created = await specs();
    // Made concurrently: the live order may be either.
    expect(created.map((s) => [s.slug, s.sourceURL]).sort()).toEqual([
      ["billing", "https://api.acme.example/billing.yaml"],
      ["payments", "https://api.acme.example/v1.yaml"],
    ]);

    const v2 = `${HEAD}openApiSpecs:\n  - { slug: payments, source: "https://api.acme.example/v2.yaml" }\npolicy: { prune: [openApiSpecs] }\n`;
    const path = await h.config(v2);
    const plan = await h.run(["plan", "-c", path]);
    expect(plan.stdout).toContain(
      '  ~ OpenAPI spec "payments": source "https://api.acme.example/v1.yaml" ⇒ "https://api.acme.example/v2.yaml"\n',
    );
    expect(plan.stdout).toContain(
      '  - OpenAPI spec "billing": source "https://api.acme.example/billing.yaml"  HIGH RISK\n',
    );
    await applied(h, path);
    const after = await specs();
    expect(after.map((s) => [s.id, s.sourceURL])).toEqual([
      [created.find((s) => s.slug === "payments")!.id, "https://api.acme.example/v2.yaml"],
    ]);
    expect((await h.run(["plan", "-c", path])).stdout).toBe(NO_CHANGES);
  });

  it("sends a text source to create, never shows it, and cannot see later edits of it", async () => {
    const document = "openapi: 3.1.0\ninfo: { title: Payments, version: '1' }\npaths: {}\n";
    // `${file:...}` drops the file's trailing newline.
    const length = document.length - 1;
    await h.config(document, "payments.yaml");
    const config = (source: string) =>
      h.config(`${HEAD}openApiSpecs:\n  - slug: payments\n    source: ${source}\n`, "docsync.yaml");
    // In a flow mapping the interpolation is quoted: `{` would start a mapping.
    const path = await config('{ text: "${file:payments.yaml}" }');
    const plan = await h.run(["plan", "-c", path]);
    expect(plan.stdout).toContain(`  + OpenAPI spec "payments": source "(text, ${length} characters)"\n`);
    expect(plan.stdout).not.toContain("openapi: 3.1.0");
    await applied(h, path);
    const [spec] = await specs();
    expect(spec!.sourceURL).toBeUndefined();
    expect((await h.run(["plan", "-c", path])).stdout).toBe(NO_CHANGES);

    // From text to a URL is seen; from a URL back to text too.
    const url = await config('"https://api.acme.example/p.yaml"');
    await applied(h, url);
    expect((await specs())[0]!.sourceURL).toBe("https://api.acme.example/p.yaml");
    const back = await h.run(["plan", "-c", await config("\n      text: ${file:payments.yaml}")]);
    expect(back.stdout).toContain(
      `source "https://api.acme.example/p.yaml" ⇒ "(text, ${length} characters)"\n`,
    );
  });

  it("needs the source to create a spec, and a valid slug, naming the place", async () => {
    const path = await h.config(`${HEAD}openApiSpecs:\n  - slug: payments\n`);
    const plan = await h.run(["plan", "-c", path]);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain(
      `${path}:4:5: OpenAPI spec "payments" does not exist, and creating it needs its source`,
    );
    const bad = await h.run([
      "validate",
      "-c",
      await h.config(`${HEAD}openApiSpecs:\n  - { slug: Pay_API, source: "https://x.example/a" }\n`),
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/:4:\d+: openApiSpecs\[0\]\.slug: /);
    const twice = await h.run([
      "validate",
      "-c",
      await h.config(
        `${HEAD}openApiSpecs:\n  - { slug: a, source: "https://x.example/a" }\n  - { slug: a, source: "https://x.example/b" }\n`,
      ),
    ]);
    expect(twice.stderr).toContain('duplicate OpenAPI spec slug "a" (first at line 4)');
  });
});

describe("translation settings", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  const translations = async () => await h.api.list<LiveTranslation>(`/orgs/${h.org}/translations`);

  it("creates, renames with was or an id pin, and prunes", async () => {
    await applied(h, await h.config(`${HEAD}translations:\n  - title: French\n  - title: German\n`));
    // Made concurrently: the live order may be either.
    const made = await translations();
    expect(made.map((translation) => translation.title).sort()).toEqual(["French", "German"]);
    const [french, german] = ["French", "German"].map((title) => made.find((t) => t.title === title));

    const renamed = await h.config(
      `${HEAD}translations:\n  - { title: Français, was: French }\n  - { title: Deutsch, id: ${german!.id} }\n`,
    );
    const plan = await h.run(["plan", "-c", renamed]);
    expect(plan.stdout).toContain(
      '  ~ translation "Français": title "French" ⇒ "Français"  (renamed from "French")\n',
    );
    await applied(h, renamed);
    expect((await translations()).map((t) => [t.id, t.title]).sort()).toEqual(
      [
        [french!.id, "Français"],
        [german!.id, "Deutsch"],
      ].sort(),
    );

    const pruned = await h.config(
      `${HEAD}translations: [{ title: Français }]\npolicy: { prune: [translations] }\n`,
    );
    expect((await h.run(["plan", "-c", pruned])).stdout).toContain('  - translation "Deutsch"  HIGH RISK\n');
    await applied(h, pruned);
    expect((await translations()).map((t) => t.title)).toEqual(["Français"]);
  });

  it("rejects two entries with one title, naming both places", async () => {
    const path = await h.config(`${HEAD}translations:\n  - title: French\n  - title: French\n`);
    const result = await h.run(["validate", "-c", path]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `${path}:5:12: translations[1].title: duplicate translation title "French" (first at line 4)`,
    );
  });
});

describe("export of settings, OpenAPI specs and translations", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  it("writes them so that the export plans to no changes", async () => {
    await h.api.send({ method: "PATCH", path: `/orgs/${h.org}`, body: { defaultRole: null, ai: true } });
    await h.api.send({
      method: "POST",
      path: `/orgs/${h.org}/openapi`,
      body: { slug: "payments", source: { url: "https://api.acme.example/p.yaml" } },
    });
    await h.api.send({
      method: "POST",
      path: `/orgs/${h.org}/openapi`,
      body: { slug: "inline", source: { text: "openapi: 3.1.0" } },
    });
    const french = await h.api.send<{ id: string }>({
      method: "POST",
      path: `/orgs/${h.org}/translations`,
      body: { title: "French" },
    });

    const file = await h.config("", "exported.yaml");
    const exported = await h.run(["export", "-o", file, "--force", "--prune-org"]);
    expect(exported.code).toBe(0);
    const text = await readFile(file, "utf8");
    const doc = parse(text);
    const live = await h.api.get<LiveOrganization>(`/orgs/${h.org}`);
    expect(doc.organizationSettings).toEqual({
      title: live!.title,
      emailDomains: live!.emailDomains,
      ...(live!.hostname !== undefined ? { hostname: live!.hostname } : {}),
      defaultRole: null,
      sso: live!.sso,
      ai: true,
      inviteLinks: live!.inviteLinks,
    });
    expect(doc.openApiSpecs).toEqual([
      { slug: "payments", source: "https://api.acme.example/p.yaml" },
      { slug: "inline" },
    ]);
    expect(text).toContain("# source: made from a text, which the API does not return.");
    expect(doc.translations).toEqual([{ title: "French", id: french!.id }]);
    expect(doc.policy.prune).toEqual(expect.arrayContaining(["openApiSpecs", "translations"]));
    expect(doc.policy.prune).not.toContain("organizationSettings");

    h.emulator.resetLog();
    const plan = await h.run(["plan", "-c", file, "--detailed-exitcode"]);
    expect(plan.stderr).toBe("");
    expect(plan.stdout).toBe(NO_CHANGES);
    expect(h.writes()).toBe(0);
  });
});
