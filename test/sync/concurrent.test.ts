// Two applies of one configuration started together (two pipelines, a re-run while a job is still
// going) end, after one more apply, with no duplicate and an empty plan: random configurations
// of every kind applied by two runs of docsync (in this process, each with connections and state
// of its own, as two processes have) started at a random offset of each other against an
// emulator that answers creates after a random delay, then applied once more. Nothing anyone
// made before is lost on the way: no space is deleted. The examples, and items whose key the API
// keeps unique, race in concurrent-examples.test.ts.
// 15 races; DOCSYNC_RACE_RUNS sets another number.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LiveSite } from "../../src/kinds/site/site.ts";
import { type GeneratedSection, groupTogether, redirectsYaml, sectionsYaml } from "../support/configs.ts";
import { startHarness } from "../support/harness.ts";
import { deletedSpaces, duplicates, expectEmptyPlanAfter, RACE, race } from "../support/race.ts";

const RUNS = Number(process.env.DOCSYNC_RACE_RUNS ?? 15);
const SITE_SPACES = ["guides", "api_v1", "api_v2", "sdk", "changelog"];
const PATHS = ["alpha", "bravo", "charlie", "delta"];
const TEAMS = ["Editors", "Support"];
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

describe("two applies started together", () => {
  it(`end, after one more apply, with no duplicate and an empty plan (${RUNS} races)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        modelArb,
        fc.nat(RACE.maxOffsetMs),
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

            const again = await race(h, path, offset, seed);
            // The existing site has its section "home" besides those configured.
            const sectionsOf = (site: string) =>
              site === "Existing"
                ? model.existingSite.sections.length + 1
                : (model.newSite?.sections.length ?? 0);
            expect(await duplicates(h, sectionsOf)).toEqual([]);
            await expectEmptyPlanAfter(h, path, again);
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
