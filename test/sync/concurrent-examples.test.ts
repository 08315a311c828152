// Two applies of one configuration started together end, after one more apply, with no
// duplicate and an empty plan, as in concurrent.test.ts: here for every example, twice each, and
// for items whose key the API keeps unique, where the second run takes what the first made.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LiveSection } from "../../src/kinds/site/section.ts";
import type { LiveSite } from "../../src/kinds/site/site.ts";
import { CONFIGURATION_EXAMPLES } from "../support/examples.ts";
import { startHarness } from "../support/harness.ts";
import { deletedSpaces, duplicates, expectEmptyPlanAfter, RACE, race } from "../support/race.ts";

const EXAMPLES = CONFIGURATION_EXAMPLES;
/** The spaces of examples/emulator-fixture.yaml. */
const EXAMPLE_SPACES = ["handbook", "guides", "api_v1", "api_v2", "sdk", "changelog"];

describe("two applies of an example started together", () => {
  for (const example of EXAMPLES) {
    it(`${example}: end, after one more apply, with no duplicate and an empty plan`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.nat(RACE.maxOffsetMs),
          fc.integer({ min: 1, max: 2 ** 31 - 1 }),
          async (offset, seed) => {
            const h = await startHarness({ fixture: "examples/emulator-fixture.yaml" });
            try {
              const again = await race(h, example, offset, seed);
              expect(await duplicates(h)).toEqual([]);
              await expectEmptyPlanAfter(h, example, again);
              expect(await deletedSpaces(h, EXAMPLE_SPACES)).toEqual([]);
            } finally {
              await h.close();
            }
          },
        ),
        { numRuns: 2, seed: 20261202 },
      );
    }, 300_000);
  }
});

describe("two applies at once of items whose key the API keeps unique", () => {
  it("both succeed: the second takes what the first made, and goes on with its id", async () => {
    const h = await startHarness();
    try {
      const site = await h.api.send<LiveSite>({
        method: "POST",
        path: `/orgs/${h.org}/sites`,
        body: { title: "Docs" },
      });
      await h.api.send({
        method: "POST",
        path: `/orgs/${h.org}/sites/${site!.id}/sections`,
        body: { spaceId: "spc_guides", title: "Guides" },
      });
      const path = await h.config(`version: 1
organization: \${DOCSYNC_ORG}
customFields:
  - { name: owner, type: text, title: Owner }
openApiSpecs:
  - { slug: payments, source: https://api.example/openapi.yaml }
spaces:
  guides: spc_guides
  sdk: spc_sdk
  handbook: { id: spc_handbook, customFields: { owner: Docs team } }
sites:
  - title: Docs
    sections:
      - path: guides
        title: Guides
        siteSpaces: [{ space: guides, path: g }, { space: sdk, path: s }]
`);
      // Creates held long enough that both runs have read before either is made.
      h.emulator.setFaults({ latencyMs: 1500, match: { method: "POST" } });
      const runs = await Promise.all([0, 1].map(() => h.run(["apply", "-c", path, "--yes"])));
      h.emulator.setFaults({});
      const refused = h.emulator.requests.filter((entry) => entry.status === 409).map((entry) => entry.route);
      expect(refused.sort()).toEqual([
        "POST /orgs/:organizationId/custom-fields",
        "POST /orgs/:organizationId/openapi",
        "POST /orgs/:organizationId/sites/:siteId/site-spaces",
      ]);
      for (const run of runs) {
        expect(run.stderr).toBe("");
        expect(run.code, run.stdout).toBe(0);
        expect(run.stdout).toContain("Live state matches the configuration.");
      }
      const fields = await h.api.list<{ name: string }>(`/orgs/${h.org}/custom-fields`);
      expect(fields.map((field) => field.name)).toEqual(["owner"]);
      const values = await h.api.get<{ customField: { name: string }; value: unknown }[]>(
        "/spaces/spc_handbook/custom-fields",
      );
      expect(values.map((entry) => [entry.customField.name, entry.value])).toEqual([["owner", "Docs team"]]);
      const sections = await h.api.list<LiveSection>(`/orgs/${h.org}/sites/${site!.id}/sections`);
      expect(sections[0]!.siteSpaces.map((siteSpace) => [siteSpace.space.id, siteSpace.path])).toEqual([
        ["spc_guides", "g"],
        ["spc_sdk", "s"],
      ]);
    } finally {
      await h.close();
    }
  }, 60_000);
});
