// Branding as code against the emulator over HTTP: brands under `branding:`, a site's
// customization that extends one and sets its own fields, one PUT of the whole document per site
// whose document changes, drift of a hand change, the export's round trip, and the checks of
// the file at file:line:col.

import { readFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Plan } from "../../src/model/plan.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";

const HEADER = `version: 1
organization: \${DOCSYNC_ORG}
spaces: { handbook: spc_handbook }
`;

/** Two sites of one brand, each with its own accent, and a third that names no customization. */
const brand = (primary: string) => `${HEADER}branding:
  acme:
    styling:
      primaryColor: { light: "${primary}", dark: "#5B8CFF" }
      font: Lato
      corners: straight
    footer: { copyright: "© Acme" }
sites:
  - title: Docs
    siteSpaces: [{ space: handbook, path: handbook }]
    customization:
      extends: acme
      styling: { tint: { color: { light: "#E8F0FF", dark: "#101828" } } }
  - title: Help
    siteSpaces: [{ space: handbook, path: handbook }]
    customization:
      extends: acme
      styling: { primaryColor: { dark: "#FF8A00" } }
  - title: Plain
    siteSpaces: [{ space: handbook, path: handbook }]
`;

type Document = Record<string, Record<string, unknown>>;

describe("branding: a site's customization", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  const siteId = async (title: string) =>
    (await h.api.list<{ id: string; title: string }>(`/orgs/${h.org}/sites`)).find((s) => s.title === title)!
      .id;
  const customization = async (title: string) =>
    h.api.get<Document>(`/orgs/${h.org}/sites/${await siteId(title)}/customization`);
  const puts = () => h.emulator.requests.filter((entry) => entry.method === "PUT").map((entry) => entry.path);
  const noChanges = async (file: string) => (await h.run(["plan", "-c", file, "--detailed-exitcode"])).code;

  it("sets the brand and each site's own fields on the sites the plan creates, then plans no change", async () => {
    const file = await h.config(brand("#0B5FFF"));
    const plan = await h.run(["plan", "-c", file]);
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain('styling.primaryColor.light: "#0B5FFF"');
    await applied(h, file);
    const docs = await customization("Docs");
    expect(docs.styling).toMatchObject({
      primaryColor: { light: "#0B5FFF", dark: "#5B8CFF" },
      tint: { color: { light: "#E8F0FF", dark: "#101828" } },
      font: "Lato",
      corners: "straight",
      // Not configured: as the service made it.
      theme: "clean",
    });
    expect(docs.footer).toMatchObject({ copyright: "© Acme", groups: [] });
    const help = await customization("Help");
    expect(help.styling).toMatchObject({ primaryColor: { light: "#0B5FFF", dark: "#FF8A00" }, font: "Lato" });
    expect(help.styling?.tint).toBeUndefined();
    expect(await noChanges(file)).toBe(0);
  });

  it("makes one PUT per site that extends a changed brand, and shows the brand's change once", async () => {
    await applied(h, await h.config(brand("#0B5FFF")));
    const file = await h.config(brand("#1A4FD0"));
    const plan = await h.run(["plan", "-c", file]);
    expect(plan.stdout).toBe(`Changes for organization ${h.org}:

  ~ brand "acme"  (applied to site "Docs", site "Help": 2 calls, one each)
      styling.primaryColor.light: "#0B5FFF" ⇒ "#1A4FD0"

Plan: 0 to create, 2 to update (2 customizations), 0 to move, 0 to delete.
`);
    h.emulator.resetLog();
    await applied(h, file);
    const path = async (title: string) => `/v1/orgs/${h.org}/sites/${await siteId(title)}/customization`;
    expect(puts().sort()).toEqual([await path("Docs"), await path("Help")].sort());
    expect((await customization("Help")).styling).toMatchObject({
      primaryColor: { light: "#1A4FD0", dark: "#FF8A00" },
    });
    expect(await noChanges(file)).toBe(0);
  });

  it("keeps the fields the configuration does not name as they are live", async () => {
    await applied(h, await h.config(brand("#0B5FFF")));
    const id = await siteId("Docs");
    const live = await customization("Docs");
    const { updatedAt: _at, ...document } = live;
    await h.api.send({
      method: "PUT",
      path: `/orgs/${h.org}/sites/${id}/customization`,
      body: { ...document, ai: { mode: "assistant", greeting: "Ask Acme" } },
    });
    await applied(h, await h.config(brand("#1A4FD0")));
    const after = await customization("Docs");
    expect(after.ai).toEqual({ mode: "assistant", greeting: "Ask Acme" });
    expect(after.styling?.primaryColor).toEqual({ light: "#1A4FD0", dark: "#5B8CFF" });
  });

  it("reads no customization of a site whose configuration does not name it", async () => {
    const file = await h.config(brand("#0B5FFF"));
    await applied(h, file);
    h.emulator.resetLog();
    await h.run(["plan", "-c", file]);
    const reads = h.emulator.requests.filter((entry) => entry.path.endsWith("/customization"));
    const plain = await siteId("Plain");
    expect(reads.length).toBe(2);
    expect(reads.some((entry) => entry.path.includes(plain))).toBe(false);
  });

  it("reports a hand change as drift", async () => {
    const file = await h.config(brand("#0B5FFF"));
    await applied(h, file);
    const { updatedAt: _at, ...document } = await customization("Help");
    const styling = { ...document.styling, font: "Roboto" };
    await h.api.send({
      method: "PUT",
      path: `/orgs/${h.org}/sites/${await siteId("Help")}/customization`,
      body: { ...document, styling },
    });
    const drift = await h.run(["drift", "-c", file]);
    expect(drift.stdout).toContain("styling.font");
    expect(drift.stdout).toContain('"Roboto"');
    expect(drift.stdout).toContain('"Lato"');
  });

  it("exports each site's own document, and the export plans no change", async () => {
    await applied(h, await h.config(brand("#0B5FFF")));
    const file = await h.config("", "exported.yaml");
    expect((await h.run(["export", "-o", file, "--force"])).code).toBe(0);
    const text = await readFile(file, "utf8");
    expect(text).toContain("customization:");
    expect(text).toContain("#FF8A00");
    expect(await noChanges(file)).toBe(0);
  });

  it("names the place of a bad colour, an unknown value and an unknown brand", async () => {
    const file = await h.config(`${HEADER}branding:
  acme:
    styling: { primaryColor: { light: blue, dark: "#000" }, corners: square }
sites:
  - title: Docs
    customization: { extends: acne }
`);
    const result = await h.run(["plan", "-c", file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `${file}:6:39: branding.acme.styling.primaryColor.light: must be a colour`,
    );
    expect(result.stderr).toContain(
      `${file}:6:70: branding.acme.styling.corners: must be one of: straight, rounded, circular`,
    );
    expect(result.stderr).not.toContain("    at ");
    const unknown = await h.config(`${HEADER}branding:
  acme: { styling: { font: Lato } }
sites:
  - title: Docs
    customization: { extends: acne }
`);
    const second = await h.run(["plan", "-c", unknown]);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(
      `${unknown}:8:31: sites[0].customization.extends: unknown brand "acne"; branding lists "acme"`,
    );
  });

  it("sets a site space's overrides with PATCH, and removes the last with DELETE", async () => {
    const site = (overrides: string) => `${HEADER}sites:
  - title: Docs
    siteSpaces:
      - space: handbook
        path: handbook
        customization: ${overrides}
`;
    const set = await h.config(
      site(`{ styling: { primaryColor: { light: "#C2410C", dark: "#FB923C" }, corners: circular } }`),
    );
    await applied(h, set);
    const id = await siteId("Docs");
    const [siteSpace] = await h.api.list<{ id: string }>(`/orgs/${h.org}/sites/${id}/site-spaces`);
    const overridesPath = `/orgs/${h.org}/sites/${id}/site-spaces/${siteSpace!.id}/customization`;
    const shown = await h.api.get<Document>(overridesPath);
    expect(shown.styling).toMatchObject({
      primaryColor: { light: "#C2410C", dark: "#FB923C" },
      corners: "circular",
    });
    expect(await noChanges(set)).toBe(0);

    const one = await h.config(site("{ styling: { corners: null } }"));
    const plan = await h.run(["plan", "-c", one]);
    expect(plan.stdout).toContain('styling.corners "circular" ⇒ (removed)');
    h.emulator.resetLog();
    await applied(h, one);
    const writes = h.emulator.requests.filter((entry) => entry.method !== "GET");
    expect(writes.map((entry) => entry.method)).toEqual(["PATCH"]);
    expect((await h.api.get<Document>(overridesPath)).styling).toMatchObject({
      primaryColor: { light: "#C2410C" },
      corners: "rounded",
    });
    expect(await noChanges(one)).toBe(0);

    const none = await h.config(site("{ styling: { primaryColor: null } }"));
    h.emulator.resetLog();
    await applied(h, none);
    const last = h.emulator.requests.filter((entry) => entry.method !== "GET");
    expect(last.map((entry) => `${entry.method} ${entry.path}`)).toEqual([`DELETE /v1${overridesPath}`]);
    expect((await h.api.get<Document>(overridesPath)).styling).toMatchObject({
      primaryColor: { light: "#346DDB" },
    });
    expect(await noChanges(none)).toBe(0);
  });
});

/** examples/branding with its brand's tint changed: a colour every site takes from the brand. */
async function exampleWithTint(light: string): Promise<string> {
  const text = await readFile("examples/branding/docsync.yaml", "utf8");
  const changed = text.replace('tint: { color: { light: "#F5F8FF"', `tint: { color: { light: "${light}"`);
  expect(changed).not.toBe(text);
  return changed;
}

describe("examples/branding, as a reviewer and a designer see a change of the brand", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ fixture: "examples/emulator-fixture.yaml" });
  });
  afterEach(() => h.close());

  const EXAMPLE = "examples/branding";
  const run = (args: string[]) => h.run(args);

  it("plans, applies, plans and drifts clean, and exports a file that plans to no change", async () => {
    expect((await run(["plan", "-c", EXAMPLE, "--detailed-exitcode"])).code).toBe(2);
    await applied(h, EXAMPLE);
    h.emulator.resetLog();
    const again = await run(["plan", "-c", EXAMPLE, "--detailed-exitcode"]);
    expect(again.stdout).toBe("No changes: live state matches the configuration.\n");
    expect(again.code).toBe(0);
    const drift = await run(["drift", "-c", EXAMPLE]);
    expect(drift.code).toBe(0);
    const exported = await h.config("", "exported.yaml");
    expect((await run(["export", "-o", exported, "--force"])).code).toBe(0);
    // What the three sites share is written once, as a brand each of them extends.
    const written = await readFile(exported, "utf8");
    expect(written).toMatch(/^branding:\n {2}brand:\n/m);
    expect(written.match(/^ {6}extends: brand$/gm)).toHaveLength(3);
    expect(written.match(/#F5F8FF/g)).toHaveLength(1);
    const fromExport = await run(["plan", "-c", exported, "--detailed-exitcode"]);
    expect(fromExport.stdout).toBe("No changes: live state matches the configuration.\n");
    expect(h.writes()).toBe(0);
  });

  it("shows a brand colour change as one change of the brand, and makes one call per site", async () => {
    await applied(h, EXAMPLE);
    const file = await h.config(await exampleWithTint("#FFF7ED"));
    const plan = await run(["plan", "-c", file]);
    expect(plan.stdout).toBe(`Changes for organization ${h.org}:

  ~ brand "acme"  (applied to site "Acme Handbook", site "Acme API", site "Acme Changelog": 3 calls, one each)
      styling.tint.color.light: "#F5F8FF" ⇒ "#FFF7ED"

Plan: 0 to create, 3 to update (3 customizations), 0 to move, 0 to delete.
`);
    const markdown = await run(["plan", "-c", file, "--format", "markdown"]);
    expect(markdown.stdout).toContain("- `styling.tint.color.light`: `#F5F8FF` → `#FFF7ED`\n");
    expect(markdown.stdout).not.toContain('customization "site"');
    const json = JSON.parse((await run(["plan", "-c", file, "--format", "json"])).stdout) as Plan;
    expect(json.changes.map((change) => change.fields)).toEqual(
      Array.from({ length: 3 }, () => [
        { field: "styling.tint.color.light", from: "#F5F8FF", to: "#FFF7ED", brand: "acme" },
      ]),
    );
    h.emulator.resetLog();
    await applied(h, file);
    const writes = h.emulator.requests.filter((entry) => entry.method !== "GET");
    const sites = await h.api.list<{ id: string }>(`/orgs/${h.org}/sites`);
    expect(writes.map((entry) => `${entry.method} ${entry.path}`).sort()).toEqual(
      sites.map((site) => `PUT /v1/orgs/${h.org}/sites/${site.id}/customization`).sort(),
    );
    expect((await run(["plan", "-c", file, "--detailed-exitcode"])).code).toBe(0);
  });
});
