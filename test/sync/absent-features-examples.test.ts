// Every example against a service without one of the features a deployment may lack, and
// without all of them at once: each command degrades by feature. Plan, apply and drift either
// work, or stop before any write with one line per absent read, each naming its configuration
// key; export always works, and the file it writes plans to no change against that service.

import { readFile } from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import { CONFIGURATION_EXAMPLES } from "../support/examples.ts";
import { type Harness, startHarness } from "../support/harness.ts";

const EXAMPLES = CONFIGURATION_EXAMPLES;

/** The certificate examples/organization gives its SAML provider, as `${file:…}` reads it. */
const oktaCertificate = async () =>
  (await readFile("examples/organization/okta.pem", "utf8")).replace(/\r?\n$/, "");

/** The routes of each feature a deployment may lack (service-facts.md, docs/emulator.md). */
const FEATURES: Record<string, string[]> = {
  "custom fields": [
    "GET /orgs/:organizationId/custom-fields",
    "POST /orgs/:organizationId/custom-fields",
    "GET /orgs/:organizationId/custom-fields/:fieldName",
    "PATCH /orgs/:organizationId/custom-fields/:fieldName",
    "DELETE /orgs/:organizationId/custom-fields/:fieldName",
    "GET /spaces/:spaceId/custom-fields",
    "PATCH /spaces/:spaceId/custom-fields",
  ],
  "group membership calls": [
    "POST /orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId/sections",
    "DELETE /orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId/sections/:siteSectionId",
  ],
  "bulk redirects": ["PUT /orgs/:organizationId/sites/:siteId/redirects"],
  "team grants of spaces": [
    "GET /spaces/:spaceId/permissions/teams",
    "PATCH /spaces/:spaceId/permissions/teams/:teamId",
    "DELETE /spaces/:spaceId/permissions/teams/:teamId",
  ],
  "the token's user": ["GET /user", "GET /users/:userId"],
  translations: [
    "GET /orgs/:organizationId/translations",
    "POST /orgs/:organizationId/translations",
    "GET /orgs/:organizationId/translations/:translationSettingsId",
    "PUT /orgs/:organizationId/translations/:translationSettingsId",
    "DELETE /orgs/:organizationId/translations/:translationSettingsId",
    "POST /orgs/:organizationId/translations/:translationSettingsId/run",
  ],
};
const CASES: [string, string[]][] = [
  ...Object.entries(FEATURES),
  ["every one", Object.values(FEATURES).flat()],
];

/** A line of the stop: a read the service does not offer, naming the key to remove. */
const ABSENT_LINE =
  /^(Error: )?Cannot read (\w+)( of \w+ "[^"]+")?: GET \S+ failed: 40[45] [^,]*, so this service seems not to offer them\. Remove \2 from the configuration, or check the API URL\.$/;

describe("the examples on a service without a feature", () => {
  let h: Harness;
  afterEach(() => h.close());

  for (const [feature, routes] of CASES) {
    for (const example of EXAMPLES) {
      it(`${example}, without ${feature}: plan, apply, drift and export degrade`, async () => {
        h = await startHarness({ fixture: "examples/emulator-fixture.yaml" });
        h.emulator.removeRoutes(routes);
        const plan = await h.run(["plan", "-c", example, "--detailed-exitcode"]);
        if (plan.code === 1) {
          const lines = plan.stderr.split("\n").slice(0, -1);
          expect(lines.length).toBeGreaterThan(0);
          for (const line of lines) expect(line).toMatch(ABSENT_LINE);
          for (const command of [["apply", "--yes"], ["drift"]]) {
            const result = await h.run([...command, "-c", example]);
            expect(result.stderr).toBe(plan.stderr);
            expect(result.code).toBe(1);
          }
          expect(h.writes()).toBe(0);
        } else {
          expect(plan.code).toBe(2);
          const apply = await h.run(["apply", "-c", example, "--yes"]);
          expect(apply.stdout).toContain("Live state matches the configuration.");
          expect(apply.code).toBe(0);
          const drift = await h.run(["drift", "-c", example]);
          expect(drift.code).toBe(0);
        }
        const file = await h.config("", "exported.yaml");
        const exported = await h.run(["export", "-o", file, "--force"]);
        expect(exported.code).toBe(0);
        // Warnings and notes, then the variables to set in place of the secrets kept out.
        const at = exported.stderr.search(/^Secrets are kept out of /m);
        const notes = at < 0 ? exported.stderr : exported.stderr.slice(0, at);
        for (const line of notes.split("\n").slice(0, -1)) expect(line).toMatch(/^(Warning|Note): /);
        const variables = at < 0 ? [] : [...exported.stderr.slice(at).matchAll(/^ {2}(\w+): /gm)];
        // The one secret of the examples, the SAML certificate, when the example could make it.
        expect(variables.map((match) => match[1])).toEqual(
          variables.length > 0 ? ["SAML_OKTA_CERTIFICATE"] : [],
        );
        const env = variables.length > 0 ? { SAML_OKTA_CERTIFICATE: await oktaCertificate() } : {};
        const again = await h.run(["plan", "-c", file, "--detailed-exitcode"], { env });
        expect(again.stderr).toBe("");
        expect(again.stdout).toBe("No changes: live state matches the configuration.\n");
        expect(again.code).toBe(0);
      });
    }
  }
});
