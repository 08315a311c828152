// Two applies of one configuration started together, then one more: what test/sync/concurrent*.test.ts
// share. The emulator answers creates after a random delay, so that the second run reads while
// the first still makes things and the two interleave differently each time.

import { expect } from "vitest";
import type { LiveSamlProvider } from "../../src/kinds/access/saml-provider.ts";
import type { LiveTeam } from "../../src/kinds/access/team.ts";
import type { LiveTranslation } from "../../src/kinds/organization/translation.ts";
import type { LiveSection } from "../../src/kinds/site/section.ts";
import type { LiveSectionGroup } from "../../src/kinds/site/section-group.ts";
import type { LiveSite } from "../../src/kinds/site/site.ts";
import type { LiveCollection } from "../../src/kinds/space/collection.ts";
import type { RunResult } from "./cli.ts";
import type { Harness } from "./harness.ts";
import { repeats } from "./repeats.ts";

/**
 * The delays of a race (ms): each create is answered after LATENCY plus up to JITTER, and the
 * second run starts up to OFFSET after the first. A run makes its creates a few at a time, so
 * the first run is still making things for several of these delays: an offset of up to about
 * that long starts the second run anywhere from before the first has read to after it is done.
 */
export const RACE = { latencyMs: 10, jitterMs: 100, maxOffsetMs: 500 } as const;

/**
 * Keys the configuration identifies items by that more than one live item has: duplicates.
 * `sectionsOf`: how many sections the site of a title must have (one made twice is one more);
 * none, to count only the keys.
 */
export async function duplicates(h: Harness, sectionsOf?: (site: string) => number): Promise<string[]> {
  const found: string[] = [];
  const repeated = (what: string, values: string[]) => found.push(...repeats(what, values));
  const org = `/orgs/${h.org}`;
  repeated(
    "collection",
    (await h.api.list<LiveCollection>(`${org}/collections`)).map((c) => c.title),
  );
  repeated(
    "team",
    (await h.api.list<LiveTeam>(`${org}/teams`)).map((t) => t.title),
  );
  repeated(
    "SAML provider",
    (await h.api.list<LiveSamlProvider>(`${org}/saml`)).map((p) => p.label),
  );
  repeated(
    "translation",
    // Settings by title; syncs by source space and language.
    (await h.api.list<LiveTranslation>(`${org}/translations`)).map(
      (t) => t.title ?? `${t.source?.space} into ${t.language}`,
    ),
  );
  const sites = await h.api.list<LiveSite>(`${org}/sites`);
  repeated(
    "site",
    sites.map((site) => site.title),
  );
  for (const site of sites) {
    const base = `${org}/sites/${site.id}`;
    repeated(
      "group",
      (await h.api.list<LiveSectionGroup>(`${base}/section-groups`)).map((g) => g.title),
    );
    if (!sectionsOf) continue;
    // Paths are unique by the API: a section made twice is one section more than configured.
    const expected = sectionsOf(site.title);
    const sections = await h.api.list<LiveSection>(`${base}/sections`);
    if (sections.length !== expected)
      found.push(`site ${site.title}: ${sections.length} sections, not ${expected}`);
  }
  return found;
}

/** Those of the spaces `names` (spc_<name>) that are deleted: a collection deleted with them in it. */
export async function deletedSpaces(h: Harness, names: readonly string[]): Promise<string[]> {
  const deleted: string[] = [];
  for (const name of names) {
    const live = await h.api.get<{ deletedAt?: string }>(`/spaces/spc_${name}`);
    if (live.deletedAt !== undefined) deleted.push(name);
  }
  return deleted;
}

/**
 * Two applies of `path`, by runs of docsync started `offset` ms apart, then one more apply:
 * each of the two fails at worst for what the other did meanwhile, and the third finishes.
 * Returns the third apply's result (for emptyPlanAfter).
 */
export async function race(h: Harness, path: string, offset: number, seed: number): Promise<RunResult> {
  h.emulator.setFaults({
    seed,
    latencyMs: RACE.latencyMs,
    jitterMs: RACE.jitterMs,
    match: { method: "POST" },
  });
  const first = h.run(["apply", "-c", path, "--yes"]);
  await sleep(offset);
  const second = h.run(["apply", "-c", path, "--yes"]);
  const runs = await Promise.all([first, second]);
  h.emulator.setFaults({});
  for (const run of runs) {
    // Each fails at worst for what the other did meanwhile; none stops on a planner error.
    expect([0, 1], run.stderr).toContain(run.code);
    expect(run.stderr).not.toMatch(/planner bug|pin the one/);
  }

  const again = await h.run(["apply", "-c", path, "--yes"]);
  // A delete that finds its item gone (taken along by the delete of what held it) is no
  // failure to converge; nothing else may fail.
  const failed = again.stdout.split("\n").filter((line) => line.startsWith("  ✗"));
  expect(
    failed.filter((line) => !/: DELETE \S+ failed: 404 Not Found/.test(line)),
    `${again.stdout}\n${again.stderr}`,
  ).toEqual([]);
  return again;
}

/**
 * Asserts that a plan of `path` after the third apply of a race (`again`) is empty. An apply that
 * succeeds ended by planning once more as its check, and fails when that plan is not empty
 * (apply.not-converged): its success says so already. One that failed on a delete of something
 * found gone never got to its check, which a plan makes here.
 */
export async function expectEmptyPlanAfter(h: Harness, path: string, again: RunResult): Promise<void> {
  if (again.code === 0) return;
  const check = await h.run(["plan", "-c", path, "--detailed-exitcode"]);
  expect(check.code, `${check.stdout}\n${check.stderr}`).toBe(0);
}

/** The offset of the second run: part of what the property draws, not a wait for something. */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
