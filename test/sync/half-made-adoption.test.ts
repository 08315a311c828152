// A section the stopped apply created keeps the path the API derived from its title until its
// configuring PATCH. That path can be another configured section's: the next apply adopts the
// half-made section for the one it was made for, and neither deletes it nor takes it for the
// section whose path it holds. Every cut point of such configurations, in two orders.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APPLY_ORDER_SEED_VARIABLE } from "../../src/apply/order.ts";
import type { LiveSection } from "../../src/kinds/site/section.ts";
import type { LiveSite } from "../../src/kinds/site/site.ts";
import { docsync } from "../support/cli.ts";
import { type Harness, startHarness } from "../support/harness.ts";
import { type SeverableLink, severableLink } from "../support/severable-link.ts";

const HEAD = `version: 1
organization: \${DOCSYNC_ORG}
spaces: { guides: spc_guides, api_v1: spc_api_v1, api_v2: spc_api_v2, sdk: spc_sdk, changelog: spc_changelog }
sites:
  - title: Killed site
    sections:
`;
/** A section of `path` titled `title`, in `spaces`. */
const section = (path: string, title: string, ...spaces: string[]) =>
  `      - { path: ${path}, title: ${title}, siteSpaces: [${spaces.map((space) => `{ space: ${space}, path: p-${space} }`).join(", ")}] }\n`;
const CASES = {
  // `alpha` is made with the path "charlie" (from "Charlie"), `echo` with "alpha" (from "Alpha").
  "one made at the path of the other":
    section("alpha", "Charlie", "sdk") + section("echo", "Alpha", "changelog"),
  // Each is made with the path of the other, in the same space: one goes by a temporary path.
  "each made at the path of the other":
    section("charlie", "Bravo", "guides") + section("bravo", "Charlie", "guides"),
  // A half-made one fits both.
  "two alike":
    section("alpha", "Getting started", "guides", "changelog") +
    section("delta", "Getting started", "guides", "changelog"),
  // Two of one title, the one whose path the other derives in a group.
  "one of a title in a group":
    section("charlie", "Alpha", "changelog", "api_v1") +
    section("echo", "Charlie", "sdk") +
    `      - group: Group A\n        sections:\n    ${section("alpha", "Alpha", "guides", "api_v1")}`,
  // Three of one title: a half-made one at `alpha` fits both the others, and not `alpha`.
  "three of one title":
    section("delta", "Alpha", "api_v2") +
    section("bravo", "Alpha", "api_v2") +
    section("alpha", "Alpha", "guides"),
};
const ORDER_SEEDS = [0, 1];

describe("a section left at a path derived from its title, which another section is configured with", () => {
  let h: Harness;
  const links: SeverableLink[] = [];
  /** Runs cut off from the emulator, which may still be retrying into their dead link. */
  const abandoned: Promise<unknown>[] = [];
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await Promise.allSettled(abandoned);
    await Promise.all(links.map((link) => link.close()));
    await h.close();
  });

  const clearSites = async () => {
    for (const site of await h.api.list<LiveSite>(`/orgs/${h.org}/sites`))
      await h.api.send({ method: "DELETE", path: `/orgs/${h.org}/sites/${site.id}` });
  };

  /** Applies `path` through a link that is severed for good once the emulator cut it off after `writes`. */
  const applyCutAfter = async (path: string, writes: number, env: NodeJS.ProcessEnv) => {
    h.emulator.resetLog();
    h.emulator.cutAfterWrites(writes);
    const link = await severableLink(h.emulator.url);
    links.push(link);
    const run = docsync(["apply", "-c", path, "--yes"], { env: { ...env, DOCSYNC_API_URL: link.url } });
    abandoned.push(run);
    await h.logged((entry) => entry.fault === "cut", run);
    await link.sever();
    h.emulator.cutAfterWrites(undefined);
  };

  it.each(Object.entries(CASES))(
    "%s: is adopted by the next apply, which creates nothing twice and deletes nothing",
    async (_, sectionsYaml) => {
      const path = await h.config(HEAD + sectionsYaml);
      const planned = await h.run(["plan", "-c", path, "--json"]);
      expect(planned.code, planned.stderr).toBe(0);
      const writes = (JSON.parse(planned.stdout) as { calls: unknown[] }).calls.length;
      const failures: string[] = [];
      for (const seed of ORDER_SEEDS) {
        const env = { ...h.env, [APPLY_ORDER_SEED_VARIABLE]: String(seed) };
        for (let cut = 1; cut < writes; cut++) {
          await h.withoutDelays(clearSites);
          // The cut apply runs with the emulator's delays, which decide what is in flight at the
          // cut; what follows is checked with none, as no delay changes what the next apply plans.
          await applyCutAfter(path, cut, env);
          const made = (await liveSections(h)).map((section) => section.id);

          h.emulator.resetLog();
          // Apply ends by planning once more as a check, and fails when that plan is not empty
          // (apply.not-converged): its success says that the next plan is empty.
          const again = await h.withoutDelays(() => h.run(["apply", "-c", path, "--yes"], { env }));
          const at = `order seed ${seed}, cut after write ${cut} of ${writes}`;
          expect(again.code, `${at}\n${again.stdout}\n${again.stderr}`).toBe(0);
          const deletes = h.emulator.requests.filter((entry) => entry.method === "DELETE");
          if (deletes.length > 0)
            failures.push(`${at}: deleted ${deletes.map((entry) => entry.path).join(", ")}\n${again.stdout}`);
          const sections = await liveSections(h);
          const configured = sectionsYaml.split("- { path:").length - 1;
          if (sections.length !== configured)
            failures.push(`${at}: ${sections.length} sections, not ${configured}`);
          const kept = made.filter((id) => sections.some((section) => section.id === id));
          if (kept.length !== made.length)
            failures.push(`${at}: ${made.length - kept.length} made sections gone`);
        }
      }
      expect(failures).toEqual([]);
    },
    120_000,
  );
});

async function liveSections(h: Harness): Promise<LiveSection[]> {
  const [site] = await h.api.list<LiveSite>(`/orgs/${h.org}/sites`);
  return site ? h.api.list<LiveSection>(`/orgs/${h.org}/sites/${site.id}/sections`) : [];
}
