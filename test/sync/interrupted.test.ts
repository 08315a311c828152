// Every run repairs the last one: random configurations, applied by docsync stopped dead after a
// random number of writes (the last write committed, its answer lost), then applied again. The
// second apply converges with no duplicate, deletes nothing the stopped run made, and a plan after
// it is empty (the check that apply ends with). 100 kill points (DOCSYNC_KILL_RUNS sets another
// number) at which the run, in this process, is cut off from the emulator for good (see
// severable-link.ts), and 5 at which the real docsync process is killed with SIGKILL. Each run's
// two applies take their calls in an order of their own (see the harness). The kill points run in
// lanes at once, each lane against an emulator of its own, so that no lane's runs see another's
// organization.

import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { APPLY_ORDER_SEED_VARIABLE } from "../../src/apply/order.ts";
import type { LiveTeam } from "../../src/kinds/access/team.ts";
import type { LiveSection } from "../../src/kinds/site/section.ts";
import type { LiveSectionGroup } from "../../src/kinds/site/section-group.ts";
import type { LiveSite } from "../../src/kinds/site/site.ts";
import { docsync } from "../support/cli.ts";
import { type GeneratedSection, groupTogether, redirectsYaml, sectionsYaml } from "../support/configs.ts";
import { type Harness, seedFor, startHarness } from "../support/harness.ts";
import { spawnDocsync } from "../support/process.ts";
import { repeats } from "../support/repeats.ts";
import { type SeverableLink, severableLink } from "../support/severable-link.ts";

const RUNS = Number(process.env.DOCSYNC_KILL_RUNS ?? 100);
/** Kill points at which the real process is killed: starting one costs more than a whole run in-process. */
const PROCESS_RUNS = 5;
/** Lanes of in-process kill points that run at once (DOCSYNC_KILL_LANES sets another number). */
const LANES = Number(process.env.DOCSYNC_KILL_LANES ?? 4);
const SPACES = ["guides", "api_v1", "api_v2", "sdk", "changelog"];
const PATHS = ["alpha", "bravo", "charlie", "delta", "echo"];

interface Model {
  teams: string[];
  sections: GeneratedSection[];
  redirects: { source: string; to: number }[];
}

const modelArb: fc.Arbitrary<Model> = fc
  .uniqueArray(
    fc.record({
      path: fc.constantFrom(...PATHS),
      // Titles that derive another section's path, or none of them.
      title: fc.constantFrom("Alpha", "Bravo", "Getting started", "Charlie", "Reference"),
      spaces: fc.shuffledSubarray(SPACES, { minLength: 1, maxLength: 3 }),
      group: fc.option(fc.constantFrom("Group A", "Group B"), { nil: undefined }),
    }),
    { selector: (section) => section.path, minLength: 1, maxLength: 5 },
  )
  .chain((sections) =>
    fc.record({
      teams: fc.uniqueArray(fc.constantFrom("Writers", "Reviewers"), { maxLength: 2 }),
      sections: fc.constant(groupTogether(sections)),
      redirects: fc.uniqueArray(
        fc.record({ source: fc.constantFrom("/r1", "/r2", "/r3"), to: fc.nat(sections.length - 1) }),
        { selector: (redirect) => redirect.source, maxLength: 3 },
      ),
    }),
  );

function toYaml(model: Model): string {
  const lines = ["version: 1", `organization: \${DOCSYNC_ORG}`, "spaces:"];
  for (const space of SPACES) lines.push(`  ${space}: spc_${space}`);
  if (model.teams.length > 0) lines.push(`teams: [${model.teams.map((t) => `{ title: ${t} }`).join(", ")}]`);
  lines.push("sites:", "  - title: Killed site", "    sections:");
  lines.push(...sectionsYaml(model.sections), ...redirectsYaml(model.redirects, model.sections));
  return `${lines.join("\n")}\n`;
}

/** Titles, paths and sources that repeat where they should be unique: duplicates. */
async function duplicates(h: Harness, expectedSections: number): Promise<string[]> {
  const found: string[] = [];
  const repeated = (what: string, values: string[]) => found.push(...repeats(what, values));
  const sites = await h.api.list<LiveSite>(`/orgs/${h.org}/sites`);
  repeated(
    "site",
    sites.map((s) => s.title),
  );
  repeated(
    "team",
    (await h.api.list<LiveTeam>(`/orgs/${h.org}/teams`)).map((t) => t.title),
  );
  for (const site of sites) {
    const base = `/orgs/${h.org}/sites/${site.id}`;
    // Paths are unique by the API: a section made twice shows as one more section than configured.
    const sections = await h.api.list<LiveSection>(`${base}/sections`);
    if (sections.length !== expectedSections)
      found.push(`${sections.length} sections, not ${expectedSections}`);
    repeated(
      "group",
      (await h.api.list<LiveSectionGroup>(`${base}/section-groups`)).map((g) => g.title),
    );
  }
  return found;
}

/** Applies `path` and stops the run right after the emulator cut it off (or when it ends first). */
type KilledApply = (h: Harness, path: string, env: NodeJS.ProcessEnv) => Promise<void>;

/** Resolves once the emulator cut the run off, or once the run ended first. */
const cutOrEnded = (h: Harness, run: Promise<unknown>) => h.logged((entry) => entry.fault === "cut", run);

/** The real docsync process, killed with SIGKILL. */
const killedProcess: KilledApply = async (h, path, env) => {
  const killed = spawnDocsync(["apply", "-c", path, "--yes"], env);
  await cutOrEnded(h, killed.exited);
  killed.child.kill("SIGKILL");
  await killed.exited;
};

describe("an apply killed at any point is finished by the next one", () => {
  const links: SeverableLink[] = [];
  /** In-process runs cut off from the emulator, which may still be retrying into their dead link. */
  const abandoned: Promise<unknown>[] = [];
  const harnesses: Harness[] = [];
  afterAll(async () => {
    await Promise.allSettled(abandoned);
    await Promise.all(links.map((link) => link.close()));
    await Promise.all(harnesses.map((h) => h.close()));
  });

  /** docsync in this process, reaching the emulator through a link that is severed at the cut. */
  const cutOff: KilledApply = async (h, path, env) => {
    const link = await severableLink(h.emulator.url);
    links.push(link);
    const run = docsync(["apply", "-c", path, "--yes"], { env: { ...env, DOCSYNC_API_URL: link.url } });
    abandoned.push(run);
    await cutOrEnded(h, run);
    await link.sever();
  };

  /** The property, with `kill` stopping the first apply, against an emulator of its own. */
  const convergesAfter = async (kill: KilledApply, numRuns: number, seed: number) => {
    const h = await startHarness();
    harnesses.push(h);
    await fc.assert(
      fc.asyncProperty(
        modelArb,
        // An even spread over the apply: a double in [0, 1] draws values near 0 most of the time.
        fc.nat({ max: 1000 }).map((permille) => permille / 1000),
        fc.nat(),
        async (model, where, run) => {
          await clearOrganization(h);
          const env = { ...h.env, [APPLY_ORDER_SEED_VARIABLE]: String(seedFor(run)) };
          const path = await h.config(toYaml(model));
          const planned = await h.run(["plan", "-c", path, "--json"]);
          expect(planned.code, planned.stderr).toBe(0);
          const writes = (JSON.parse(planned.stdout) as { calls: unknown[] }).calls.length;
          const killAfter = 1 + Math.floor(where * (writes - 1));

          h.emulator.resetLog();
          h.emulator.cutAfterWrites(killAfter);
          await kill(h, path, env);
          h.emulator.cutAfterWrites(undefined);

          h.emulator.resetLog();
          // Apply ends by planning once more as a check, and fails when that plan is not empty
          // (apply.not-converged): its success says that a plan after it is empty.
          const again = await h.run(["apply", "-c", path, "--yes"], { env });
          expect(again.code, `${again.stdout}\n${again.stderr}`).toBe(0);
          // Nothing the killed run made is deleted to be made again.
          expect(h.emulator.requests.filter((entry) => entry.method === "DELETE")).toEqual([]);
          expect(await duplicates(h, model.sections.length)).toEqual([]);
        },
      ),
      { numRuns, seed },
    );
  };

  /**
   * The kill points split among lanes that run at once, each against an emulator of its own:
   * most of a run is waiting on the emulator's delays, which the other lanes' runs fill.
   */
  const inLanes = async (kill: KilledApply, runs: number, lanes: number, seed: number) => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: lanes }, (_, lane) =>
        convergesAfter(kill, Math.ceil((runs - lane) / lanes), seed + 1000 * lane),
      ),
    );
    const failed = outcomes.find((outcome) => outcome.status === "rejected");
    if (failed) throw failed.reason;
  };

  it(`converges without duplicates or re-creation after a run cut off for good (${RUNS} kill points)`, async () => {
    await inLanes(cutOff, RUNS, LANES, 20261123);
  }, 600_000);

  it(`converges without duplicates or re-creation after SIGKILL (${PROCESS_RUNS} kill points)`, async () => {
    await inLanes(killedProcess, PROCESS_RUNS, PROCESS_RUNS, 20261124);
  }, 120_000);
});

/** Deletes every site and team, so that each run starts from the same organization. */
async function clearOrganization(h: Harness): Promise<void> {
  for (const site of await h.api.list<LiveSite>(`/orgs/${h.org}/sites`))
    await h.api.send({ method: "DELETE", path: `/orgs/${h.org}/sites/${site.id}` });
  for (const team of await h.api.list<LiveTeam>(`/orgs/${h.org}/teams`))
    await h.api.send({ method: "DELETE", path: `/orgs/${h.org}/teams/${team.id}` });
}
