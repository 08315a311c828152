// `plan --format html` as a reviewer sees it: the page opened from a file in a real headless
// Chromium (Debian's package, driven by playwright-core), against a plan made by the CLI from
// the emulator. The page must show the navigation tree and every change, and fetch nothing.
// A screenshot of each page is kept in test-artifacts/ (git-ignored).

import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Browser, hasChromium, openBrowser } from "../../scripts/chromium.ts";
import type { Plan } from "../../src/model/plan.ts";
import { itemText } from "../../src/render/names.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";

const ARTIFACTS = resolve(import.meta.dirname, "../../test-artifacts");

// CI installs Chromium (.ci/run); elsewhere the test says why it does not run.
const browserMissing = !hasChromium() && !process.env.CI;

describe.skipIf(browserMissing)("the HTML report in headless Chromium", () => {
  let h: Harness;
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    h = await startHarness({ fixture: "examples/emulator-fixture.yaml" });
    dir = await mkdtemp(join(tmpdir(), "docsync-html-"));
    await mkdir(ARTIFACTS, { recursive: true });
    browser = await openBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await h?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** The plan as JSON and as a page written to a file, for one configuration. */
  async function plans(config: string, name: string): Promise<{ plan: Plan; url: string }> {
    const json = await h.run(["plan", "-c", config, "--format", "json"]);
    expect(json.code, json.stderr).toBe(0);
    const html = await h.run(["plan", "-c", config, "--format", "html"]);
    expect(html.code, html.stderr).toBe(0);
    const file = join(dir, `${name}.html`);
    await writeFile(file, html.stdout);
    return { plan: JSON.parse(json.stdout) as Plan, url: pathToFileURL(file).href };
  }

  /**
   * Opens the page and checks that every change of the plan is a row of it: visible, but in a
   * long list of changes that are easy to undo, folded under its counts.
   */
  async function open(plan: Plan, url: string, screenshot: string): Promise<void> {
    browser.requests.length = 0;
    await browser.page.goto(url);
    const rows = browser.page.locator("#lead tr, #changes tr");
    expect(await rows.count()).toBe(plan.changes.length);
    const hidden = await rows.evaluateAll(
      (all) => all.filter((row) => !row.checkVisibility() && !row.closest("details:not([open])")).length,
    );
    expect(hidden).toBe(0);
    // Nothing hard to undo is ever folded.
    const folded = await rows.evaluateAll(
      (all) =>
        all.filter((row) => row.closest("details:not([open])") && /\b(delete|replace)\b/.test(row.className))
          .length,
    );
    expect(folded).toBe(0);
    // Each change once, by its item (the page lists them by site and kind).
    const items = await rows.locator("td.item code").allTextContents();
    const expected = plan.changes.map((change) => itemText(change.kind, change.name!));
    expect(items.sort()).toEqual(expected.sort());
    await browser.page.screenshot({ path: join(ARTIFACTS, screenshot), fullPage: true });
    // The page asked for itself, and for nothing else.
    expect(browser.requests).toEqual([url]);
  }

  it("shows the summary, the navigation tree with what changes, and every change", async () => {
    await applied(h, "examples/multi-section");
    const { plan, url } = await plans("examples/multi-section-reorganized", "reorganized");
    await open(plan, url, "html-report-navigation.png");
    const page = browser.page;
    expect(await page.locator(".summary").innerText()).toBe(
      "Plan: 3 to create (1 section, 1 site space, 1 redirect), 3 to update (1 section, 1 site space, 1 redirect), 1 to move (1 section), 2 to delete (1 section, 1 redirect).",
    );
    const tree = page.locator("figure.tree");
    expect(await tree.isVisible()).toBe(true);
    expect(await tree.locator("figcaption").innerText()).toBe('site "Acme Docs"');
    const row = (marks: string, name: string) =>
      tree.locator(`li.${marks} > .row`).filter({ hasText: name }).first();
    expect(await row("new", 'section "handbook"').isVisible()).toBe(true);
    expect(await row("removed", 'section "changelog"').isVisible()).toBe(true);
    expect(await row("moved", 'section "sdk"').isVisible()).toBe(true);
    expect(await row("renamed", 'section "reference"').innerText()).toContain('renamed from "api"');
    expect(await row("changed", 'site space "api-v1"').innerText()).toContain('path was "v1"');
    // The removed section is struck through where it stood; the unchanged ones are plain.
    expect(
      await row("removed", 'section "changelog"')
        .locator(".name")
        .evaluate((name) => name.ownerDocument.defaultView?.getComputedStyle(name).textDecorationLine),
    ).toBe("line-through");
    expect(await tree.locator("li:not([class]) > .row").first().innerText()).toContain('section "guides"');
    // A redirect's change reads as its values.
    expect(await page.locator("#changes tr", { hasText: "redirect /releases" }).innerText()).toContain(
      'section "changelog" ⇒ https://acme.example/blog/releases',
    );
  });

  it("shows every one of 300 new redirects", async () => {
    const lines = Array.from(
      { length: 300 },
      (_, i) =>
        `      - { source: /old/page-${i}, destination: { kind: external, url: "https://example.com/r/${i}" } }`,
    );
    const config = await h.config(
      [
        "version: 1",
        `organization: ${h.org}`,
        "spaces: { guides: spc_guides }",
        "sites:",
        "  - title: Acme Docs",
        "    sections:",
        "      - { path: guides, title: Guides, siteSpaces: [{ space: guides, path: guides }] }",
        "    redirects:",
        ...lines,
      ].join("\n"),
    );
    const { plan, url } = await plans(config, "redirects");
    await open(plan, url, "html-report-redirects.png");
    // The 300 redirects fold under their counts, and open to show each.
    const list = browser.page.locator("#changes details", { hasText: "300 redirects: 300 to create" });
    const row = browser.page.locator("#changes tr", { hasText: "redirect /old/page-299" });
    expect(await row.isVisible()).toBe(false);
    await list.locator("summary").click();
    expect(await row.innerText()).toContain("https://example.com/r/299");
  });

  it("shows the one delete among 300 new redirects in the first screen", async () => {
    const redirect = (i: number) =>
      `      - { source: /old/page-${i}, destination: { kind: external, url: "https://example.com/r/${i}" } }`;
    const site = (redirects: string[]) =>
      h.config(
        [
          "version: 1",
          `organization: ${h.org}`,
          "spaces: { guides: spc_guides }",
          "sites:",
          "  - title: Risky Docs",
          "    sections:",
          "      - { path: guides, title: Guides, siteSpaces: [{ space: guides, path: guides }] }",
          "    redirects:",
          ...redirects,
        ].join("\n"),
      );
    await applied(h, await site(["      - { source: /blog/post-7, to: { section: guides } }"]));
    const config = await site(Array.from({ length: 300 }, (_, i) => redirect(i)));
    const { plan, url } = await plans(config, "risk-first");
    expect(plan.changes.filter((change) => change.action === "delete")).toHaveLength(1);
    await open(plan, url, "html-report-risk-first.png");
    const page = browser.page;
    const row = page.locator("tr.delete");
    expect(await row.count()).toBe(1);
    // The delete, with the destination that goes, within the first screen, without scrolling.
    expect(await row.innerText()).toContain("redirect /blog/post-7");
    expect(await row.innerText()).toContain('section "guides"');
    const box = await row.boundingBox();
    const height = page.viewportSize()!.height;
    expect(box).not.toBeNull();
    expect(box!.y + box!.height).toBeLessThanOrEqual(height);
    expect(await page.evaluate("scrollY")).toBe(0);
  });

  it("shows names that look like markup as text, and fetches nothing they name", async () => {
    const hits: string[] = [];
    const server: Server = createServer((request, response) => {
      hits.push(request.url ?? "");
      response.end("");
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const image = `<img src="${origin}/image">`;
      const style = `</code><style>@import url(${origin}/s)</style>`;
      const config = await h.config(
        [
          "version: 1",
          `organization: ${h.org}`,
          "spaces: { guides: spc_guides }",
          "teams:",
          `  - title: ${JSON.stringify(style)}`,
          "sites:",
          `  - title: ${JSON.stringify(image)}`,
          "    sections:",
          `      - { path: guides, title: ${JSON.stringify(`${image} › {{id:x}}`)}, siteSpaces: [{ space: guides, path: guides }] }`,
        ].join("\n"),
      );
      const { plan, url } = await plans(config, "markup");
      await open(plan, url, "html-report-markup.png");
      const page = browser.page;
      expect(await page.locator("figure.tree figcaption").innerText()).toContain(
        `site ${JSON.stringify(image)}`,
      );
      expect(await page.locator("#changes").innerText()).toContain(`team ${JSON.stringify(style)}`);
      expect(await page.locator("img, script, link, iframe").count()).toBe(0);
      expect(await page.locator("style").count()).toBe(1);
      expect(hits).toEqual([]);
    } finally {
      await new Promise((done) => server.close(done));
    }
  });
});
