// The action, when a secret of the configuration changes: an OpenAPI spec's URL carries
// `?token=${SPEC_TOKEN}`, applied with one token, then planned, checked for drift and applied
// with another, once refused by the service quoting the old one. Neither token appears in the
// log, the annotations, the outputs, the job summary, or the report and plan files.

import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";
import { type ActionRun, type Workspace, workspace } from "./support.ts";

const BEFORE = 'old"spec\\token\t0123';
const AFTER = "new-spec-token-4567";
const url = (token: string) => `https://api.acme.example/openapi.yaml?token=${token}`;

describe("the action with a changed secret", () => {
  let h: Harness;
  let ws: Workspace;
  beforeAll(async () => {
    h = await startHarness();
    ws = await workspace();
    await ws.write(
      "docsync.yaml",
      `version: 1\norganization: \${DOCSYNC_ORG}\nopenApiSpecs:\n  - { slug: private-api, source: "https://api.acme.example/openapi.yaml?token=\${SPEC_TOKEN}" }\n`,
    );
  });
  afterAll(async () => {
    await ws.close();
    await h.close();
  });

  it("shows neither the old token nor the new one anywhere", async () => {
    const inputs = { "api-url": h.emulator.url, token: h.emulator.token };
    // Apply without a plan from a pull request: the configuration as it is, on purpose.
    const step = (command: string, token: string) =>
      ws.run(
        { ...inputs, command, ...(command === "apply" ? { "auto-approve": "true" } : {}) },
        { DOCSYNC_ORG: h.org, SPEC_TOKEN: token },
      );
    expect((await step("apply", BEFORE)).code).toBe(0);

    const runs: [string, ActionRun][] = [];
    runs.push(["plan", await step("plan", AFTER)]);
    runs.push(["drift", await step("drift", AFTER)]);
    h.emulator.failNext({
      method: "PUT",
      path: /\/openapi\/private-api$/,
      kind: "status",
      status: 400,
      message: `source: cannot replace ${JSON.stringify(url(BEFORE))} (token ${BEFORE})`,
    });
    runs.push(["refused apply", await step("apply", AFTER)]);
    runs.push(["apply", await step("apply", AFTER)]);
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
      for (const output of ["report-file", "plan-file", "saved-plan"]) {
        if (run.outputs[output])
          texts.push([`${name} ${output}`, await readFile(run.outputs[output], "utf8")]);
      }
    }
    const text = (name: string) => texts.find(([n]) => n === name)![1];
    expect(text("plan summary")).toContain('! OpenAPI spec "private-api": source (sensitive, changed)');
    expect(text("refused apply log")).toContain("400 Bad Request: source: cannot replace");
    for (const [name, shown] of texts) {
      for (const secret of [BEFORE, AFTER]) {
        for (const form of [secret, JSON.stringify(secret).slice(1, -1)])
          expect(shown.includes(form), `${JSON.stringify(form)} in ${name}`).toBe(false);
      }
    }
  });
});
