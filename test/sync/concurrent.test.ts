// Two applies of one configuration started together (two pipelines, a re-run while a job is still
// going) end, after one more apply, with no duplicate and an empty plan: random configurations
// of every kind, and every example, applied by two runs of docsync (in this process, each with
// connections and state of its own, as two processes have) started at a random offset of each
// other against an emulator that answers creates after a random delay, then applied once more. Nothing anyone made before is lost on the way: no space is deleted.
// 15 races, and 2 of each example; DOCSYNC_RACE_RUNS sets another number of the first.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LiveSamlProvider } from "../../src/kinds/access/saml-provider.ts";
import type { LiveTeam } from "../../src/kinds/access/team.ts";
import type { LiveTranslation } from "../../src/kinds/organization/translation.ts";
import type { LiveSection } from "../../src/kinds/site/section.ts";
import type { LiveSectionGroup } from "../../src/kinds/site/section-group.ts";
import type { LiveSite } from "../../src/kinds/site/site.ts";
import type { LiveCollection } from "../../src/kinds/space/collection.ts";
import { type GeneratedSection, groupTogether, redirectsYaml, sectionsYaml } from "../support/configs.ts";
import { CONFIGURATION_EXAMPLES } from "../support/examples.ts";
import { type Harness, startHarness } from "../support/harness.ts";
import { repeats } from "../support/repeats.ts";

const RUNS = Number(process.env.DOCSYNC_RACE_RUNS ?? 15);
const EXAMPLES = CONFIGURATION_EXAMPLES;
const SITE_SPACES = ["guides", "api_v1", "api_v2", "sdk", "changelog"];
const PATHS = ["alpha", "bravo", "charlie", "delta"];
const TEAMS = ["Editors", "Support"];
/** The spaces of examples/emulator-fixture.yaml. */
const EXAMPLE_SPACES = ["handbook", "guides", "api_v1", "api_v2", "sdk", "changelog"];
const COLLECTIONS = ["Guides", "Internal", "Runbooks"];

interface SiteModel {
  sections: GeneratedSection[];
  redirects: { source: string; to: number }[];
}
interface Model {
  /** In order; a parent is one listed before. */
  collections: { title: string; parent?: number; description?: string }[];
  teams: { title: string; members: string[] }[];
  eddie?: "create" | "comment";
  customFields: ("owner" | "tier")[];
  /** A SAML provider, and the index of its default team. */
  saml?: { team: number | undefined };
  ai?: boolean;
  openApi: boolean;
  translations: string[];
  /** The handbook's settings: its collection (an index) and the teams with a role on it. */
  handbook: { collection: number | undefined; teams: number[] };
  /** A site the configuration makes, and one that exists (its section "home" too). */
  newSite?: SiteModel;
  existingSite: SiteModel & { homeSpaces: string[] };
}

const sectionsArb = (paths: readonly string[], minLength: number) =>
  fc
    .uniqueArray(
      fc.record({
        path: fc.constantFrom(...paths),
        // Titles that derive another section's path, or none of them.
        title: fc.constantFrom("Alpha", "Bravo", "Getting started", "Reference"),
        spaces: fc.shuffledSubarray(SITE_SPACES, { minLength: 1, maxLength: 2 }),
        group: fc.option(fc.constantFrom("Group A", "Group B"), { nil: undefined }),
      }),
      { selector: (section) => section.path, minLength, maxLength: 3 },
    )
    .map(groupTogether);

const redirectsArb = (sections: number): fc.Arbitrary<SiteModel["redirects"]> =>
  sections === 0
    ? fc.constant([])
    : fc.uniqueArray(fc.record({ source: fc.constantFrom("/r1", "/r2"), to: fc.nat(sections - 1) }), {
        selector: (redirect) => redirect.source,
        maxLength: 2,
      });

const siteArb = (paths: readonly string[], minLength: number): fc.Arbitrary<SiteModel> =>
  sectionsArb(paths, minLength).chain((sections) =>
    fc.record({ sections: fc.constant(sections), redirects: redirectsArb(sections.length) }),
  );

const modelArb: fc.Arbitrary<Model> = fc
  .record({
    collections: fc.shuffledSubarray(COLLECTIONS).chain((titles) =>
      fc.tuple(
        ...titles.map((title, index) =>
          fc.record({
            title: fc.constant(title),
            parent: fc
              .option(fc.nat(Math.max(0, index - 1)), { nil: undefined })
              .map((parent) => (index === 0 ? undefined : parent)),
            description: fc.option(fc.constant("Made in a race"), { nil: undefined }),
          }),
        ),
      ),
    ),
    teams: fc.shuffledSubarray(TEAMS).chain((titles) =>
      fc.tuple(
        ...titles.map((title) =>
          fc.record({
            title: fc.constant(title),
            members: fc.shuffledSubarray(["usr_ada", "usr_eddie"]),
          }),
        ),
      ),
    ),
    eddie: fc.option(fc.constantFrom("create" as const, "comment" as const), { nil: undefined }),
    customFields: fc.shuffledSubarray(["owner", "tier"] as ("owner" | "tier")[]),
    samlTeam: fc.option(fc.option(fc.nat(1), { nil: undefined }), { nil: null }),
    ai: fc.option(fc.boolean(), { nil: undefined }),
    openApi: fc.boolean(),
    translations: fc.shuffledSubarray(["French", "German"]),
    handbookCollection: fc.option(fc.nat(2), { nil: undefined }),
    handbookTeams: fc.shuffledSubarray([0, 1]),
    newSite: fc.option(siteArb(PATHS, 1), { nil: undefined }),
    existing: siteArb(PATHS, 0),
    homeSpaces: fc.shuffledSubarray(["changelog", "sdk"]),
  })
  .map((raw) => ({
    collections: raw.collections,
    teams: raw.teams,
    ...(raw.eddie ? { eddie: raw.eddie } : {}),
    customFields: raw.customFields,
    ...(raw.samlTeam !== null
      ? {
          saml: {
            team: raw.samlTeam !== undefined && raw.samlTeam < raw.teams.length ? raw.samlTeam : undefined,
          },
        }
      : {}),
    ...(raw.ai !== undefined ? { ai: raw.ai } : {}),
    openApi: raw.openApi,
    translations: raw.translations,
    handbook: {
      collection:
        raw.handbookCollection !== undefined && raw.handbookCollection < raw.collections.length
          ? raw.handbookCollection
          : undefined,
      teams: raw.handbookTeams.filter((team) => team < raw.teams.length),
    },
    ...(raw.newSite ? { newSite: raw.newSite } : {}),
    existingSite: { ...raw.existing, homeSpaces: raw.homeSpaces },
  }));

function siteYaml(title: string, site: SiteModel, home?: string[]): string[] {
  const lines = [`  - title: ${title}`, "    sections:"];
  if (home) {
    lines.push("      - path: home", "        title: Home", "        siteSpaces:");
    for (const space of ["status", ...home]) lines.push(`          - { space: ${space}, path: p-${space} }`);
  }
  lines.push(...sectionsYaml(site.sections), ...redirectsYaml(site.redirects, site.sections));
  return lines;
}

function toYaml(model: Model): string {
  const lines = ["version: 1", `organization: \${DOCSYNC_ORG}`];
  if (model.ai !== undefined) lines.push(`organizationSettings: { ai: ${model.ai} }`);
  lines.push("collections:");
  for (const collection of model.collections) {
    lines.push(`  - title: ${collection.title}`);
    if (collection.parent !== undefined)
      lines.push(`    parent: ${model.collections[collection.parent]!.title}`);
    if (collection.description) lines.push(`    description: ${collection.description}`);
  }
  if (model.collections.length === 0) lines[lines.length - 1] = "collections: []";
  lines.push(model.teams.length === 0 ? "teams: []" : "teams:");
  for (const team of model.teams)
    lines.push(`  - { title: ${team.title}, members: [${team.members.join(", ")}] }`);
  if (model.eddie) lines.push(`members: [{ user: eddie@acme.example, role: ${model.eddie} }]`);
  lines.push(model.customFields.length === 0 ? "customFields: []" : "customFields:");
  if (model.customFields.includes("owner")) lines.push("  - { name: owner, type: text, title: Owner }");
  if (model.customFields.includes("tier"))
    lines.push("  - { name: tier, type: select, options: [gold, silver] }");
  if (model.saml) {
    const team = model.saml.team === undefined ? "" : `, defaultTeam: ${model.teams[model.saml.team]!.title}`;
    lines.push(
      `samlProviders: [{ label: Okta, entityID: "https://okta.example/e", ssoURL: "https://okta.example/sso", defaultRole: read${team} }]`,
    );
  } else lines.push("samlProviders: []");
  lines.push(
    model.openApi
      ? "openApiSpecs: [{ slug: payments, source: https://api.example/openapi.yaml }]"
      : "openApiSpecs: []",
  );
  lines.push(`translations: [${model.translations.map((title) => `{ title: ${title} }`).join(", ")}]`);
  lines.push("spaces:");
  for (const space of [...SITE_SPACES, "status"]) lines.push(`  ${space}: spc_${space}`);
  lines.push("  handbook:", "    id: spc_handbook");
  const { collection, teams } = model.handbook;
  if (collection !== undefined) lines.push(`    collection: ${model.collections[collection]!.title}`);
  if (model.customFields.includes("owner")) lines.push("    customFields: { owner: Docs team }");
  lines.push("    permissions:", "      - { user: ada@acme.example, role: admin }");
  for (const team of teams) lines.push(`      - { team: ${model.teams[team]!.title}, role: edit }`);
  lines.push("sites:");
  if (model.newSite) lines.push(...siteYaml("Race docs", model.newSite));
  lines.push(...siteYaml("Existing", model.existingSite, model.existingSite.homeSpaces));
  lines.push(
    "policy:",
    "  prune: [teams, customFields, samlProviders, openApiSpecs, translations, permissions]",
    "  maxDestroy: 100",
  );
  return `${lines.join("\n")}\n`;
}

/**
 * Keys the configuration identifies items by that more than one live item has: duplicates.
 * `model`: the configuration, whose sites must have as many sections as it lists.
 */
async function duplicates(h: Harness, model?: Model): Promise<string[]> {
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
    if (!model) continue;
    // Paths are unique by the API: a section made twice is one section more than configured.
    const configured = site.title === "Existing" ? model.existingSite : model.newSite;
    const expected = (configured?.sections.length ?? 0) + (site.title === "Existing" ? 1 : 0);
    const sections = await h.api.list<LiveSection>(`${base}/sections`);
    if (sections.length !== expected)
      found.push(`site ${site.title}: ${sections.length} sections, not ${expected}`);
  }
  return found;
}

/** Those of the spaces `names` (spc_<name>) that are deleted: a collection deleted with them in it. */
async function deletedSpaces(h: Harness, names: readonly string[]): Promise<string[]> {
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
 */
async function race(h: Harness, path: string, offset: number, seed: number): Promise<void> {
  // Creates answered after a random delay: the second run reads while the first still makes
  // things, and the two interleave differently each time.
  h.emulator.setFaults({ seed, latencyMs: 50, jitterMs: 400, match: { method: "POST" } });
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
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("two applies started together", () => {
  it(`end, after one more apply, with no duplicate and an empty plan (${RUNS} races)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        modelArb,
        fc.nat(2000),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        async (model, offset, seed) => {
          const h = await startHarness();
          try {
            // The site that exists before the race, with its first section.
            const site = await h.api.send<LiveSite>({
              method: "POST",
              path: `/orgs/${h.org}/sites`,
              body: { title: "Existing" },
            });
            await h.api.send({
              method: "POST",
              path: `/orgs/${h.org}/sites/${site!.id}/sections`,
              body: { spaceId: "spc_status", title: "Home" },
            });
            const path = await h.config(toYaml(model));

            await race(h, path, offset, seed);
            expect(await duplicates(h, model)).toEqual([]);
            const check = await h.run(["plan", "-c", path, "--detailed-exitcode"]);
            expect(check.code, `${check.stdout}\n${check.stderr}`).toBe(0);
            expect(await deletedSpaces(h, [...SITE_SPACES, "status", "handbook"])).toEqual([]);
          } finally {
            await h.close();
          }
        },
      ),
      { numRuns: RUNS, seed: 20261201 },
    );
  }, 900_000);
});

describe("two applies of an example started together", () => {
  for (const example of EXAMPLES) {
    it(`${example}: end, after one more apply, with no duplicate and an empty plan`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.nat(2000), fc.integer({ min: 1, max: 2 ** 31 - 1 }), async (offset, seed) => {
          const h = await startHarness({ fixture: "examples/emulator-fixture.yaml" });
          try {
            await race(h, example, offset, seed);
            expect(await duplicates(h)).toEqual([]);
            const check = await h.run(["plan", "-c", example, "--detailed-exitcode"]);
            expect(check.code, `${check.stdout}\n${check.stderr}`).toBe(0);
            expect(await deletedSpaces(h, EXAMPLE_SPACES)).toEqual([]);
          } finally {
            await h.close();
          }
        }),
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
