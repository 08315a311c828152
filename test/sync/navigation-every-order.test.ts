// Creates and moves of one navigation, applied one call at a time in every order the plan
// allows: each order ends with the configured order read back. a b c d e becomes e d a b c f:
// two moves (e before a, d after e) and a create at the end.

import { describe, expect, it } from "vitest";
import { executePlan } from "../../src/apply/execute.ts";
import type { LiveSection } from "../../src/kinds/site/section.ts";
import type { LiveSite } from "../../src/kinds/site/site.ts";
import type { Plan } from "../../src/model/plan.ts";
import { nextOrder, orderRun } from "../support/every-order.ts";
import { applied, startHarness } from "../support/harness.ts";

const config = (paths: string[]) => `version: 1
organization: \${DOCSYNC_ORG}
spaces: { guides: spc_guides }
sites:
  - title: Docs
    sections:
${paths.map((path) => `      - { path: ${path}, title: Section ${path}, siteSpaces: [{ space: guides, path: g }] }\n`).join("")}`;
const BEFORE = ["a", "b", "c", "d", "e"];
const AFTER = ["e", "d", "a", "b", "c", "f"];

/** Applies AFTER over BEFORE, one call at a time in the order `prefix` picks; the plan of the first run serves all. */
async function applyInOrder(prefix: readonly number[], planned: { plan?: Plan }) {
  const h = await startHarness();
  try {
    await applied(h, await h.config(config(BEFORE)));
    planned.plan ??= JSON.parse(
      (await h.run(["plan", "-c", await h.config(config(AFTER)), "--json"])).stdout,
    ) as Plan;
    const run = orderRun(prefix);
    const result = await executePlan(planned.plan, h.api, { parallelism: 1, choose: run.choose });
    const failed = result.outcomes.filter((outcome) => outcome.status !== "done");
    const [site] = await h.api.list<LiveSite>(`/orgs/${h.org}/sites`);
    const sections = await h.api.list<LiveSection>(`/orgs/${h.org}/sites/${site!.id}/sections`);
    return { made: run.made, failed: failed.length, paths: sections.map((s) => s.path) };
  } finally {
    await h.close();
  }
}

describe("creates and moves of one navigation", () => {
  it("end in the configured order in every order apply may take", async () => {
    const planned: { plan?: Plan } = {};
    let prefix: number[] | undefined = [];
    let orders = 0;
    while (prefix !== undefined) {
      const { made, failed, paths } = await applyInOrder(prefix, planned);
      const order = made.map((choice) => choice.chosen).join(",");
      expect(failed, `order ${order}`).toBe(0);
      expect(paths, `order ${order}`).toEqual(AFTER);
      orders++;
      prefix = nextOrder(made);
    }
    expect(orders).toBeGreaterThan(1);
  }, 120_000);
});
