// Each call of a plan declares the items it needs (`needs`): the planner wires its dependencies
// from those declarations alone, never from the text of paths and bodies. A call that names the
// id of a new item without declaring it could be sent before that item exists; here every id a
// call names as a placeholder, in plans of every kind against the emulator, must be declared, and
// the call must depend on the call that creates it.

import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { placeholdersIn } from "../../src/model/address.ts";
import type { Plan } from "../../src/model/plan.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";

const HEAD = `version: 1
organization: \${DOCSYNC_ORG}
spaces: { guides: spc_guides, api1: spc_api_v1, api2: spc_api_v2, sdk: spc_sdk, changelog: spc_changelog }
`;

const section = (path: string, spaces: string[], more = "") =>
  `      - path: ${path}\n        title: Section ${path}\n${more}        siteSpaces:\n${spaces.map((s) => `          - { space: ${s}, path: ${s} }\n`).join("")}`;

/** Each placeholder a call names that it does not declare, or whose creator it does not wait for. */
function undeclared(plan: Plan): string[] {
  const creator = new Map<string, string>();
  for (const call of plan.calls)
    for (const capture of call.captures ?? []) creator.set(capture.address, call.id);
  const gaps: string[] = [];
  for (const call of plan.calls) {
    const named = new Set<string>();
    placeholdersIn(call.path, named);
    placeholdersIn(call.body, named);
    placeholdersIn(call.alternate, named);
    for (const address of named) {
      const made = creator.get(address);
      if (!call.needs?.includes(address)) gaps.push(`${call.summary}: does not declare ${address}`);
      else if (made !== call.id && made !== undefined && !call.dependsOn.includes(made))
        gaps.push(`${call.summary}: does not wait for ${address}`);
    }
  }
  return gaps;
}

/** Calls that make a new item (their answer gives its id) but are not marked as creates. */
function unmarkedCreates(plan: Plan): string[] {
  const created = new Set(plan.changes.filter((c) => c.action === "create").map((c) => c.address));
  return plan.calls
    .filter((call) =>
      call.captures?.some((capture) => created.has(capture.address) && capture.pointer !== undefined),
    )
    .filter((call) => call.method !== "GET" && call.create !== true)
    .map((call) => `${call.method} ${call.path}: ${call.summary}`);
}

const placeholderCount = (plan: Plan) => plan.calls.filter((call) => (call.needs?.length ?? 0) > 0).length;

describe("calls declare the new items they need", () => {
  let h: Harness;
  afterEach(() => h.close());

  async function planOf(config: string): Promise<Plan> {
    const result = await h.run(["plan", "-c", config, "--format", "json"]);
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout) as Plan;
  }

  it("in the plan of every example", async () => {
    h = await startHarness({ fixture: "examples/emulator-fixture.yaml" });
    const examples = readdirSync("examples", { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== "workflows")
      .map((entry) => join("examples", entry.name));
    for (const example of examples) {
      const plan = await planOf(example);
      expect(placeholderCount(plan), example).toBeGreaterThan(0);
      expect(undeclared(plan), example).toEqual([]);
      expect(unmarkedCreates(plan), example).toEqual([]);
    }
  });

  it("in a new site, and in an existing one that gets new sections, groups, redirects and a default team", async () => {
    h = await startHarness();
    const team = "teams:\n  - title: Writers\n";
    const provider = (defaultTeam: string) =>
      `samlProviders:\n  - label: Okta\n    entityID: http://idp.example/1\n    ssoURL: https://idp.example/sso\n    certificate: "-----BEGIN CERTIFICATE-----\\nMIIB\\n-----END CERTIFICATE-----"\n    defaultTeam: ${defaultTeam}\n`;
    // A site with root site spaces, and a SAML provider whose default team exists.
    await applied(
      h,
      await h.config(
        `${HEAD}${team}${provider("Writers")}sites:\n  - title: Docs\n    siteSpaces:\n      - { space: guides, path: start }\n      - { space: api1, path: v1 }\n`,
      ),
    );
    // Its first sections take over the root site spaces; a group holds new sections; redirects
    // and the default team point at new items; a new site is made whole.
    const plan = await planOf(
      await h.config(
        `${HEAD}teams:\n  - title: Writers\n  - title: Editors\n${provider("Editors")}sites:\n  - title: Docs\n    sections:\n${section("guides", ["api1", "guides"], "        default: true\n")}      - group: Developers\n        sections:\n${section("api", ["api2"]).replace(/^(?=.)/gm, "    ")}${section("sdk", ["sdk", "changelog"]).replace(/^(?=.)/gm, "    ")}    redirects:\n      - { source: /old, to: { section: api } }\n      - { source: /older, to: { section: sdk } }\n  - title: New site\n    visibility: unlisted\n    siteSpaces:\n      - { space: guides, path: g }\n      - { space: sdk, path: s, default: true }\n    redirects:\n      - { source: /x, destination: { kind: external, url: "https://example.com" } }\n`,
      ),
    );
    expect(placeholderCount(plan)).toBeGreaterThan(5);
    expect(undeclared(plan)).toEqual([]);
  });

  it("in an existing site whose sections are renamed, join a group and are reordered", async () => {
    h = await startHarness();
    await applied(
      h,
      await h.config(
        `${HEAD}sites:\n  - title: Docs\n    sections:\n${section("a", ["guides"])}${section("b", ["api1"])}      - group: Old\n        sections:\n${section("c", ["sdk"]).replace(/^(?=.)/gm, "    ")}    redirects:\n      - { source: /r, to: { section: a } }\n`,
      ),
    );
    const plan = await planOf(
      await h.config(
        `${HEAD}sites:\n  - title: Docs\n    sections:\n      - group: Old\n        sections:\n${section("c", ["sdk"]).replace(/^(?=.)/gm, "    ")}${section("new", ["changelog"]).replace(/^(?=.)/gm, "    ")}${section("b", ["api1"])}      - path: z\n        title: Section a\n        was: a\n        siteSpaces:\n          - { space: guides, path: guides }\n    redirects:\n      - { source: /r, to: { section: new } }\n`,
      ),
    );
    expect(placeholderCount(plan)).toBeGreaterThan(0);
    expect(undeclared(plan)).toEqual([]);
  });
});
