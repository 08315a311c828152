// The README's picture of a plan, docs/plan-report.png, is what the code makes: the same report
// (scripts/plan-report.ts) taken again in headless Chromium and compared pixel by pixel. And the
// report's change tables, in that page, draw each row's border as one straight line.

import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Browser, hasChromium, openBrowser } from "../../scripts/chromium.ts";
import {
  PLAN_REPORT_PNG,
  PLAN_REPORT_VIEWPORT,
  planReportHtml,
  planReportPng,
} from "../../scripts/plan-report.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const ARTIFACTS = join(ROOT, "test-artifacts");

// CI installs Chromium (.ci/run); elsewhere the test says why it does not run.
const browserMissing = !hasChromium() && !process.env.CI;

/**
 * How two PNGs (base64) differ, decoded by the browser: their sizes, and the pixels whose colour
 * differs. Browser code, as text: the tests' TypeScript has no DOM library.
 */
const COMPARE_IN_PAGE = `async ([first, second]) => {
  const decode = async (base64) => {
    const image = new Image();
    image.src = "data:image/png;base64," + base64;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0);
    return { size: canvas.width + "×" + canvas.height, data: context.getImageData(0, 0, canvas.width, canvas.height).data };
  };
  const [x, y] = [await decode(first), await decode(second)];
  let differing = 0;
  if (x.size === y.size)
    for (let i = 0; i < x.data.length; i += 4)
      if ([0, 1, 2, 3].some((k) => x.data[i + k] !== y.data[i + k])) differing++;
  return { sizes: [x.size, y.size], differing };
}`;

async function compare(
  browser: Browser,
  a: Buffer,
  b: Buffer,
): Promise<{ sizes: string[]; differing: number }> {
  // A blank page: the report's own policy lets no image in.
  await browser.page.goto("about:blank");
  return browser.page.evaluate(
    `(${COMPARE_IN_PAGE})(${JSON.stringify([a.toString("base64"), b.toString("base64")])})`,
  );
}

type StyleOf = (element: object) => { display: string; borderTopWidth: string };

describe.skipIf(browserMissing)("the README's picture of a plan", () => {
  let browser: Browser;
  let html: string;
  let made: Buffer;

  beforeAll(async () => {
    browser = await openBrowser(PLAN_REPORT_VIEWPORT);
    html = await planReportHtml();
    made = await planReportPng(html, browser);
    await mkdir(ARTIFACTS, { recursive: true });
    await writeFile(join(ARTIFACTS, "plan-report.png"), made);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it("is what the code makes", async () => {
    const committed = await readFile(join(ROOT, PLAN_REPORT_PNG));
    const { sizes, differing } = await compare(browser, committed, made);
    const why =
      `${PLAN_REPORT_PNG} is not the report the code makes (${sizes[0]} committed, ${sizes[1]} made, ` +
      `${differing} pixels differ; the one made is test-artifacts/plan-report.png): run npm run screenshot`;
    expect(sizes[0], why).toBe(sizes[1]);
    expect(differing, why).toBe(0);
  });

  it("draws each change row's border straight across, the mark column included", async () => {
    await browser.page.setContent(html);
    const rows = await browser.page.locator("#changes tr").evaluateAll((all) => {
      // The page's own (the tests' TypeScript has no DOM library).
      const styleOf = (globalThis as unknown as { getComputedStyle: StyleOf }).getComputedStyle;
      return all.map((row) => ({
        row: row.textContent?.trim() ?? "",
        tops: [...row.children].map((cell) => {
          const box = cell.getBoundingClientRect();
          return box.top + Number.parseFloat(styleOf(cell).borderTopWidth) / 2;
        }),
        display: [...row.children].map((cell) => styleOf(cell).display),
      }));
    });
    expect(rows.length).toBeGreaterThan(5);
    for (const { row, tops, display } of rows) {
      expect(new Set(tops).size, `${row}: the cells' top borders at ${tops.join(", ")}`).toBe(1);
      expect(new Set(display), row).toEqual(new Set(["table-cell"]));
    }
  });
});
