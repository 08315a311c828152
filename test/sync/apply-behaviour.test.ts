// What apply does around the calls: confirmation, failures and their report, exit codes.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiveSection, LiveSite } from "../../src/api/types.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";

const CONFIG = `version: 1
organization: \${DOCSYNC_ORG}
spaces: { guides: spc_guides, sdk: spc_sdk, api2: spc_api_v2 }
sites:
  - title: Docs
    sections:
      - { path: guides, title: Guides, siteSpaces: [{ space: guides, path: guides }] }
      - { path: sdk, title: SDK, siteSpaces: [{ space: sdk, path: sdk }] }
    redirects:
      - { source: /sdk, to: { section: sdk } }
      - { source: /start, to: { section: guides } }
`;

describe("apply", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  it("refuses to run without a terminal and without --yes, before any call", async () => {
    const result = await h.run(["apply", "-c", await h.config(CONFIG)]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("Error: Not at a terminal: pass --yes to apply without a confirmation.\n");
    expect(h.emulator.stats().total).toBe(0);
  });

  it("asks for confirmation at a terminal and changes nothing unless told yes", async () => {
    const path = await h.config(CONFIG);
    const declined = await h.run(["apply", "-c", path], { answers: ["no"] });
    expect(declined.code).toBe(1);
    expect(declined.stdout).toContain("Apply these changes? Only 'yes' is accepted: ");
    expect(declined.stderr).toBe("Error: Apply cancelled; nothing was changed.\n");
    expect(h.writes()).toBe(0);
    const accepted = await h.run(["apply", "-c", path], { answers: ["yes"] });
    expect(accepted.code).toBe(0);
    expect(accepted.stdout).toContain("Live state matches the configuration.");
  });

  it("reports what was done, what failed and what was skipped when a call fails", async () => {
    h.emulator.failNext({ method: "POST", path: /\/sections$/, kind: "status", status: 400, times: 99 });
    const result = await h.run(["apply", "-c", await h.config(CONFIG), "--yes"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("Apply failed: 1 call(s) done, 1 failed, 7 skipped.");
    expect(result.stdout).toContain('  ✓ site "Docs": create site');
    expect(result.stdout).toMatch(
      / {2}✗ site "Docs" › section "guides": create section: POST \/orgs\/org_acme\/sites\/\S+\/sections failed: 400/,
    );
    // Sections are created in navigation order, so the next one waits for the failed one.
    expect(result.stdout).toContain(
      '  ○ site "Docs" › section "sdk": create section skipped: site "Docs" › section "guides": create section failed',
    );
    expect(result.stdout).toContain(
      '  ○ site "Docs" › redirect "/sdk": create redirect skipped: site "Docs" › section "guides": create section failed',
    );
    // What was done is really there: the site exists, without sections.
    const [site] = await h.api.list<LiveSite>(`/orgs/${h.org}/sites`);
    expect(site?.title).toBe("Docs");
    expect(await h.api.list<LiveSection>(`/orgs/${h.org}/sites/${site!.id}/sections`)).toEqual([]);
  });

  it("a second apply makes no write call", async () => {
    const path = await h.config(CONFIG);
    await applied(h, path);
    h.emulator.resetLog();
    const again = await h.run(["apply", "-c", path, "--yes"]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("No changes: live state matches the configuration.");
    expect(h.writes()).toBe(0);
  });

  it("plan --detailed-exitcode says whether there are changes", async () => {
    const path = await h.config(CONFIG);
    expect((await h.run(["plan", "-c", path, "--detailed-exitcode"])).code).toBe(2);
    await applied(h, path);
    expect((await h.run(["plan", "-c", path, "--detailed-exitcode"])).code).toBe(0);
  });

  it("plan --json prints the plan as data", async () => {
    const result = await h.run(["plan", "-c", await h.config(CONFIG), "--json"]);
    const plan = JSON.parse(result.stdout);
    expect(plan).toMatchObject({ format: "docsync-plan", version: 1, organization: "org_acme" });
    expect(plan.summary).toEqual({ create: 7, update: 0, replace: 0, move: 0, delete: 0 });
    expect(plan.calls[0]).toMatchObject({ method: "POST", path: "/orgs/org_acme/sites", dependsOn: [] });
  });

  it("refuses a plan that deletes more than policy.maxDestroy unless --allow-destroy", async () => {
    const path = await h.config(CONFIG);
    await applied(h, path);
    const fewer = await h.config(
      CONFIG.replace(/ {4}redirects:[\s\S]*$/, "    redirects: []\npolicy:\n  maxDestroy: 1\n"),
    );
    const refused = await h.run(["apply", "-c", fewer, "--yes"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      "The plan deletes or replaces 2 items, more than policy.maxDestroy (1).",
    );
    expect((await h.run(["apply", "-c", fewer, "--yes", "--allow-destroy"])).code).toBe(0);
  });

  it("a bad configuration names file, line and column, with exit code 1 and no stack", async () => {
    const path = await h.config(CONFIG.replace("title: Docs", "title: Docs\n    visiblity: public"));
    const result = await h.run(["plan", "-c", path]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `${path}:6:5: sites[0].visiblity: unknown key "visiblity" (did you mean "visibility"?)`,
    );
    expect(result.stderr).not.toContain("    at ");
    expect(h.emulator.stats().total).toBe(0);
  });
});
