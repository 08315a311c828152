// Two new sections whose titles derive each other's paths, applied one call at a time in every
// order the plan allows: each order ends with both sections at their configured paths. The API
// creates "Guides" at path guides and "Docs" at path docs, and the configuration wants them the
// other way round.

import { describe, expect, it } from "vitest";
import { executePlan } from "../../src/apply/execute.ts";
import type { LiveSection } from "../../src/kinds/site/section.ts";
import type { LiveSite } from "../../src/kinds/site/site.ts";
import type { Plan } from "../../src/model/plan.ts";
import { nextOrder, orderRun } from "../support/every-order.ts";
import { applied, startHarness } from "../support/harness.ts";

const HEAD = `version: 1
organization: \${DOCSYNC_ORG}
spaces: { guides: spc_guides, api1: spc_api_v1, sdk: spc_sdk }
sites:
  - title: Docs
    sections:
      - { path: start, title: Start, siteSpaces: [{ space: sdk, path: sdk }] }
`;
const BOTH = `${HEAD}      - { path: docs, title: Guides, siteSpaces: [{ space: guides, path: guides }] }
      - { path: guides, title: Docs, siteSpaces: [{ space: api1, path: api }] }
`;

/**
 * Applies BOTH on a site holding only "start", its calls one at a time in the order `prefix`
 * picks. Every emulator starts alike and gives the same ids: the plan made on the first serves all.
 */
async function applyInOrder(prefix: readonly number[], planned: { plan?: Plan }) {
  const h = await startHarness();
  // The set-up, then the plan one call at a time in an order of the test's choosing: no delay
  // of the emulator changes what they do.
  return h
    .withoutDelays(async () => {
      await applied(h, await h.config(HEAD));
      planned.plan ??= JSON.parse(
        (await h.run(["plan", "-c", await h.config(BOTH), "--json"])).stdout,
      ) as Plan;
      const plan = planned.plan;
      const run = orderRun(prefix);
      const result = await executePlan(plan, h.api, { parallelism: 1, choose: run.choose });
      const failed = result.outcomes.flatMap((outcome) =>
        outcome.status === "failed" ? [`${outcome.call.summary}: ${outcome.error}`] : [],
      );
      const [site] = await h.api.list<LiveSite>(`/orgs/${h.org}/sites`);
      const sections = await h.api.list<LiveSection>(`/orgs/${h.org}/sites/${site!.id}/sections`);
      return { made: run.made, failed, sections: sections.map((s) => [s.title, s.path]) };
    })
    .finally(() => h.close());
}

describe("two new sections whose titles derive each other's paths", () => {
  it("end at their configured paths in every order apply may take", async () => {
    let prefix: number[] | undefined = [];
    let orders = 0;
    const planned: { plan?: Plan } = {};
    while (prefix !== undefined) {
      const { made, failed, sections } = await applyInOrder(prefix, planned);
      const order = made.map((choice) => choice.chosen).join(",");
      expect(failed, `order ${order}`).toEqual([]);
      expect(sections, `order ${order}`).toEqual([
        ["Start", "start"],
        ["Guides", "docs"],
        ["Docs", "guides"],
      ]);
      orders++;
      prefix = nextOrder(made);
    }
    // The plan allows more than one order: the loop did walk them.
    expect(orders).toBeGreaterThan(1);
  }, 120_000);
});
