// The walk over the live organization asks the client for the connections of its next level
// before the first level answers, for as many requests as that level then sends.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiveReader } from "../../src/api/client-types.ts";
import { loadConfig } from "../../src/config/load.ts";
import { readLiveState } from "../../src/live/read.ts";
import { sharedReads } from "../../src/live/shared-reads.ts";
import { type Harness, startHarness } from "../support/harness.ts";

const config = `version: 1
organization: \${DOCSYNC_ORG}
spaces: { guides: spc_guides }
sites:
  - title: Docs
    sections:
      - { path: a, title: Alpha, siteSpaces: [{ space: guides, path: g }] }
    redirects:
      - { source: /old, to: { section: a } }
  - title: Blog
    sections:
      - { path: b, title: Beta, siteSpaces: [{ space: guides, path: g }] }
  - title: Flat
    siteSpaces:
      - { space: guides, path: g }
`;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

describe("reading the live state", () => {
  it("asks for the connections of the second level before the first answers", async () => {
    const path = await h.config(config);
    const applied = await h.run(["apply", "-c", path, "--yes"]);
    expect(applied.code, applied.stderr).toBe(0);
    const desired = await loadConfig({ paths: [path], env: h.env });

    const steps: string[] = [];
    let prepared = 0;
    const reader: LiveReader = {
      get(path, query) {
        steps.push(`get ${path}`);
        return h.api.get(path, query);
      },
      async list(path, query) {
        steps.push(`list ${path}`);
        const items = await h.api.list(path, query);
        steps.push(`answered ${path}`);
        return items as never;
      },
      prepare(requests) {
        steps.push("prepare");
        prepared = requests;
      },
    };
    const live = await readLiveState(sharedReads(reader), desired);

    expect(Object.keys(live.children)).toContain("site");
    const firstAnswer = steps.findIndex((step) => step.startsWith("answered"));
    expect(steps.indexOf("prepare")).toBeGreaterThan(-1);
    expect(steps.indexOf("prepare")).toBeLessThan(firstAnswer);
    const secondLevel = steps.filter((step) => /^(list|get) /.test(step) && /\/sites\/[^/]+\//.test(step));
    // Sections, groups, redirects and the structure (for external links) of the sites with
    // sections; sections and site spaces of the flat one.
    expect(prepared).toBe(secondLevel.length);
  });
});
