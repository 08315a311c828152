// The README's picture of a plan: the HTML report of examples/multi-section-reorganized
// planned against the emulator after examples/multi-section was applied, as a reviewer opens it
// from a pull request's artifact, taken in headless Chromium (Debian's chromium package).
//   npm run screenshot [-- OUT.png]        (default: docs/plan-report.png)

import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { runDocsync } from "../src/cli/program.ts";
import { startEmulator } from "../src/emulator/index.ts";
import { plainStyle } from "../src/render/style.ts";
import { openBrowser } from "./chromium.ts";

const out = resolve(process.argv[2] ?? "docs/plan-report.png");
const emulator = await startEmulator({ port: 0, fixture: "examples/emulator-fixture.yaml" });
const env = {
  DOCSYNC_API_URL: emulator.url,
  DOCSYNC_TOKEN: emulator.token,
  DOCSYNC_ORG: emulator.organizationId,
};
const dir = await mkdtemp(join(tmpdir(), "docsync-screenshot-"));

/** Runs docsync as the CLI does and gives back what it printed. */
async function docsync(args: string[]): Promise<string> {
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

try {
  await docsync(["apply", "-c", "examples/multi-section", "--yes"]);
  const page = join(dir, "plan.html");
  await writeFile(
    page,
    await docsync(["plan", "-c", "examples/multi-section-reorganized", "--format", "html"]),
  );
  const browser = await openBrowser({ width: 1000, height: 800 });
  try {
    await browser.page.goto(pathToFileURL(page).href);
    await browser.page.screenshot({ path: out, fullPage: true });
  } finally {
    await browser.close();
  }
  process.stdout.write(`Wrote ${out}\n`);
} finally {
  await emulator.close();
  await rm(dir, { recursive: true, force: true });
}
