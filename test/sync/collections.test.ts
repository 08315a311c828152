// Collections: nesting created in dependency order, moves, renames, prune, drift, export, and
// the configuration's errors. The built-in fixture has one collection, Documentation (col_docs),
// holding three spaces.

import { readFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiveCollection } from "../../src/kinds/space/collection.ts";
import { sectionsConfig } from "../support/configs.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";

const HEAD = `version: 1\norganization: \${DOCSYNC_ORG}\n`;

describe("collections", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  const live = async () => await h.api.list<LiveCollection>(`/orgs/${h.org}/collections`);
  const byTitle = async (title: string) => (await live()).find((c) => c.title === title);
  /** A collection made by hand, through the API. */
  const made = (title: string, parent?: string) =>
    h.api.send<LiveCollection>({
      method: "POST",
      path: `/orgs/${h.org}/collections`,
      body: parent === undefined ? { title } : { title, parent },
    });
  const noChanges = async (path: string) => {
    const plan = await h.run(["plan", "-c", path, "--detailed-exitcode"]);
    expect(plan.stderr).toBe("");
    expect(plan.code).toBe(0);
  };

  it("creates a nested collection after its parent, even when listed first, then plans to no change", async () => {
    const path = await h.config(`${HEAD}collections:
  - { title: Guides, parent: Platform, description: How-tos, defaultLevel: comment }
  - { title: Platform, defaultLevel: edit }
  - { title: Documentation }
`);
    const plan = await h.run(["plan", "-c", path]);
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain(
      '  + collection "Guides": description "How-tos", defaultLevel "comment", parent (id of new collection "Platform")\n',
    );
    expect(plan.stdout).toContain("Plan: 2 to create (2 collections), 0 to update, 0 to move, 0 to delete.");
    await applied(h, path);
    const platform = await byTitle("Platform");
    const guides = await byTitle("Guides");
    expect(platform).toMatchObject({ defaultLevel: "edit" });
    expect(platform!.parent).toBeUndefined();
    expect(guides).toMatchObject({ parent: platform!.id, description: "How-tos", defaultLevel: "comment" });
    await noChanges(path);
  });

  it("moves a collection into another, back to the top level, and renames it", async () => {
    await made("Archive");
    const archive = (await byTitle("Archive"))!;
    const into = await h.config(`${HEAD}collections:
  - { title: Documentation }
  - { title: Archive, parent: Documentation }
`);
    const plan = await h.run(["plan", "-c", into]);
    expect(plan.stdout).toContain('  ~ collection "Archive": parent (not set) ⇒ "col_docs"\n');
    await applied(h, into);
    expect((await byTitle("Archive"))!.parent).toBe("col_docs");
    await noChanges(into);

    const out = await h.config(`${HEAD}collections:
  - { title: Old things, was: Archive, parent: null }
`);
    await applied(h, out);
    const renamed = (await byTitle("Old things"))!;
    expect(renamed.id).toBe(archive.id);
    expect(renamed.parent).toBeUndefined();
    await noChanges(out);
  });

  it("leaves unlisted collections alone unless policy.prune names collections; then deletes a nested one before its parent", async () => {
    const outer = await made("Outer");
    await made("Inner", outer!.id);
    const listed = `${HEAD}collections:\n  - { title: Documentation }\n`;
    const kept = await h.run(["plan", "-c", await h.config(listed), "--detailed-exitcode"]);
    expect(kept.code).toBe(0);

    const path = await h.config(`${listed}policy: { prune: [collections] }\n`);
    const plan = await h.run(["plan", "-c", path]);
    expect(plan.stdout).toContain('  - collection "Outer": defaultLevel "read"  HIGH RISK');
    expect(plan.stdout).toContain(
      '  - collection "Inner": defaultLevel "read", parent {"id":"col_0001"}  HIGH RISK',
    );
    await applied(h, path);
    expect((await live()).map((c) => c.title)).toEqual(["Documentation"]);
    await noChanges(path);
  });

  it("refuses to prune a collection that holds a configured one, naming where it is configured", async () => {
    const outer = await made("Outer");
    await made("Inner", outer!.id);
    const path = await h.config(
      `${HEAD}collections:\n  - { title: Inner }\npolicy: { prune: [collections] }\n`,
    );
    h.emulator.resetLog();
    const plan = await h.run(["plan", "-c", path]);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain(
      `${path}:4:5: collection "Inner" is inside collection "Outer", which policy.prune deletes with what it holds`,
    );
    expect(h.writes()).toBe(0);
  });

  it("moves a configured space out of a collection that policy.prune deletes before deleting it", async () => {
    const path = await h.config(
      `${HEAD}collections: [{ title: Kept }]\npolicy: { prune: [collections] }\nspaces:\n  guides: { id: spc_guides, collection: Kept }\n`,
    );
    const plan = await h.run(["plan", "-c", path, "--format", "json"]);
    expect(plan.code).toBe(0);
    const calls = (
      JSON.parse(plan.stdout) as {
        calls: { id: string; method: string; path: string; dependsOn: string[] }[];
      }
    ).calls;
    const move = calls.find((call) => call.path === "/spaces/spc_guides/move")!;
    const remove = calls.find((call) => call.method === "DELETE" && call.path === "/collections/col_docs")!;
    expect(remove.dependsOn).toContain(move.id);
    const apply = await h.run(["apply", "-c", path, "--yes", "--allow-destroy"]);
    expect(apply.stderr).toBe("");
    expect(apply.code).toBe(0);
    const guides = await h.api.get<{ id: string; parent?: string | null; deletedAt?: string }>(
      "/spaces/spc_guides",
    );
    expect(guides.deletedAt).toBeUndefined();
    const kept = (await live()).map((item) => [item.title, item.id]);
    expect(kept).toEqual([["Kept", guides.parent]]);
  });

  it("refuses to prune a collection that holds a configured space or one a site publishes, naming where", async () => {
    const configured = await h.config(
      `${HEAD}collections: []\npolicy: { prune: [collections] }\nspaces:\n  guides: { id: spc_guides, title: Guides }\n`,
    );
    h.emulator.resetLog();
    const plan = await h.run(["plan", "-c", configured]);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain(
      `${configured}:6:11: space "guides" is in collection "Documentation", which policy.prune deletes with what it holds`,
    );
    expect(plan.stderr).not.toContain("    at ");

    const published = await h.config(
      `${sectionsConfig(1)}collections: []\npolicy: { prune: [collections] }\n`,
    );
    const site = await h.run(["plan", "-c", published]);
    expect(site.code).toBe(1);
    expect(site.stderr).toContain(
      `${published}:7:52: site space "guides" publishes a space in collection "Documentation", which policy.prune deletes`,
    );

    // A space the file only names is kept too.
    const named = await h.config(
      `${HEAD}collections: []\npolicy: { prune: [collections] }\nspaces:\n  guides: spc_guides\n`,
    );
    const bare = await h.run(["plan", "-c", named]);
    expect(bare.code).toBe(1);
    expect(bare.stderr).toContain(
      `${named}:6:3: space "guides" (spc_guides) is in collection "Documentation", which policy.prune deletes`,
    );
    expect(h.writes()).toBe(0);
  });

  it("reverses nesting: the collection inside moves out before the outer one moves into it", async () => {
    const a = await made("A");
    const b = await made("B", a!.id);
    const c = await made("C", b!.id);
    // Live A › B › C; configured C › A › B, so C goes to the top level and A into C.
    const path = await h.config(`${HEAD}collections:
  - { title: A, parent: C }
  - { title: B, parent: A }
  - { title: C, parent: null }
  - { title: Documentation }
`);
    const apply = await h.run(["apply", "-c", path, "--yes", "--parallelism", "1"]);
    expect(apply.stderr).toBe("");
    expect(apply.code).toBe(0);
    const parents = Object.fromEntries((await live()).map((item) => [item.title, item.parent ?? null]));
    expect(parents).toMatchObject({ A: c!.id, B: a!.id, C: null });
    await noChanges(path);
  });

  it("stops on a title that several live collections have, until one is pinned with id", async () => {
    const first = await made("Drafts");
    const second = await made("Drafts");
    const path = await h.config(
      `${HEAD}collections:\n  - { title: Drafts, description: Work in progress }\n`,
    );
    const plan = await h.run(["plan", "-c", path]);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain(
      `${path}:4:5: 2 live collections are titled "Drafts" (${first!.id}, ${second!.id}): pin the one this is with id: <collection id>`,
    );
    const pinned = await h.config(
      `${HEAD}collections:\n  - { title: Drafts, id: ${second!.id}, description: Work in progress }\n`,
    );
    await applied(h, pinned);
    const drafts = (await live()).filter((c) => c.title === "Drafts");
    expect(drafts.map((c) => c.description)).toEqual([undefined, "Work in progress"]);
    await noChanges(pinned);
  });

  it("reports a description changed by hand as drift", async () => {
    const path = await h.config(
      `${HEAD}collections:\n  - { title: Documentation, description: All the docs }\n`,
    );
    await applied(h, path);
    await h.api.send({ method: "PATCH", path: "/collections/col_docs", body: { description: "edited" } });
    const drift = await h.run(["drift", "-c", path]);
    expect(drift.code).toBe(2);
    expect(drift.stdout).toContain('collection "Documentation"');
    expect(drift.stdout).toContain('  ~ collection "Documentation": description "edited" ⇒ "All the docs"\n');
  });

  it("exports nested collections by parent title, and the export plans to no change", async () => {
    const path = await h.config(`${HEAD}collections:
  - { title: Documentation }
  - { title: Platform, description: Platform team }
  - { title: Guides, parent: Platform, defaultLevel: comment }
`);
    await applied(h, path);
    const file = await h.config("", "exported.yaml");
    const exported = await h.run(["export", "-o", file, "--force"]);
    expect(exported.code).toBe(0);
    const text = await readFile(file, "utf8");
    // Titles are not unique in the API: each collection is pinned by its id.
    const ids = Object.fromEntries((await live()).map((c) => [c.title, c.id]));
    expect(text).toContain(
      `collections:\n  - title: Documentation\n    id: ${ids.Documentation}\n    defaultLevel: read\n` +
        `  - title: Platform\n    id: ${ids.Platform}\n    description: Platform team\n    defaultLevel: read\n` +
        `  - title: Guides\n    id: ${ids.Guides}\n    defaultLevel: comment\n    parent: Platform\n`,
    );
    h.emulator.resetLog();
    await noChanges(file);
    expect(h.writes()).toBe(0);
  });

  it("exports the parent of a collection by id when its title is shared, and the export plans to no change", async () => {
    const first = await made("Drafts");
    await made("Drafts");
    const kid = await made("Kid", first!.id);
    const file = await h.config("", "exported.yaml");
    const exported = await h.run(["export", "-o", file, "--force"]);
    expect(exported.code).toBe(0);
    const text = await readFile(file, "utf8");
    expect(text).toContain(
      `  - title: Kid\n    id: ${kid!.id}\n    defaultLevel: read\n    parent: { id: ${first!.id} }\n`,
    );
    h.emulator.resetLog();
    await noChanges(file);
    expect(h.writes()).toBe(0);
  });

  describe("configuration errors, with file:line:col", () => {
    const fails = async (yaml: string) => {
      const path = await h.config(yaml);
      const result = await h.run(["validate", "-c", path]);
      expect(result.code).toBe(1);
      expect(result.stderr).not.toContain("    at ");
      return { path, stderr: result.stderr };
    };

    it("an unknown parent", async () => {
      const { path, stderr } = await fails(`${HEAD}collections:\n  - { title: Guides, parent: Nowhere }\n`);
      expect(stderr).toContain(`${path}:4:30`);
      expect(stderr).toContain('unknown collection "Nowhere"');
    });

    it("a cycle of parents", async () => {
      const { path, stderr } = await fails(`${HEAD}collections:
  - { title: A, parent: B }
  - { title: B, parent: A }
  - { title: C, parent: C }
`);
      expect(stderr).toContain(`${path}:4:25`);
      expect(stderr).toContain('the parents form a cycle "A" → "B" → "A"');
      expect(stderr).toContain(`${path}:6:25`);
      expect(stderr).toContain('the parents form a cycle "C" → "C"');
    });

    it("a default level outside the roles", async () => {
      const { path, stderr } = await fails(`${HEAD}collections:\n  - { title: A, defaultLevel: owner }\n`);
      expect(stderr).toContain(
        `${path}:4:31: collections[0].defaultLevel: must be one of: admin, create, review, edit, comment, read`,
      );
    });

    it("a title listed twice", async () => {
      const { path, stderr } = await fails(`${HEAD}collections:\n  - { title: A }\n  - { title: A }\n`);
      expect(stderr).toContain(
        `${path}:5:14: collections[1].title: duplicate collection title "A" (first at line 4)`,
      );
    });
  });
});
