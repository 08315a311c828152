// A service without a feature (its routes answer 404 as routes it does not have): every command
// degrades by feature. Plan, apply and drift stop before any write with one line per read the
// service does not offer, each naming its configuration key, in the same order whichever read
// answers first; export leaves those keys out, says so, and writes a file that plans to no
// change against that service.

import { readFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiveSite } from "../../src/kinds/site/site.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";

const HEADER = `version: 1
organization: \${DOCSYNC_ORG}
`;

const ORG_FIELDS = "GET /orgs/:organizationId/custom-fields";
const SPACE_VALUES = "GET /spaces/:spaceId/custom-fields";
const CUSTOM_FIELD_ROUTES = [
  ORG_FIELDS,
  "POST /orgs/:organizationId/custom-fields",
  "GET /orgs/:organizationId/custom-fields/:fieldName",
  "PATCH /orgs/:organizationId/custom-fields/:fieldName",
  "DELETE /orgs/:organizationId/custom-fields/:fieldName",
  SPACE_VALUES,
  "PATCH /spaces/:spaceId/custom-fields",
];

const withValues = `${HEADER}customFields:
  - { name: tier, type: select, options: [gold, silver] }
spaces:
  handbook:
    id: spc_handbook
    customFields: { tier: gold }
sites:
  - title: Docs
    siteSpaces: [{ space: handbook, path: handbook }]
    redirects:
      - { source: /old, destination: { kind: external, url: "https://acme.example/old" } }
`;

describe("a service without a feature", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  const absentLine = (key: string, path: string) =>
    `Cannot read ${key}: GET ${path} failed: 404 Not Found: no route for GET /v1${path}, so this service ` +
    `seems not to offer them. Remove ${key.split(" ")[0]} from the configuration, or check the API URL.`;

  it("export skips custom fields, says so in one line and in the file, exits 0, and the file plans to no change", async () => {
    await applied(h, await h.config(withValues));
    h.emulator.removeRoutes(CUSTOM_FIELD_ROUTES);
    const file = await h.config("", "exported.yaml");
    const exported = await h.run(["export", "-o", file, "--force"]);
    expect(exported.code).toBe(0);
    // The organization's list, then the values of each space the export finds (four).
    const notes = exported.stderr.split("\n").filter((line) => line.includes("customFields"));
    expect(notes).toEqual([
      `Warning: customFields: not exported, since this service does not offer them (GET /orgs/${h.org}/custom-fields ` +
        `failed: 404 Not Found: no route for GET /v1/orgs/${h.org}/custom-fields, and so did 4 more reads of them); ` +
        "the file leaves them unmanaged",
    ]);
    const text = await readFile(file, "utf8");
    expect(text).toContain(
      "# Not offered by this service, so not exported and left unmanaged: customFields.\n",
    );
    expect(text).not.toMatch(/^\s*customFields:/m);
    expect(text).toContain("redirects:");

    h.emulator.resetLog();
    const plan = await h.run(["plan", "-c", file, "--detailed-exitcode"]);
    expect(plan.stderr).toBe("");
    expect(plan.stdout).toBe("No changes: live state matches the configuration.\n");
    expect(plan.code).toBe(0);
    expect(h.writes()).toBe(0);
  });

  it("export leaves out a nested list the service does not offer, and only there", async () => {
    await applied(h, await h.config(withValues));
    h.emulator.removeRoutes(["GET /orgs/:organizationId/sites/:siteId/redirects"]);
    const file = await h.config("", "exported.yaml");
    const exported = await h.run(["export", "-o", file, "--force"]);
    expect(exported.code).toBe(0);
    expect(exported.stderr).toContain('Warning: redirects of site "Docs": not exported, since this service');
    const text = await readFile(file, "utf8");
    expect(text).toContain("so not exported and left unmanaged: redirects.\n");
    expect(text).not.toContain("redirects:");
    expect(text).toContain("customFields:");
    const plan = await h.run(["plan", "-c", file, "--detailed-exitcode"]);
    expect(plan.stdout).toBe("No changes: live state matches the configuration.\n");
    expect(plan.code).toBe(0);
  });

  it("names the custom field values of a space as spaces: names it, when only they are absent", async () => {
    await applied(h, await h.config(withValues));
    h.emulator.removeRoutes([SPACE_VALUES]);
    h.emulator.resetLog();
    for (const args of [["plan"], ["apply", "--yes"], ["drift"]]) {
      const result = await h.run([...args, "-c", await h.config(withValues)]);
      expect(result.stderr).toBe(
        `Error: ${absentLine('customFields of space "handbook"', "/spaces/spc_handbook/custom-fields")}\n`,
      );
      expect(result.code).toBe(1);
    }
    expect(h.writes()).toBe(0);
  });

  it("prints the same lines, one per absent read, in the same order, whichever answers first", async () => {
    await applied(h, await h.config(withValues));
    h.emulator.removeRoutes(CUSTOM_FIELD_ROUTES);
    const file = await h.config(withValues);
    const expected =
      `Error: ${absentLine("customFields", `/orgs/${h.org}/custom-fields`)}\n` +
      `${absentLine('customFields of space "handbook"', "/spaces/spc_handbook/custom-fields")}\n`;
    for (const slow of [`/orgs/${h.org}/custom-fields`, "/spaces/spc_handbook/custom-fields"]) {
      h.emulator.setFaults({ latencyMs: 150, match: { path: slow } });
      const result = await h.run(["plan", "-c", file]);
      expect(result.stderr).toBe(expected);
      expect(result.code).toBe(1);
    }
  });

  it("names a space's permissions by the space's name under spaces:", async () => {
    const config = `${HEADER}teams: [{ title: Writers }]
spaces:
  handbook:
    id: spc_handbook
    permissions: [{ team: Writers, role: edit }]
`;
    h.emulator.removeRoutes(["GET /spaces/:spaceId/permissions/teams"]);
    const result = await h.run(["plan", "-c", await h.config(config)]);
    expect(result.stderr).toBe(
      `Error: ${absentLine('permissions of space "handbook"', "/spaces/spc_handbook/permissions/teams")}\n`,
    );
    expect(result.code).toBe(1);
  });

  it("export skips the adaptive schemas the service does not offer, and keeps the rest of each site", async () => {
    await applied(
      h,
      await h.config(`${HEADER}sites:
  - title: Docs
    adaptiveSchema:
      properties:
        plan: { type: string, description: The visitor's plan }
`),
    );
    h.emulator.removeRoutes(["GET /orgs/:organizationId/sites/:siteId/adaptive-schema"]);
    const [site] = await h.api.list<LiveSite>(`/orgs/${h.org}/sites`);
    const exported = await h.run(["export"]);
    expect(exported.code).toBe(0);
    expect(exported.stderr).toContain(
      `Warning: adaptiveSchema of site "Docs": not exported, since this service does not offer them (GET /orgs/${h.org}/sites/${site!.id}/adaptive-schema failed`,
    );
    expect(exported.stdout).not.toContain("adaptiveSchema:");
    expect(exported.stdout).toContain("- title: Docs\n");
  });
});
