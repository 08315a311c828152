// Names may hold any character the API accepts: braces, `}} {{id:…}}`, the ` › ` plans put
// between the steps of an address, quotes and backslashes. None of it is read as docsync's own
// syntax: such items are created, referred to (a group's sections, a redirect's section, a
// space's new collection), moved and planned again to no changes, from a saved plan too, and the
// plans show their names whole.

import { readFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applied, type Harness, startHarness } from "../support/harness.ts";

const GROUP = `Group }} {{id:x}} › 'single' \\ "double"`;
const SHELF = `Shelf }} {{id:x}} › \\ "q"`;
const TEAM = `Team {{v2}} }} {{id:site "x"}}`;
const ODD_SITE = `A › B "double" 'single' \\ back`;

/** A YAML double-quoted scalar of `text`: JSON's quoting is YAML's. */
const q = (text: string) => JSON.stringify(text);

const sections = (guidesFirst: boolean) => {
  const guides = `      - { path: guides, title: ${q('Guides {{ }} › "q"')}, siteSpaces: [{ space: guides, path: guides }] }\n`;
  const group = `      - group: ${q(GROUP)}\n        sections:\n          - { path: sdk, title: ${q("SDK \\ back")}, siteSpaces: [{ space: sdk, path: sdk }] }\n`;
  return guidesFirst ? guides + group : group + guides;
};

const config = (guidesFirst = true) => `version: 1
organization: \${DOCSYNC_ORG}
spaces:
  guides: spc_guides
  sdk: spc_sdk
  handbook: { id: spc_handbook, title: ${q("Hand {{book}} }} \"q\" 'single' \\ › end")}, collection: ${q(SHELF)} }
collections:
  - { title: ${q(SHELF)} }
teams:
  - { title: ${q(TEAM)} }
sites:
  - title: ${q("Docs {{v2}}")}
    sections:
${sections(guidesFirst)}    redirects:
      - { source: /old, to: { section: sdk } }
  - title: ${q("Docs }} {{id:x}}")}
    siteSpaces:
      - { space: handbook, path: handbook }
  - title: ${q(ODD_SITE)}
    sections:
      - { path: one, title: One, siteSpaces: [{ space: guides, path: guides }] }
`;

describe("names that look like docsync's syntax", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  /** The plan for `path` has no changes (exit 0 with --detailed-exitcode). */
  async function expectNoChanges(path: string) {
    const again = await h.run(["plan", "-c", path, "--detailed-exitcode"]);
    expect(again.stdout).toContain("No changes");
    expect(again.code).toBe(0);
  }

  it("are created, referred to and moved, then plan to no changes; the plans show them whole", async () => {
    const path = await h.config(config());
    const planned = await h.run(["plan", "-c", path]);
    expect(planned.code).toBe(0);
    for (const line of [
      `+ site "Docs {{v2}}"`,
      `+ site "Docs }} {{id:x}}"`,
      `+ site ${q(ODD_SITE)}`,
      `+ group ${q(GROUP)}: sections ["sdk"]`,
      `+ collection ${q(SHELF)}`,
      `+ team ${q(TEAM)}`,
      `collection: (not set) ⇒ (id of new collection ${q(SHELF)})`,
    ])
      expect(planned.stdout).toContain(line);
    const markdown = await h.run(["plan", "-c", path, "--format", "markdown"]);
    expect(markdown.stdout).toContain(`site ${q(ODD_SITE)}`);
    expect(markdown.stdout).toContain(`group ${q(GROUP)}`);

    const made = await applied(h, path);
    expect(made.stdout).toContain("Live state matches the configuration.");
    expect(made.stdout).toContain(`✓ site "Docs }} {{id:x}}": create site`);
    await expectNoChanges(path);
    const sites = await h.api.list<{ id: string; title: string }>(`/orgs/${h.org}/sites`);
    expect(sites.map((site) => site.title)).toEqual(
      expect.arrayContaining(["Docs {{v2}}", "Docs }} {{id:x}}", ODD_SITE]),
    );
    const space = await h.api.get<{ title: string; parent?: string }>("/spaces/spc_handbook");
    expect(space.title).toBe("Hand {{book}} }} \"q\" 'single' \\ › end");
    const shelves = await h.api.list<{ id: string; title: string }>(`/orgs/${h.org}/collections`);
    expect(space.parent).toBe(shelves.find((shelf) => shelf.title === SHELF)?.id);

    // The group goes first: its move names the section it goes before, and the group's name
    // stays whole in the note.
    const moved = await h.config(config(false));
    const move = await h.run(["plan", "-c", moved, "--format", "markdown"]);
    expect(move.stdout).toContain(`section "sdk": after section "guides" ⇒ before section "guides"`);
    expect(move.stdout).toContain(`group ${q(GROUP)}`);
    await applied(h, moved);
    await expectNoChanges(moved);
  });

  it("apply from a saved plan, and plan to no changes after", async () => {
    const path = await h.config(config());
    const file = `${path}.plan.json`;
    expect((await h.run(["plan", "-c", path, "--out", file])).code).toBe(0);
    const saved = JSON.parse(await readFile(file, "utf8"));
    expect(saved.version).toBe(4);
    // The group's create names its site by reference: the site's address, as steps.
    const group = saved.calls.find((call: { summary: string }) => call.summary === "create group");
    expect(group.path).toEqual([
      `/orgs/${h.org}/sites/`,
      { idOf: [{ kind: "site", key: "Docs {{v2}}" }] },
      "/section-groups",
    ]);
    const shown = await h.run(["show", file]);
    expect(shown.stdout).toContain(`+ group ${q(GROUP)}`);
    const result = await h.run(["apply", file, "-c", path]);
    expect(result.stderr).not.toContain("Error");
    expect(result.code).toBe(0);
    await expectNoChanges(path);
  });

  it("is named whole by --target, quoted as plans print it", async () => {
    const path = await h.config(config());
    const targeted = await h.run(["plan", "-c", path, "--target", `site ${q(ODD_SITE)} > section "one"`]);
    expect(targeted.code).toBe(0);
    expect(targeted.stdout).toContain(`+ site ${q(ODD_SITE)}`);
    expect(targeted.stdout).not.toContain("Docs {{v2}}");
    const group = await h.run([
      "apply",
      "-c",
      path,
      "--yes",
      "--target",
      `site "Docs {{v2}}" › group ${q(GROUP)}`,
    ]);
    expect(group.code).toBe(0);
    expect(group.stdout).toContain(`group ${q(GROUP)}: create group`);
    expect(group.stdout).not.toContain("Docs }} {{id:x}}");
  });
});
