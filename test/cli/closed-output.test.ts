// A reader of docsync's output that goes away early (`docsync apply | head -1`) is no failure:
// the command goes on to its end and its own exit code, with no stack trace.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiveSite } from "../../src/kinds/site/site.ts";
import { type Harness, startHarness } from "../support/harness.ts";
import { spawnDocsync } from "../support/process.ts";

const CONFIG = `version: 1
organization: \${DOCSYNC_ORG}
spaces: { guides: spc_guides, api1: spc_api_v1, sdk: spc_sdk }
sites:
  - title: Docs
    sections:
      - { path: guides, title: Guides, siteSpaces: [{ space: guides, path: g }] }
      - { path: api, title: API, siteSpaces: [{ space: api1, path: v1 }] }
      - { path: sdk, title: SDK, siteSpaces: [{ space: sdk, path: s }] }
`;

describe("output read by a process that stops reading", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  for (const command of [["plan"], ["apply", "--yes"], ["--help"]]) {
    it(`docsync ${command[0]}: finishes with its own exit code, without a stack trace`, async () => {
      const path = await h.config(CONFIG);
      const args = command[0] === "--help" ? command : [...command, "-c", path];
      const run = spawnDocsync(args, h.env);
      // The reader takes the first chunk, then goes away, as `head -1` does.
      run.child.stdout!.once("data", () => run.child.stdout!.destroy());
      const { code } = await run.exited;
      expect(run.stderr()).toBe("");
      expect(code).toBe(0);
      if (command[0] === "apply") {
        const sites = await h.api.list<LiveSite>(`/orgs/${h.org}/sites`);
        expect(sites.map((site) => site.title)).toEqual(["Docs"]);
        const check = await h.run(["plan", "-c", path, "--detailed-exitcode"]);
        expect(check.code, check.stdout).toBe(0);
      }
    });
  }
});
