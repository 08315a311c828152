// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are configuration text, with its interpolation syntax.
// Items renamed by hand in the web app, whose titles the API does not keep unique. An exported
// organization pins them with `id:`, so plan renames them back instead of making them again; a
// configuration without pins gets a warning naming the renamed live item, in plan, drift and
// apply, as text, Markdown and JSON.

import { readFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applied, type Harness, startHarness } from "../support/harness.ts";

// biome-ignore lint/suspicious/noExplicitAny: answers and reports are checked by the assertions.
type Json = any;

describe("items renamed by hand", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  const org = () => `/orgs/${h.org}`;
  const list = (path: string) => h.api.list<Json>(`${org()}${path}`);
  const rename = (method: "PATCH" | "PUT", path: string, body: Record<string, string>) =>
    h.api.send<Json>({ method, path, body });

  it("an exported organization renames them back: plan, drift and apply find each by its id", async () => {
    // The examples run against their own fixture, as the quick start runs them.
    await h.close();
    h = await startHarness({ fixture: "examples/emulator-fixture.yaml" });
    await applied(h, "examples/multi-section");
    const certificate = (await readFile("examples/organization/okta.pem", "utf8")).replace(/\r?\n$/, "");
    const env = { SAML_OKTA_CERTIFICATE: certificate };
    await applied(h, "examples/organization");
    const file = await h.config("", "exported.yaml");
    expect((await h.run(["export", "-o", file, "--force"])).code).toBe(0);

    // What someone does in the web app: every kind whose titles the API does not keep unique.
    const [site] = await list("/sites");
    const [group] = await list(`/sites/${site.id}/section-groups`);
    const team = (await list("/teams")).find((item: Json) => item.title === "Writers");
    const collection = (await list("/collections")).find((item: Json) => item.title === "Guides");
    const [saml] = await list("/saml");
    await rename("PATCH", `${org()}/sites/${site.id}`, { title: "Docs Portal" });
    await rename("PATCH", `${org()}/sites/${site.id}/section-groups/${group.id}`, { title: "Devs" });
    await rename("PATCH", `${org()}/teams/${team.id}`, { title: "Authors" });
    await rename("PATCH", `/collections/${collection.id}`, { title: "How-tos" });
    await rename("PATCH", `${org()}/saml/${saml.id}`, { label: "Okta SSO" });

    const plan = await h.run(["plan", "-c", file, "--detailed-exitcode"], { env });
    expect(plan.code).toBe(2);
    // Each renamed back, nested in its site where it is in one.
    for (const [item, field, from, to] of [
      ['  ~ site "Acme Docs"', "title", "Docs Portal", "Acme Docs"],
      ['    ~ group "Developers"', "title", "Devs", "Developers"],
      ['  ~ team "Writers"', "title", "Authors", "Writers"],
      ['  ~ collection "Guides"', "title", "How-tos", "Guides"],
      ['  ~ SAML provider "Okta"', "label", "Okta SSO", "Okta"],
    ]) {
      expect(plan.stdout).toContain(`${item}: ${field} "${from}" ⇒ "${to}"  (renamed from "${from}")\n`);
    }
    expect(plan.stdout).toContain(
      "Plan: 0 to create, 5 to update (1 collection, 1 team, 1 SAML provider, 1 site, 1 group), 0 to move, 0 to delete.\n",
    );
    expect(plan.stdout).not.toContain("Warning");

    const drift = await h.run(["drift", "-c", file, "--format", "json"], { env });
    expect(drift.code).toBe(2);
    const report = JSON.parse(drift.stdout);
    expect(report.items.map((item: Json) => item.state)).toEqual(Array(5).fill("differs"));
    expect(report.warnings).toEqual([]);

    const apply = await h.run(["apply", "-c", file, "--yes"], { env });
    expect(apply.code).toBe(0);
    expect((await list("/sites")).map((item: Json) => [item.id, item.title])).toEqual([
      [site.id, "Acme Docs"],
    ]);
    expect((await list("/teams")).filter((item: Json) => item.title === "Writers")).toHaveLength(1);
    expect((await list("/saml")).map((item: Json) => [item.id, item.label])).toEqual([[saml.id, "Okta"]]);
    const again = await h.run(["plan", "-c", file, "--detailed-exitcode"], { env });
    expect(again.stdout).toBe("No changes: live state matches the configuration.\n");
  });

  it("a configuration without pins names the renamed live site in plan, drift and apply, in every format", async () => {
    await applied(h, "examples/multi-section");
    const [site] = await list("/sites");
    await rename("PATCH", `${org()}/sites/${site.id}`, { title: "Docs Portal" });
    const hint = `live site "Docs Portal" (${site.id}) is not in the configuration; if it is "Acme Docs" renamed by hand, add id: ${site.id} (or was: "Docs Portal")`;
    const config = ["-c", "examples/multi-section"];
    // Markdown writes the names as code and escapes the rest.
    const id = site.id.replaceAll("_", "\\_");
    const markdownHint = `> - live site \`"Docs Portal"\` (${id}) is not in the configuration; if it is \`"Acme Docs"\` renamed by hand, add id: ${id} (or was: \`"Docs Portal"\`)\n`;

    const text = await h.run(["plan", ...config]);
    expect(text.stdout).toContain(`  + site "Acme Docs"\n`);
    expect(text.stdout).toContain(`\nWarning: ${hint}\n`);
    const markdown = await h.run(["plan", ...config, "--format", "markdown"]);
    expect(markdown.stdout).toContain(`> [!WARNING]\n${markdownHint}`);
    expect(JSON.parse((await h.run(["plan", ...config, "--format", "json"])).stdout).warnings).toEqual([
      hint,
    ]);

    const driftText = await h.run(["drift", ...config]);
    expect(driftText.code).toBe(2);
    expect(driftText.stdout).toContain(`Warning: ${hint}\n`);
    const driftMarkdown = await h.run(["drift", ...config, "--format", "markdown"]);
    expect(driftMarkdown.stdout).toContain(`> [!WARNING]\n${markdownHint}`);
    const driftJson = JSON.parse((await h.run(["drift", ...config, "--format", "json"])).stdout);
    expect(driftJson.items.every((item: Json) => item.state === "missing")).toBe(true);
    expect(driftJson.warnings).toEqual([hint]);

    // Apply shows the plan it makes, warning included, before anyone confirms it.
    const refused = await h.run(["apply", ...config], { answers: ["no"] });
    expect(refused.stdout).toContain(`Warning: ${hint}\n`);
    expect(await list("/sites")).toHaveLength(1);
    const json = await h.run(["apply", ...config, "--yes", "--format", "json"]);
    expect(json.stderr).toContain(`Warning: ${hint}\n`);
    expect(JSON.parse(json.stdout).rounds[0].warnings).toEqual([hint]);
  });

  it("once the configuration pins the site or names its old title, the plan renames it and says nothing more", async () => {
    await applied(h, "examples/multi-section");
    const [site] = await list("/sites");
    await rename("PATCH", `${org()}/sites/${site.id}`, { title: "Docs Portal" });
    const original = await readFile("examples/multi-section/docsync.yaml", "utf8");
    for (const line of [`    id: ${site.id}\n`, "    was: Docs Portal\n"]) {
      const path = await h.config(
        original.replace("  - title: Acme Docs\n", `  - title: Acme Docs\n${line}`),
      );
      const plan = await h.run(["plan", "-c", path]);
      expect(plan.stdout).toBe(
        `Changes for organization ${h.org}:\n\n` +
          `  ~ site "Acme Docs": title "Docs Portal" ⇒ "Acme Docs"  (renamed from "Docs Portal")\n\n` +
          "Plan: 0 to create, 1 to update (1 site), 0 to move, 0 to delete.\n",
      );
    }
  });

  it("names a team renamed by hand where the configuration lists teams, and only there", async () => {
    await rename("PATCH", `${org()}/teams/team_writers`, { title: "Authors" });
    const teams = await h.config(
      "version: 1\norganization: ${DOCSYNC_ORG}\nteams:\n  - title: Writers\n  - title: Reviewers\n",
    );
    const plan = await h.run(["plan", "-c", teams]);
    expect(plan.stdout).toContain('  + team "Writers"\n');
    expect(plan.stdout).toContain(
      'Warning: live team "Authors" (team_writers) is not in the configuration; if it is "Writers" renamed by hand, add id: team_writers (or was: "Authors")\n',
    );
    // Teams are read to find a SAML provider's default team, but not managed: nothing to say.
    const saml = await h.config(
      "version: 1\norganization: ${DOCSYNC_ORG}\nsamlProviders:\n  - { label: Okta, defaultTeam: { id: team_reviewers } }\n",
    );
    const other = await h.run(["plan", "-c", saml]);
    expect(other.stdout).toContain('  + SAML provider "Okta": defaultTeam "team_reviewers"\n');
    expect(other.stdout).not.toContain("Warning");
  });

  it("an exported translation's settings are renamed back by their id", async () => {
    const config = await h.config(
      "version: 1\norganization: ${DOCSYNC_ORG}\ntranslations:\n  - title: French\n",
    );
    await applied(h, config);
    const file = await h.config("", "exported.yaml");
    expect((await h.run(["export", "-o", file, "--force"])).code).toBe(0);
    const [translation] = await list("/translations");
    expect(await readFile(file, "utf8")).toContain(
      `translations:\n  - title: French\n    id: ${translation.id}\n`,
    );
    await rename("PUT", `${org()}/translations/${translation.id}`, { title: "Français" });
    const plan = await h.run(["plan", "-c", file]);
    expect(plan.stdout).toContain(
      '  ~ translation "French": title "Français" ⇒ "French"  (renamed from "Français")\n',
    );
    expect(plan.stdout).toContain(
      "Plan: 0 to create, 1 to update (1 translation), 0 to move, 0 to delete.\n",
    );
  });
});
