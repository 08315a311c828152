// Apply makes the calls of the plan it showed and nothing else: when someone else changes the
// live organization between the confirmation and the calls, the check after the calls finds
// changes, and apply prints them and fails instead of making calls no one confirmed.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiveRedirect } from "../../src/kinds/site/redirect.ts";
import type { LiveSite } from "../../src/kinds/site/site.ts";
import type { Plan } from "../../src/model/plan.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";

const CONFIG = `version: 1
organization: \${DOCSYNC_ORG}
spaces: { guides: spc_guides, sdk: spc_sdk }
sites:
  - title: Docs
    sections:
      - { path: guides, title: Guides, siteSpaces: [{ space: guides, path: guides }] }
      - { path: sdk, title: SDK, siteSpaces: [{ space: sdk, path: sdk }] }
    redirects:
      - { source: /start, to: { section: guides } }
`;

const WITH_NEW_REDIRECT = CONFIG.replace(
  "      - { source: /start",
  "      - { source: /tools, to: { section: sdk } }\n      - { source: /start",
);

describe("apply runs the confirmed plan only", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  it("makes no call beyond the plan when the live state changes during the confirmation", async () => {
    await applied(h, await h.config(CONFIG));
    const path = await h.config(WITH_NEW_REDIRECT);
    const plan: Plan = JSON.parse((await h.run(["plan", "-c", path, "--json"])).stdout);
    expect(plan.calls.map((call) => `${call.method} ${call.summary}`)).toEqual(["POST create redirect"]);

    const [site] = await h.api.list<LiveSite>(`/orgs/${h.org}/sites`);
    const sites = `/orgs/${h.org}/sites/${site!.id}`;
    // While the question is asked, another user of the API adds a section (which the next plan
    // would delete) and deletes a redirect (which the next plan would create again).
    const secondActor = async () => {
      await h.api.send({ method: "POST", path: `${sites}/sections`, body: { spaceId: "spc_handbook" } });
      const redirects = await h.api.list<LiveRedirect>(`${sites}/redirects`);
      const start = redirects.find((redirect) => redirect.source === "/start")!;
      await h.api.send({ method: "DELETE", path: `${sites}/redirects/${start.id}` });
      h.emulator.resetLog();
      return "yes";
    };
    const result = await h.run(["apply", "-c", path], { answers: [secondActor] });

    expect(result.code).toBe(1);
    const writes = h.emulator.requests.filter((entry) => entry.method !== "GET");
    expect(writes.map((entry) => `${entry.method} ${entry.path} ${entry.status}`)).toEqual([
      `POST /v1${sites}/redirects 201`,
    ]);
    expect(result.stdout).toContain('  ✓ site "Docs" › redirect "/tools": create redirect\n');
    expect(result.stdout).toContain(
      "The plan was made (1 change in 1 call), but the live state still differs from the configuration. What is left:",
    );
    expect(result.stdout).toContain(
      [
        "Deletes, replacements and high-risk changes (1):",
        '  site "Docs"',
        '    - section "handbook": title "Handbook"',
        // The section the other user made took a site space, which goes with it.
        '        ↳ deletes site "Docs" › section "handbook" › site space "spc_handbook"',
        "",
        "Other changes (1):",
        '  site "Docs"',
        '    + redirect /start → section "guides"\n',
      ].join("\n"),
    );
    expect(result.stdout).toContain(
      "Plan: 1 to create (1 redirect), 0 to update, 0 to move, 1 to delete (1 section).",
    );
    expect(result.stdout).not.toContain("Apply complete");
    expect(result.stderr).toBe(
      "Error: The live state still differs from the configuration after the apply: it changed during the apply, or it did not converge. Nothing beyond the confirmed plan was done. Run `docsync plan` to review what is left.\n",
    );

    // What is left is what the other user did: a new apply, confirmed, puts it right.
    const again = await h.run(["apply", "-c", path, "--yes"]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("Live state matches the configuration.");
  });

  it("says apply is complete when the check after the calls finds nothing", async () => {
    const path = await h.config(CONFIG);
    const plan = JSON.parse((await h.run(["plan", "-c", path, "--json"])).stdout);
    h.emulator.resetLog();
    const result = await h.run(["apply", "-c", path, "--yes"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
    // No call of this plan is a batch: each is one request.
    expect(plan.calls.some((call: { batch?: unknown }) => call.batch)).toBe(false);
    expect(result.stdout).toContain(
      `Apply complete: ${plan.changes.length} changes in ${plan.calls.length} calls. Live state matches the configuration.`,
    );
    expect(h.writes()).toBe(plan.calls.filter((call: { method: string }) => call.method !== "GET").length);
  });
});
