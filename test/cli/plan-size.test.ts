// How long a plan is, as a user sees it: the CLI against the emulator with generated
// configurations. A leaf change that fits on one line is one line, with its values, in every
// kind; a plan of 300 new redirects reads in at most 320 lines, and its Markdown fits a GitHub
// comment with every source and destination.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applied, type Harness, startHarness } from "../support/harness.ts";

/** A site with one section and `redirects` lines under `redirects:`. */
const site = (org: string, redirects: string[], title = "Acme Docs") =>
  [
    "version: 1",
    `organization: ${org}`,
    "spaces: { guides: spc_guides }",
    "sites:",
    `  - title: ${title}`,
    "    sections:",
    "      - { path: docs, title: Docs, siteSpaces: [{ space: guides, path: guides }] }",
    redirects.length === 0 ? "    redirects: []" : "    redirects:",
    ...redirects,
  ].join("\n");

const external = (from: number, count: number) =>
  Array.from(
    { length: count },
    (_, i) =>
      `      - { source: /old/page-${from + i}, destination: { kind: external, url: "https://example.com/r/${from + i}" } }`,
  );

describe("the size of a plan", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ fixture: "examples/emulator-fixture.yaml" });
  });
  afterAll(() => h.close());

  it("300 new redirects in a new site: at most 320 lines of text with the navigation, one line each", async () => {
    const config = await h.config(site(h.org, external(1, 300)));
    const text = (await h.run(["plan", "-c", config])).stdout;
    const lines = text.split("\n").filter((line, index, all) => index < all.length - 1 || line !== "");
    expect(lines.length).toBeLessThanOrEqual(320);
    for (let i = 1; i <= 300; i++)
      expect(text).toContain(`\n    + redirect /old/page-${i} → https://example.com/r/${i}\n`);
    expect(text).toContain('Navigation of site "Acme Docs" after this plan:\n  + site "Acme Docs"  (new)\n');
    expect(text).toContain(
      "Plan: 303 to create (300 redirects, 1 site, 1 section, 1 site space), 0 to update, 0 to move, 0 to delete.\n",
    );
    // Its Markdown fits a comment, with every source and destination, and leaves nothing out.
    const markdown = (await h.run(["plan", "-c", config, "--format", "markdown"])).stdout;
    expect(markdown.length).toBeLessThanOrEqual(65_536);
    for (let i = 1; i <= 300; i++)
      expect(markdown).toContain(`+ redirect /old/page-${i} → https://example.com/r/${i}\n`);
    expect(markdown).toContain("<details><summary>300 redirects: 300 to create</summary>");
    expect(markdown).not.toContain("left out");
  });

  it("300 redirects added to a site that exists: the redirects, the site and the summary", async () => {
    const config = await h.config(site(h.org, [], "Existing"));
    await applied(h, config);
    const more = await h.config(
      site(
        h.org,
        Array.from({ length: 300 }, (_, i) => `      - { source: /to-docs/${i}, to: { section: docs } }`),
        "Existing",
      ),
    );
    const text = (await h.run(["plan", "-c", more])).stdout;
    expect(text.split("\n").length).toBeLessThanOrEqual(320);
    expect(text).toContain('  site "Existing"\n    + redirect /to-docs/0 → section "docs"\n');
    expect(text).not.toContain("Navigation");
  });

  it("10 changed destinations: one line each, both values as people read them", async () => {
    const before = await h.config(
      site(
        h.org,
        Array.from({ length: 10 }, (_, i) => `      - { source: /moved/${i}, to: { section: docs } }`),
        "Moves",
      ),
    );
    await applied(h, before);
    const after = await h.config(
      site(
        h.org,
        Array.from(
          { length: 10 },
          (_, i) =>
            `      - { source: /moved/${i}, destination: { kind: external, url: "https://example.org/moved/${i}" } }`,
        ),
        "Moves",
      ),
    );
    const text = (await h.run(["plan", "-c", after])).stdout;
    expect(text).toBe(
      [
        "Changes for organization org_acme:",
        "",
        '  site "Moves"',
        ...Array.from(
          { length: 10 },
          (_, i) => `    ~ redirect /moved/${i}: section "docs" ⇒ https://example.org/moved/${i}`,
        ),
        "",
        "Plan: 0 to create, 10 to update (10 redirects), 0 to move, 0 to delete.",
        "",
      ].join("\n"),
    );
  });

  it("every kind: a change that fits is one line with its values, a longer one its values below it", async () => {
    const text = (await h.run(["plan", "-c", "examples/organization"])).stdout;
    for (const line of [
      '  ~ collection "Product docs": description (not set) ⇒ "Everything customers read"',
      '  + collection "Runbooks": parent (id of new collection "Internal")',
      '  + team "Writers": members ["usr_ada","usr_eddie"]',
      '  + team "Reviewers"',
      '  ~ member "eddie@acme.example": role "edit" ⇒ "create"',
      '  + custom field "tier": type "select", title "Support tier", options ["gold","silver","bronze"]',
      '  + OpenAPI spec "payments-api": source "https://api.acme.example/openapi.yaml"',
      // With a note, the values go below it.
      '  + translation "handbook → fr"  (made first: the service lists no translations, so this create\'s answer tells whether it keeps translation syncs, as the configuration writes them)\n      source: {"space":"handbook","language":"en"}\n      language: "fr"\n',
      '    + space permission "team:Writers": role "edit"',
      // Too long for one line: the item, then its values; a sensitive one never shown.
      '  + SAML provider "Okta"\n      entityID: "http://www.okta.example/exk1"',
      "      certificate: (sensitive)\n",
      '  ~ settings "organization"\n      emailDomains: ["acme.example"] ⇒ ["acme.example","acme-docs.example"]\n      ai: false ⇒ true\n      inviteLinks: true ⇒ false\n',
    ])
      expect(text).toContain(line);
  });
});
