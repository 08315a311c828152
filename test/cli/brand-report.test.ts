// A change of a brand as a designer approves it: `plan --format html` of examples/branding with
// its brand edited, opened from a file in a real headless Chromium (Debian's package, driven by
// playwright-core). The brand's change is one block with the sites it changes; each colour is a
// swatch before and after, side by side, beside its hex value; fonts read by name, a logo by its
// URL as a link; and the page fetches nothing, the logo included.

import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Browser, hasChromium, openBrowser } from "../../scripts/chromium.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";

const ARTIFACTS = resolve(import.meta.dirname, "../../test-artifacts");

// CI installs Chromium (.ci/run); elsewhere the test says why it does not run.
const browserMissing = !hasChromium() && !process.env.CI;

/** The example's brand with a new tint, a new dark accent, a new font and a new light logo. */
function edited(text: string): string {
  const edits: [string, string][] = [
    ['tint: { color: { light: "#F5F8FF"', 'tint: { color: { light: "#FFF7ED"'],
    [
      'primaryColor: { light: "#0B5FFF", dark: "#5B8CFF" }',
      'primaryColor: { light: "#0B5FFF", dark: "#7C9CFF" }',
    ],
    ["font: Inter", "font: Lato"],
    ["logo-light.svg", "logo-light-2027.svg"],
  ];
  let result = text;
  for (const [from, to] of edits) {
    expect(result).toContain(from);
    result = result.replace(from, to);
  }
  return result;
}

type Styled = { ownerDocument: { defaultView: { getComputedStyle(element: object): CSSStyle } | null } };
type CSSStyle = { backgroundColor: string };
const background = (element: object): string =>
  (element as Styled).ownerDocument.defaultView!.getComputedStyle(element).backgroundColor;

describe.skipIf(browserMissing)("a brand's change on the HTML page, in headless Chromium", () => {
  let h: Harness;
  let browser: Browser;
  let dir: string;
  let url: string;

  beforeAll(async () => {
    h = await startHarness({ fixture: "examples/emulator-fixture.yaml" });
    dir = await mkdtemp(join(tmpdir(), "docsync-brand-"));
    await mkdir(ARTIFACTS, { recursive: true });
    await applied(h, "examples/branding");
    const config = await h.config(edited(await readFile("examples/branding/docsync.yaml", "utf8")));
    const html = await h.run(["plan", "-c", config, "--format", "html"]);
    expect(html.code, html.stderr).toBe(0);
    const file = join(dir, "brand.html");
    await writeFile(file, html.stdout);
    url = pathToFileURL(file).href;
    browser = await openBrowser();
    await browser.page.goto(url);
    await browser.page.screenshot({ path: join(ARTIFACTS, "html-report-brand.png"), fullPage: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await h?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const leaf = (field: string) =>
    browser.page.locator("#brands .leaf").filter({ has: browser.page.locator(".field", { hasText: field }) });

  it("shows the brand's change once, with the three sites and their three calls", async () => {
    const brands = browser.page.locator("#brands .brand");
    expect(await brands.count()).toBe(1);
    expect(await brands.locator("h3").innerText()).toBe('brand "acme" · 3 calls, one each');
    expect(await brands.locator(".reach").innerText()).toBe(
      'Applied to site "Acme Handbook", site "Acme API", site "Acme Changelog"',
    );
    // No site lists the brand's leaves again.
    expect(await browser.page.locator("#changes").count()).toBe(0);
  });

  it("draws each colour before and after, side by side, beside its hex value", async () => {
    const tint = leaf("styling.tint.color.light");
    const before = tint.locator(".before .swatch > span");
    const after = tint.locator(".after .swatch > span");
    expect(await before.evaluate(background)).toBe("rgb(245, 248, 255)");
    expect(await after.evaluate(background)).toBe("rgb(255, 247, 237)");
    expect(await tint.locator(".before").innerText()).toBe("#F5F8FF");
    expect(await tint.locator(".after").innerText()).toBe("#FFF7ED");
    const [left, right] = [await before.boundingBox(), await after.boundingBox()];
    expect(left!.width).toBeGreaterThan(10);
    expect(left!.x + left!.width).toBeLessThan(right!.x);
    expect(Math.abs(left!.y - right!.y)).toBeLessThan(2);
    // A dark-mode colour on a dark ground, a light-mode one on a light ground.
    const dark = leaf("styling.primaryColor.dark");
    expect(await dark.locator(".after .swatch > span").evaluate(background)).toBe("rgb(124, 156, 255)");
    expect(await dark.locator(".after .swatch").evaluate(background)).toBe("rgb(13, 17, 23)");
    expect(await tint.locator(".after .swatch").evaluate(background)).toBe("rgb(255, 255, 255)");
    // Only the site that takes its accent from the brand gets the dark accent.
    expect(await dark.locator(".note").innerText()).toBe('only site "Acme Handbook"');
  });

  it("names fonts, shows the logo as its URL, and loads nothing", async () => {
    expect(await leaf("styling.font").innerText()).toMatch(/^styling\.font\s+Inter\s+→\s+Lato\s*$/);
    const logo = leaf("header.logo.light").locator(".after a");
    expect(await logo.getAttribute("href")).toBe("https://assets.acme.example/logo-light-2027.svg");
    expect(await logo.innerText()).toBe("https://assets.acme.example/logo-light-2027.svg");
    expect(await browser.page.locator("img").count()).toBe(0);
    expect(browser.requests).toEqual([url]);
  });

  it("marks an external link of a site's navigation as one, beside its URL", async () => {
    const config = await h.config(
      [
        "version: 1",
        `organization: ${h.org}`,
        "spaces: { guides: spc_guides }",
        "sites:",
        "  - title: Linked Docs",
        "    sections:",
        "      - { path: guides, title: Guides, siteSpaces: [{ space: guides, path: guides }] }",
        "      - { link: Blog, url: https://blog.acme.example }",
      ].join("\n"),
    );
    const html = await h.run(["plan", "-c", config, "--format", "html"]);
    expect(html.code, html.stderr).toBe(0);
    const file = join(dir, "links.html");
    await writeFile(file, html.stdout);
    // A page of its own in the file's browser: the brand's page stays open for the other tests,
    // in any order, and what this page asks for is not counted as the brand page's.
    const asked = browser.requests.length;
    const page = await browser.page.context().newPage();
    try {
      await page.goto(pathToFileURL(file).href);
      const rows = page.locator("figure.tree .row");
      const link = rows.filter({ hasText: "Blog" });
      expect(await link.locator(".badge.external").innerText()).toBe("external link ↗");
      expect(await link.innerText()).toContain("https://blog.acme.example");
      expect(await rows.filter({ hasText: "guides" }).locator(".badge.external").count()).toBe(0);
    } finally {
      await page.close();
      browser.requests.splice(asked);
    }
  });
});
