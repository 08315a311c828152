// The action with secrets in every field that can hold one (titles, a URL's path and query, a
// certificate): plan, drift and apply, once refused by the service quoting what it was sent in
// forms of its own. No secret appears in any form in the log, the annotations, the outputs, the
// job summary, or the report, plan and saved plan files.

import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";
import {
  AUDIENCE_WITH_SECRETS,
  CONFIG_WITH_SECRETS,
  expectNoLiveSecret,
  expectNoSecret,
  type LiveAudience,
  liveAudience,
  QUOTED_BY_THE_SERVICE,
  SECRETS,
} from "../support/secret-forms.ts";
import { type ActionRun, type Workspace, workspace } from "./support.ts";

describe("the action with secrets in every field", () => {
  let h: Harness;
  let ws: Workspace;
  /** The secrets the service makes: a site's visitor key and its share links' URLs. */
  let audience: LiveAudience;
  beforeAll(async () => {
    h = await startHarness();
    ws = await workspace();
    audience = await liveAudience(h.api, h.org);
    await ws.write("docsync.yaml", CONFIG_WITH_SECRETS + AUDIENCE_WITH_SECRETS);
  });
  afterAll(async () => {
    await ws.close();
    await h.close();
  });

  it("writes none of them in any form anywhere", async () => {
    const inputs = { "api-url": h.emulator.url, token: h.emulator.token };
    const step = (command: string) =>
      ws.run(
        { ...inputs, command, ...(command === "apply" ? { "auto-approve": "true" } : {}) },
        { DOCSYNC_ORG: h.org, ...SECRETS, ...audience.env },
      );
    const runs: [string, ActionRun][] = [];
    runs.push(["plan", await step("plan")]);
    runs.push(["drift", await step("drift")]);
    h.emulator.failNext({
      method: "PUT",
      path: /\/teams$/,
      kind: "status",
      status: 400,
      message: QUOTED_BY_THE_SERVICE,
    });
    runs.push(["refused apply", await step("apply")]);
    runs.push(["apply", await step("apply")]);
    expect(runs.map(([name, run]) => [name, run.code])).toEqual([
      ["plan", 0],
      ["drift", 2],
      ["refused apply", 1],
      ["apply", 0],
    ]);

    const texts: [string, string][] = [];
    for (const [name, run] of runs) {
      texts.push([`${name} log`, run.stdout + run.stderr], [`${name} outputs`, run.outputFile]);
      texts.push([`${name} summary`, run.summary]);
      for (const output of ["report-file", "plan-file", "html-file", "saved-plan"]) {
        if (run.outputs[output])
          texts.push([`${name} ${output}`, await readFile(run.outputs[output], "utf8")]);
      }
    }
    const text = (name: string) => texts.find(([n]) => n === name)![1];
    expect(text("plan summary")).toContain("Writers (sensitive)");
    expect(text("refused apply log")).toContain("400 Bad Request: title=");
    for (const [name, shown] of texts) expectNoSecret(name, shown);
    const live = await audience.secrets();
    // The pruned link's, and those of the two links made.
    expect(live.length).toBe(1 + 3 * 2);
    for (const [name, shown] of texts) expectNoLiveSecret(name, shown, live);
  });
});
