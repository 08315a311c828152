// The README's picture of a plan (docs/plan-report.png): the HTML report of
// examples/multi-section-reorganized planned against the emulator after examples/multi-section
// was applied, as a reviewer opens it from a pull request's artifact, taken in headless Chromium.
// `npm run screenshot` writes it; a test makes it again and compares. Everything that could
// change it from one run to the next is fixed: the viewport, the pixel ratio, the colour scheme,
// the emulator's ids (made in order from its fixture); the page holds no time.

import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { runDocsync } from "../src/cli/program.ts";
import { startEmulator } from "../src/emulator/index.ts";
import { plainStyle } from "../src/render/style.ts";
import { type Browser, openBrowser } from "./chromium.ts";

export const PLAN_REPORT_PNG = "docs/plan-report.png";
export const PLAN_REPORT_VIEWPORT = { width: 1000, height: 800 };

/** Runs docsync as the CLI does and gives back what it printed. */
async function docsync(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  let printed = "";
  let errors = "";
  const output = {
    out: (text: string) => {
      printed += text;
    },
    err: (text: string) => {
      errors += text;
    },
    style: plainStyle,
    interactive: false,
    ask: async () => "",
  };
  const code = await runDocsync(args, { output, env, exitCode: 0 });
  if (code !== 0) throw new Error(`docsync ${args.join(" ")} exited ${code}:\n${errors}`);
  return printed;
}

/** The report's page, as `docsync plan --format html` prints it. */
export async function planReportHtml(): Promise<string> {
  const emulator = await startEmulator({ port: 0, fixture: "examples/emulator-fixture.yaml" });
  const env = {
    DOCSYNC_API_URL: emulator.url,
    DOCSYNC_TOKEN: emulator.token,
    DOCSYNC_ORG: emulator.organizationId,
  };
  try {
    await docsync(["apply", "-c", "examples/multi-section", "--yes"], env);
    return await docsync(["plan", "-c", "examples/multi-section-reorganized", "--format", "html"], env);
  } finally {
    await emulator.close();
  }
}

/**
 * The page opened from a file in `browser` (one of PLAN_REPORT_VIEWPORT, or a new one), and its
 * full-page screenshot as PNG.
 */
export async function planReportPng(html: string, given?: Browser): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), "docsync-screenshot-"));
  const browser = given ?? (await openBrowser(PLAN_REPORT_VIEWPORT));
  try {
    const page = join(dir, "plan.html");
    await writeFile(page, html);
    await browser.page.setViewportSize(PLAN_REPORT_VIEWPORT);
    await browser.page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
    await browser.page.goto(pathToFileURL(page).href);
    // The page's fonts loaded (browser code as text: the scripts' TypeScript has no DOM library).
    await browser.page.evaluate("document.fonts.ready.then(() => true)");
    return await browser.page.screenshot({ fullPage: true, animations: "disabled", caret: "hide" });
  } finally {
    if (given === undefined) await browser.close();
    await rm(dir, { recursive: true, force: true });
  }
}
