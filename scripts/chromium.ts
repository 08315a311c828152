// Headless Chromium for the tests and scripts that look at docsync's HTML report: Debian's
// `chromium` package, driven by playwright-core (which downloads no browser of its own), with a
// fresh profile and every background connection of the browser's own turned off, so that any
// request a page makes is the page's.

import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";

export const CHROMIUM = process.env.DOCSYNC_CHROMIUM ?? "/usr/bin/chromium";

export const hasChromium = (): boolean => existsSync(CHROMIUM);

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface Browser {
  page: Page;
  /** Every URL the page asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** A browser with one page of the given size; `requests` records what the page fetches. */
export async function openBrowser(viewport = { width: 1200, height: 900 }): Promise<Browser> {
  if (!hasChromium())
    throw new Error(
      `No Chromium at ${CHROMIUM}: install Debian's chromium package (apt-get install -y chromium).`,
    );
  const profile = await mkdtemp(join(tmpdir(), "docsync-chromium-"));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: ARGS,
      viewport,
    });
  } catch (error) {
    await rm(profile, { recursive: true, force: true });
    throw error;
  }
  const page = context.pages()[0] ?? (await context.newPage());
  const requests: string[] = [];
  context.on("request", (request) => requests.push(request.url()));
  return {
    page,
    requests,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
