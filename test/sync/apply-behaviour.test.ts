// What apply does around the calls: confirmation, failures and their report, exit codes.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiveSection } from "../../src/kinds/site/section.ts";
import type { LiveSite } from "../../src/kinds/site/site.ts";
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

  it("refuses to make changes without a terminal and without --yes, before any write", async () => {
    const path = await h.config(CONFIG);
    const result = await h.run(["apply", "-c", path]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      "Error: Not at a terminal: pass --yes to apply without a confirmation (or apply a plan saved with plan --out, which is its own approval); nothing was changed.\n",
    );
    expect(h.emulator.stats().writes).toBe(0);
    // With nothing to apply, there is nothing to confirm: a pipeline needs no --yes.
    await applied(h, path);
    const again = await h.run(["apply", "-c", path]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("No changes");
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
    const failure =
      '✗ site "Docs" › section "guides": create section: POST /orgs/org_acme/sites/site_0001/sections failed: 400 Bad Request: Bad Request (injected fault)';
    // Progress shows the calls done and failed, never the skipped ones.
    const progress = result.stdout.slice(0, result.stdout.indexOf("Apply failed"));
    expect(progress).toContain('  ✓ site "Docs": create site\n');
    expect(progress).toContain(`  ${failure}\n`);
    expect(progress).not.toContain("○");
    // The report: the failed call, then what it made skip, in plan order, the first five by name.
    expect(result.stdout).toContain(
      [
        // Two requests were sent: the site's create, and the section's that failed.
        "Apply failed: 1 of 7 changes made in 2 calls; 1 failed, 5 skipped.",
        "",
        "Made: 1 change; their calls are marked above with ✓.",
        "",
        "Failed:",
        `  ${failure}`,
        "    5 changes skipped because of it:",
        '      ○ site "Docs" › section "guides" › site space "guides": configure site space',
        '      ○ site "Docs" › section "sdk": create section',
        '      ○ site "Docs" › section "sdk" › site space "sdk": configure site space',
        '      ○ site "Docs" › redirect "/sdk": create redirect',
        '      ○ site "Docs" › redirect "/start": create redirect',
      ].join("\n"),
    );
    // The error stream says what failed, in one line.
    expect(result.stderr).toBe(
      'Error: Apply failed: site "Docs" › section "guides": create section: POST /orgs/org_acme/sites/site_0001/sections failed: 400 Bad Request: Bad Request (injected fault)\n',
    );
    // What was done is really there: the site exists, without sections.
    const [site] = await h.api.list<LiveSite>(`/orgs/${h.org}/sites`);
    expect(site?.title).toBe("Docs");
    expect(await h.api.list<LiveSection>(`/orgs/${h.org}/sites/${site!.id}/sections`)).toEqual([]);
  });

  it("with a read-only token, says on the error stream which call was refused and why", async () => {
    const result = await h.run(["apply", "-c", await h.config(CONFIG), "--yes"], {
      env: { DOCSYNC_TOKEN: h.emulator.tokens.usr_rita },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'Error: Apply failed: site "Docs": create site: POST /orgs/org_acme/sites failed: 403 Forbidden: changing organization "org_acme" needs the admin role\n',
    );
    expect(result.stdout).toContain("Apply failed: 0 of 7 changes made in 1 call; 1 failed, 6 skipped.");
    expect(result.stdout).toContain("    6 changes skipped because of it:");
    expect(result.stdout).not.toContain(h.emulator.tokens.usr_rita);
    expect(h.emulator.stats().writes).toBe(1);
  });

  it("lists each call skipped by one failure once, counted under the failure", async () => {
    const sections = Array.from(
      { length: 60 },
      (_, i) => `      - { path: s${i}, title: S${i}, siteSpaces: [{ space: guides, path: g${i} }] }`,
    );
    const redirects = Array.from(
      { length: 40 },
      (_, i) => `      - { source: /r${i}, to: { section: s${i} } }`,
    );
    const config = `version: 1
organization: \${DOCSYNC_ORG}
spaces: { guides: spc_guides }
sites:
  - title: Big
    sections:
${sections.join("\n")}
    redirects:
${redirects.join("\n")}
`;
    h.emulator.failNext({ method: "POST", path: "/orgs/:organizationId/sites", kind: "status", status: 400 });
    const result = await h.run(["apply", "-c", await h.config(config), "--yes"]);
    expect(result.code).toBe(1);
    const plan = JSON.parse((await h.run(["plan", "-c", await h.config(config), "--json"])).stdout);
    // Every change but the site's is skipped, each counted once (a section's two calls, the
    // redirects' batch call and their own): no count says more than the plan's changes.
    const skipped = plan.changes.length - 1;
    expect(skipped).toBe(160);
    expect(result.stdout).toContain(
      `Apply failed: 0 of ${plan.changes.length} changes made in 1 call; 1 failed, ${skipped} skipped.`,
    );
    expect(result.stdout).toContain(`    ${skipped} changes skipped because of it:`);
    expect(result.stdout).toContain(`      … and ${skipped - 5} more`);
    // The first five skipped calls are named, once each; no other skipped call is.
    expect(result.stdout.match(/○/g)).toHaveLength(5);
    const afterPlan = result.stdout.slice(result.stdout.indexOf("Plan:"));
    expect(afterPlan.match(/section "s1": create section/g)).toHaveLength(1);
    expect(afterPlan).not.toContain('section "s3"');
    expect(result.stderr.trim().split("\n")).toEqual([
      'Error: Apply failed: site "Big": create site: POST /orgs/org_acme/sites failed: 400 Bad Request: Bad Request (injected fault)',
    ]);
  });

  it("says that every change was made when the check after the calls cannot read", async () => {
    const path = await h.config(CONFIG);
    const result = await h.run(["apply", "-c", path], {
      answers: [
        () => {
          // The calls go through; every read of the check is turned away, as often as retried.
          h.emulator.failNext({
            method: "GET",
            path: /\/sites$/,
            kind: "status",
            status: 429,
            times: 5,
            retryAfterSeconds: 0,
          });
          h.emulator.resetLog();
          return "yes";
        },
      ],
    });
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    // The count is of the requests sent: the two redirects went in one call of the bulk operation.
    expect(lines[0]).toMatch(
      /^Error: All 7 changes were made in 8 calls; the check that followed failed: GET \/orgs\/org_acme\/sites failed: 429 Too Many Requests.*\(after 5 attempts\)$/,
    );
    expect(h.writes()).toBe(8);
    // They were: a plan now has nothing to do.
    const again = await h.run(["plan", "-c", path, "--detailed-exitcode"]);
    expect(again.code).toBe(0);
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
    expect(plan).toMatchObject({ format: "docsync-plan", version: 2, organization: "org_acme" });
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
