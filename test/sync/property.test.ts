// For random configurations applied over random starting states: apply reaches the
// configuration (a new plan is empty), a second apply makes no write call, and the moves are
// the fewest: n minus the longest increasing subsequence of the live order, per container.
// Each run applies in an order and with delays of its own (the harness's seed, mixed with the
// run's), so that a dependency the plan lacks shows as a failed call or a plan left over.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LiveSection } from "../../src/kinds/site/section.ts";
import type { LiveSite } from "../../src/kinds/site/site.ts";
import { applied, seedFor, startHarness } from "../support/harness.ts";

const SPACES = ["handbook", "guides", "api_v1", "api_v2", "changelog", "sdk"];
const PATHS = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf"];
const GROUPS = ["Group A", "Group B"];
const SOURCES = ["/r1", "/r2", "/r3", "/r4", "/r5"];

interface SectionModel {
  path: string;
  spaces: string[];
  group?: string;
}
interface SiteModel {
  sections: SectionModel[];
  redirects: { source: string; to: number }[];
}

const sectionArb = fc.record({
  path: fc.constantFrom(...PATHS),
  spaces: fc.shuffledSubarray(SPACES, { minLength: 1, maxLength: 3 }),
  group: fc.option(fc.constantFrom(...GROUPS), { nil: undefined }),
});

const siteArb: fc.Arbitrary<SiteModel> = fc
  .uniqueArray(sectionArb, { selector: (section) => section.path, minLength: 1, maxLength: 6 })
  .chain((sections) =>
    fc.record({
      // Sections of one group stand together, as the configuration nests them.
      sections: fc.constant(groupTogether(sections)),
      redirects: fc.uniqueArray(
        fc.record({ source: fc.constantFrom(...SOURCES), to: fc.nat(sections.length - 1) }),
        {
          selector: (redirect) => redirect.source,
          maxLength: 4,
        },
      ),
    }),
  );

function groupTogether(sections: SectionModel[]): SectionModel[] {
  const order: (string | undefined)[] = [];
  for (const section of sections) if (!order.includes(section.group)) order.push(section.group);
  return order.flatMap((group) => sections.filter((section) => section.group === group));
}

function toYaml(site: SiteModel): string {
  const lines = ["version: 1", `organization: \${DOCSYNC_ORG}`, "spaces:"];
  for (const space of SPACES) lines.push(`  ${space}: spc_${space}`);
  lines.push("sites:", "  - title: Random site", "    sections:");
  const sectionLines = (section: SectionModel, indent: string) => {
    lines.push(
      `${indent}- path: ${section.path}`,
      `${indent}  title: Section ${section.path.toUpperCase()}`,
      `${indent}  siteSpaces:`,
    );
    for (const space of section.spaces) lines.push(`${indent}    - { space: ${space}, path: p-${space} }`);
  };
  let openGroup: string | undefined;
  for (const section of site.sections) {
    if (section.group === undefined) {
      openGroup = undefined;
      sectionLines(section, "      ");
      continue;
    }
    if (section.group !== openGroup) {
      openGroup = section.group;
      lines.push(`      - group: ${section.group}`, "        sections:");
    }
    sectionLines(section, "          ");
  }
  lines.push(site.redirects.length === 0 ? "    redirects: []" : "    redirects:");
  for (const redirect of site.redirects) {
    lines.push(
      `      - { source: "${redirect.source}", to: { section: ${site.sections[redirect.to]!.path} } }`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** Longest strictly increasing subsequence length, by the quadratic dynamic programme. */
function lisLength(values: readonly number[]): number {
  const best = values.map(() => 1);
  for (let i = 0; i < values.length; i++) {
    for (let j = 0; j < i; j++) if (values[j]! < values[i]!) best[i] = Math.max(best[i]!, best[j]! + 1);
  }
  return Math.max(0, ...best);
}

/** Moves needed to turn `live` into `desired`: items not live yet are appended in order. */
function expectedMoves(live: readonly string[], desired: readonly string[]): number {
  let appended = live.length;
  const ranks = desired.map((key) => (live.includes(key) ? live.indexOf(key) : appended++));
  return desired.length - lisLength(ranks);
}

describe("apply over random starting states", () => {
  it("converges, then has nothing to do, with the fewest moves", async () => {
    await fc.assert(
      fc.asyncProperty(siteArb, siteArb, fc.nat(), async (start, target, run) => {
        const h = await startHarness({ seed: seedFor(run) });
        try {
          await applied(h, await h.config(toYaml(start)));
          const [site] = await h.api.list<LiveSite>(`/orgs/${h.org}/sites`);
          const before = await h.api.list<LiveSection>(`/orgs/${h.org}/sites/${site!.id}/sections`);
          // Sections: at most one move per section out of the longest run in order (a group
          // moving as one block can do with fewer).
          const sectionMoves = expectedMoves(
            before.map((section) => section.path),
            target.sections.map((section) => section.path),
          );
          // Site spaces (identity: the space): exactly n minus the longest run in order.
          let siteSpaceMoves = 0;
          for (const section of target.sections) {
            const live = before.find((candidate) => candidate.path === section.path);
            if (!live) continue;
            siteSpaceMoves += expectedMoves(
              live.siteSpaces.map((siteSpace) => siteSpace.space.id),
              section.spaces.map((space) => `spc_${space}`),
            );
          }

          h.emulator.resetLog();
          const path = await h.config(toYaml(target));
          await applied(h, path);
          const moveCalls = (kind: string) =>
            Object.entries(h.emulator.stats().byRoute)
              .filter(([route]) => route.includes(`/${kind}/`) && route.endsWith("/move"))
              .reduce((sum, [, count]) => sum + count, 0);
          expect(moveCalls("site-spaces")).toBe(siteSpaceMoves);
          expect(moveCalls("sections") + moveCalls("section-groups")).toBeLessThanOrEqual(sectionMoves);

          // Nothing to do: apply finds its plan empty (the plan a plan command would show) and
          // writes nothing.
          h.emulator.resetLog();
          const again = await h.run(["apply", "-c", path, "--yes"]);
          expect(again.code).toBe(0);
          expect(again.stdout).toBe("No changes: live state matches the configuration.\n");
          expect(h.writes()).toBe(0);
        } finally {
          await h.close();
        }
      }),
      { numRuns: 25, seed: 20261121 },
    );
  }, 120_000);
});
