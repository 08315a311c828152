// For random live states made through the API (not through docsync, so not shaped like a
// configuration): the export validates, and plans to no change. The one shape a configuration
// cannot say, a group whose sections are apart in the navigation, is warned about, and then the
// plan holds only the moves that bring its sections together.

import fc from "fast-check";
import { load } from "js-yaml";
import { describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";

const SPACES = [
  "spc_handbook",
  "spc_guides",
  "spc_api_v1",
  "spc_api_v2",
  "spc_changelog",
  "spc_sdk",
  "spc_internal",
  "spc_status",
];

// biome-ignore lint/suspicious/noExplicitAny: answers are checked by the assertions.
type Json = any;

/** A small seeded generator, so that a failing seed replays the same live state. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const chance = (p: number) => next() < p;
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const subset = <T>(items: readonly T[]): T[] => items.filter(() => chance(0.5));
  return { int, chance, pick, subset };
}

async function makeLiveState(h: Harness, seed: number): Promise<void> {
  const random = generator(seed);
  const org = `/orgs/${h.org}`;
  const send = (method: "POST" | "PATCH", path: string, body?: unknown) =>
    h.api.send<Json>({ method, path: `${org}${path}`, body });
  const sites = 1 + random.int(2);
  for (let n = 1; n <= sites; n++) {
    if (random.chance(0.25)) {
      // A site without sections: root site spaces only.
      const spaces = random.subset(SPACES);
      const site = await send("POST", "/sites", { title: `Site ${n}`, spaces });
      const roots = await h.api.list<Json>(`${org}/sites/${site.id}/site-spaces`);
      if (roots.length > 1)
        await send("PATCH", `/sites/${site.id}`, { defaultSiteSpace: random.pick(roots).id });
      for (const root of roots) {
        if (random.chance(0.3))
          await send("PATCH", `/sites/${site.id}/site-spaces/${root.id}`, { condition: "visitor.x" });
      }
      continue;
    }
    const site = await send("POST", "/sites", { title: `Site ${n}` });
    const s = `/sites/${site.id}`;
    const sections: Json[] = [];
    const count = 1 + random.int(5);
    for (let i = 0; i < count; i++) {
      const section = await send("POST", `${s}/sections`, {
        spaceId: random.pick(SPACES),
        title: `Section ${i}`,
      });
      sections.push(section);
      for (const spaceId of random
        .subset(SPACES.filter((id) => id !== section.siteSpaces[0].space.id))
        .slice(0, 2)) {
        const siteSpace = await send("POST", `${s}/site-spaces`, { spaceId, sectionId: section.id });
        if (random.chance(0.3))
          await send("PATCH", `${s}/site-spaces/${siteSpace.id}`, { condition: "visitor.beta" });
        if (random.chance(0.4))
          await send("PATCH", `${s}/sections/${section.id}`, { defaultSiteSpace: siteSpace.id });
      }
      if (random.chance(0.3))
        await send("PATCH", `${s}/sections/${section.id}`, { condition: `visitor.n == ${i}` });
      if (random.chance(0.3))
        await send("PATCH", `${s}/sections/${section.id}`, { icon: "book", description: "D" });
    }
    for (let moves = random.int(3); moves > 0 && sections.length > 1; moves--) {
      const moved = random.pick(sections);
      const anchor = random.pick(sections.filter((section) => section !== moved));
      const side = random.chance(0.5) ? "before" : "after";
      await send("POST", `${s}/sections/${moved.id}/move`, {
        position: { [side]: { type: "site-section", siteSection: anchor.id } },
      });
    }
    for (let g = random.int(3); g > 0; g--) {
      const members = random.subset(sections).map((section) => section.id);
      await send("POST", `${s}/section-groups`, { title: `Group ${g}`, sections: members });
    }
    await send("PATCH", s, { defaultSiteSection: random.pick(sections).id });
    const live = await h.api.list<Json>(`${org}${s}/sections`);
    for (let r = random.int(4); r > 0; r--) {
      const section = random.pick(live);
      const destination = random.chance(0.5)
        ? { kind: "site-section", siteSectionId: section.id }
        : { kind: "site-space", siteSpaceId: random.pick(section.siteSpaces as Json[]).id };
      await send("POST", `${s}/redirects`, { source: `/r${r}`, destination });
    }
  }
}

/** Each site's structure as the API shows it: sections in navigation order with their site spaces. */
async function liveStructure(h: Harness): Promise<Json[]> {
  const org = `/orgs/${h.org}`;
  const siteSpace = (item: Json) => ({
    path: item.path,
    space: item.space.id,
    default: item.default === true,
    condition: item.condition ?? null,
  });
  const sites = await h.api.list<Json>(`${org}/sites`);
  return Promise.all(
    sites.map(async (site) => {
      const sections = await h.api.list<Json>(`${org}/sites/${site.id}/sections`);
      const all = await h.api.list<Json>(`${org}/sites/${site.id}/site-spaces`);
      const redirects = await h.api.list<Json>(`${org}/sites/${site.id}/redirects`);
      return {
        title: site.title,
        sections: sections.map((section) => ({
          path: section.path,
          default: section.default === true,
          condition: section.condition ?? null,
          siteSpaces: section.siteSpaces.map(siteSpace),
        })),
        root: all.filter((item) => !item.section).map(siteSpace),
        redirects: redirects.map((redirect) => redirect.source),
      };
    }),
  );
}

/** The same structure, as the exported file says it. */
function exportedStructure(doc: Json): Json[] {
  // A space's entry is its id, or the mapping of its settings with its id.
  const spaceId = (name: string) => {
    const entry = doc.spaces[name];
    return typeof entry === "string" ? entry : entry.id;
  };
  const siteSpace = (item: Json) => ({
    path: item.path,
    space: spaceId(item.space),
    default: item.default === true,
    condition: item.condition ?? null,
  });
  return doc.sites.map((site: Json) => ({
    title: site.title,
    sections: (site.sections ?? [])
      .flatMap((item: Json) => (item.group !== undefined ? item.sections : [item]))
      .map((section: Json) => ({
        path: section.path,
        default: section.default === true,
        condition: section.condition ?? null,
        siteSpaces: section.siteSpaces.map(siteSpace),
      })),
    root: (site.siteSpaces ?? []).map(siteSpace),
    redirects: site.redirects.map((redirect: Json) => redirect.source),
  }));
}

const byPath = (structure: Json[]) =>
  structure.map((site) => ({
    ...site,
    sections: [...site.sections].sort((a: Json, b: Json) => a.path.localeCompare(b.path)),
  }));

describe("export of random live states", () => {
  it("validates and plans to no change (or to the moves that join a group)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), async (seed) => {
        const h = await startHarness();
        try {
          await h.withoutDelays(() => makeLiveState(h, seed));
          const exported = await h.run(["export"]);
          expect(exported.code).toBe(0);
          const file = await h.config(exported.stdout, "exported.yaml");
          const validate = await h.run(["validate", "-c", file]);
          expect(validate.stderr).toBe("");
          const plan = await h.run(["plan", "-c", file, "--format", "json"]);
          expect(plan.code).toBe(0);
          const changes = JSON.parse(plan.stdout).changes as { action: string; kind: string }[];
          // What the plan does not compare (an absent default or condition leaves it alone) is
          // compared here: the file says every default and condition the organization has.
          const live = await liveStructure(h);
          // Read with js-yaml: the `yaml` package took six times as long, a tenth of each case.
          const written = exportedStructure(load(exported.stdout));
          if (exported.stderr === "") {
            expect(written).toEqual(live);
            expect(changes).toEqual([]);
          } else {
            expect(byPath(written)).toEqual(byPath(live));
            expect(exported.stderr).toMatch(
              /^(Warning: site "[^"]+": the sections of group "[^"]+" are not next .*\n)+$/,
            );
            expect(changes.length).toBeGreaterThan(0);
            expect(changes.every((change) => change.action === "move" && change.kind === "section")).toBe(
              true,
            );
          }
        } finally {
          await h.close();
        }
      }),
      // The rarest shape, a group whose sections are apart, is one live state in five: 25 states
      // meet it but for odds of 0.8^25 (0.4%): an export that does not warn of it fails the test.
      { numRuns: 25 },
    );
  }, 120_000);
});
