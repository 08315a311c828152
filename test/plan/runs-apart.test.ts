// What a run works out while it reads and plans (matchings, the admin rules' refusals, a site's
// redirect paths, the token's user and the members) is kept in that run's memo, never in a
// module: two runs in one process share nothing, whether they plan against two organizations
// whose items have the same names and other ids, or against the same live state.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.ts";
import { DocsyncError } from "../../src/errors.ts";
import type { LiveSection } from "../../src/kinds/site/section.ts";
import type { LiveSite } from "../../src/kinds/site/site.ts";
import { readLiveState } from "../../src/live/read.ts";
import { sharedReads } from "../../src/live/shared-reads.ts";
import type { Plan } from "../../src/model/plan.ts";
import { pathText } from "../../src/model/references.ts";
import { buildPlan } from "../../src/plan/build.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";

const HEAD = `version: 1\norganization: \${DOCSYNC_ORG}\n`;

const section = (path: string, title: string, space: string) =>
  `      - path: ${path}\n        title: ${title}\n        siteSpaces:\n          - { space: ${space}, path: ${space} }\n`;

const site = (sections: string, redirects = "") =>
  `${HEAD}spaces: { guides: spc_guides, api2: spc_api_v2 }\nsites:\n  - title: Docs\n    sections:\n${sections}${redirects}`;

const guides = section("guides", "Guides", "guides");
const api = (title: string) => section("api", title, "api2");

describe("two runs in one process", () => {
  let a: Harness;
  let b: Harness;
  beforeEach(async () => {
    [a, b] = await Promise.all([startHarness(), startHarness()]);
  });
  afterEach(() => Promise.all([a.close(), b.close()]));

  const sectionIds = async (h: Harness) => {
    const [docs] = await h.api.list<LiveSite>(`/orgs/${h.org}/sites`);
    const sections = await h.api.list<LiveSection>(`/orgs/${h.org}/sites/${docs!.id}/sections`);
    return Object.fromEntries(sections.map((item) => [item.path, item.id]));
  };

  it("plan at once against two organizations whose items have the same names and other ids, each with its own ids", async () => {
    await applied(a, await a.config(site(guides + api("API"))));
    // The other organization made its sections in the other order: the same names, other ids.
    await applied(b, await b.config(site(api("API") + guides)));
    await applied(b, await b.config(site(guides + api("API"))));
    const ids = { a: await sectionIds(a), b: await sectionIds(b) };
    expect(ids.a.api).not.toBe(ids.b.api);

    const changed = site(
      guides + api("API reference"),
      "    redirects:\n      - { source: /old, to: { section: api } }\n      - { source: /older, to: { section: guides } }\n",
    );
    const plans = await Promise.all(
      [a, b].map(async (h) => {
        const result = await h.run([
          "plan",
          "-c",
          await h.config(changed),
          "--format",
          "json",
          "--detailed-exitcode",
        ]);
        expect(result.code, result.stderr).toBe(2);
        return JSON.parse(result.stdout) as Plan;
      }),
    );
    for (const [plan, own] of [
      [plans[0]!, ids.a],
      [plans[1]!, ids.b],
    ] as const) {
      const update = plan.calls.find(
        (call) => call.method === "PATCH" && pathText(call.path).includes("/sections/"),
      );
      expect(pathText(update!.path).endsWith(`/sections/${own.api}`)).toBe(true);
      const destinations = plan.calls
        .filter((call) => call.method === "POST" && pathText(call.path).endsWith("/redirects"))
        .map((call) => (call.body as { destination: { siteSectionId: string } }).destination.siteSectionId);
      expect(destinations).toEqual([own.api, own.guides]);
    }
  });

  it("judge the admin rules each for its own configuration, against the same live members", async () => {
    const file = (members: string) => a.config(`${HEAD}members:\n${members}`);
    const keeps = await loadConfig({
      paths: [await file("  - { user: usr_ada, role: admin }\n  - { user: usr_eddie, role: review }\n")],
      env: a.env,
    });
    // The token's user, the only admin, made an editor: the organization would have no admin.
    const demotes = await loadConfig({
      paths: [await file("  - { user: usr_ada, role: edit }\n")],
      env: a.env,
    });
    const live = await readLiveState(sharedReads(a.api), keeps);
    const refusal = (plan: () => unknown) => {
      try {
        plan();
      } catch (error) {
        return error instanceof DocsyncError ? error.code : String(error);
      }
      return "planned";
    };

    // In both orders: neither plan takes the other's answer.
    expect(refusal(() => buildPlan(keeps, live))).toBe("planned");
    expect(refusal(() => buildPlan(demotes, live))).toBe("plan.admin");
    expect(refusal(() => buildPlan(keeps, live))).toBe("planned");
    const changes = buildPlan(keeps, live).changes.map((change) => `${change.action} ${change.address}`);
    expect(changes).toEqual(['update member "usr_eddie"']);
  });
});
