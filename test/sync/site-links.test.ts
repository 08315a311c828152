// External links in a site's navigation: among the sections and in groups, placed with the
// structure sort operation, renamed with `was:`, deleted, seen as drift and exported.

import { readFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiveSite } from "../../src/kinds/site/site.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";

const HEADER = `version: 1
organization: \${DOCSYNC_ORG}
spaces: { handbook: spc_handbook, guides: spc_guides, sdk: spc_sdk }
`;

const navigation = (links: string, grouped: string) => `${HEADER}sites:
  - title: Handbook
    sections:
      - path: handbook
        title: Handbook
        siteSpaces: [{ space: handbook, path: handbook }]
${links}      - group: More
        sections:
          - path: guides
            title: Guides
            siteSpaces: [{ space: guides, path: guides }]
${grouped}`;

interface Entry {
  object: string;
  title?: string;
  path?: string;
  url?: string;
  children?: Entry[];
}

describe("external links", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  /** The live navigation, one line per item, a group's items indented. */
  async function structure(): Promise<string[]> {
    const site = (await h.api.list<LiveSite>(`/orgs/${h.org}/sites`))[0]!;
    const answer = await h.api.get<{ structure: Entry[] }>(`/orgs/${h.org}/sites/${site.id}/structure`);
    const line = (entry: Entry, indent: string) =>
      `${indent}${entry.object.replace("site-", "")} ${entry.path ?? entry.title}${entry.url ? ` ${entry.url}` : ""}`;
    return answer!.structure.flatMap((entry) => [
      line(entry, ""),
      ...(entry.children ?? []).map((child) => line(child, "  ")),
    ]);
  }

  const noChanges = async (path: string) => {
    const plan = await h.run(["plan", "-c", path]);
    expect(plan.stdout).toContain("No changes");
  };

  it("creates links among sections and in a group, then reorders, renames and deletes them", async () => {
    const v1 = navigation(
      "      - { link: Blog, url: https://blog.example.com, icon: rss }\n",
      "          - { link: Status, url: https://status.example.com, description: Uptime }\n",
    );
    await applied(h, await h.config(v1));
    expect(await structure()).toEqual([
      "section handbook",
      "external-link Blog https://blog.example.com",
      "section-group More",
      "  section guides",
      "  external-link Status https://status.example.com",
    ]);
    await noChanges(await h.config(v1));

    // The link moves first, the group's link before its section, and the blog is renamed.
    const v2 = `${HEADER}sites:
  - title: Handbook
    sections:
      - { link: News, was: Blog, url: https://blog.example.com/news, icon: rss }
      - path: handbook
        title: Handbook
        siteSpaces: [{ space: handbook, path: handbook }]
      - group: More
        sections:
          - { link: Status, url: https://status.example.com, description: Uptime }
          - path: guides
            title: Guides
            siteSpaces: [{ space: guides, path: guides }]
`;
    const plan = await h.run(["plan", "-c", await h.config(v2)]);
    expect(plan.stdout).toContain('renamed from "Blog"');
    // The navigation picture draws links where they stand, marked as external.
    expect(plan.stdout).toContain(
      [
        '    site "Handbook"',
        '  ↕ ├─ link "News": url "https://blog.example.com/news", external  (moved, renamed from "Blog", url was "https://blog.example.com")',
        '    ├─ section "handbook": title "Handbook", default',
        '    │  └─ site space "handbook": path "handbook"',
        '    └─ group "More"',
        '  ↕    ├─ link "More › Status": url "https://status.example.com", external  (moved)',
        '       └─ section "guides": title "Guides"',
      ].join("\n"),
    );
    expect(plan.stdout).not.toContain("- link");
    await applied(h, await h.config(v2));
    expect(await structure()).toEqual([
      "external-link News https://blog.example.com/news",
      "section handbook",
      "section-group More",
      "  external-link Status https://status.example.com",
      "  section guides",
    ]);
    await noChanges(await h.config(v2));

    // Left out of the file: deleted.
    const v3 = navigation("", "");
    const removal = await h.run(["plan", "-c", await h.config(v3)]);
    expect(removal.stdout).toContain('- link "News"');
    expect(removal.stdout).toContain('- link "More › Status"');
    await applied(h, await h.config(v3));
    expect(await structure()).toEqual(["section handbook", "section-group More", "  section guides"]);
  });

  it("shows a hand-made link as drift and exports links to a file that plans no changes", async () => {
    const v1 = navigation("      - { link: Blog, url: https://blog.example.com }\n", "");
    await applied(h, await h.config(v1));
    const site = (await h.api.list<LiveSite>(`/orgs/${h.org}/sites`))[0]!;
    await h.api.send({
      method: "POST",
      path: `/orgs/${h.org}/sites/${site.id}/external-links`,
      body: { title: "Community", url: "https://forum.example.com", draft: true },
    });
    const drift = await h.run(["drift", "-c", await h.config(v1)]);
    expect(drift.code).not.toBe(0);
    expect(drift.stdout).toContain('link "Community"');

    const file = await h.config("", "exported.yaml");
    const exported = await h.run(["export", "-o", file, "--force"]);
    expect(exported.code).toBe(0);
    const text = await readFile(file, "utf8");
    expect(text).toContain("link: Blog");
    expect(text).toMatch(/link: Community[\s\S]*draft: true/);
    await noChanges(file);
  });

  it("refuses a link whose URL is not http or https, naming where it is", async () => {
    const bad = navigation("      - { link: Blog, url: ftp://files.example.com }\n", "");
    const result = await h.run(["validate", "-c", await h.config(bad, "bad.yaml")]);
    expect(result.code).toBe(1);
    expect(result.stderr + result.stdout).toMatch(/bad\.yaml:10:\d+.*http/);
  });

  it("refuses two links of one title in one container, and takes one title in two containers", async () => {
    const twice = navigation(
      "      - { link: Blog, url: https://blog.example.com }\n      - { link: Blog, url: https://news.example.com }\n",
      "          - { link: Blog, url: https://blog.example.com }\n",
    );
    const result = await h.run(["validate", "-c", await h.config(twice, "twice.yaml")]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'twice.yaml:11:17: sites[0].sections[2].link: duplicate link title "Blog" (first at line 10)',
    );
    expect(result.stderr).toContain("1 error in 1 file.");
  });
});
