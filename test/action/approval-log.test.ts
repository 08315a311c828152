// What the log of an apply step waiting for approval shows a person: where the plan to approve
// was saved, the plan as text folded under its summary line, and the error saying how to approve
// it. The plan as JSON is the saved-plan file, not text in the log.

import { readFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";
import { commandsIn, type Workspace, workspace } from "./support.ts";

const SUMMARY =
  "Plan: 14 to create (3 collections, 3 teams, 3 space permissions, 2 custom fields, 1 SAML provider, 1 OpenAPI spec, 1 translation), 5 to update (2 members, 1 collection, 1 settings, 1 space), 0 to move, 0 to delete.";

describe("the log of an apply step waiting for approval", () => {
  let h: Harness;
  let ws: Workspace;

  beforeEach(async () => {
    h = await startHarness({ fixture: "examples/emulator-fixture.yaml" });
    ws = await workspace();
    await ws.copy("examples/organization", "config");
  });
  afterEach(async () => {
    await ws.close();
    await h.close();
  });

  it("says where the plan is and shows it as text under its summary, without the plan's JSON", async () => {
    const inputs = { command: "apply", config: "config", "api-url": h.emulator.url, token: h.emulator.token };
    const run = await ws.run(inputs, { DOCSYNC_ORG: h.org });
    expect(run.code).toBe(1);
    const savedPlan = run.outputs["saved-plan"]!;
    expect(JSON.parse(await readFile(savedPlan, "utf8"))).toMatchObject({ format: "docsync-plan" });

    // The lines a person reads, workflow commands that only frame the text (masks, stops) aside.
    const lines = run.stdout
      .split("\n")
      .filter((line) => line !== "" && !/^::(add-mask::|stop-commands::|[0-9a-f-]{36}::)/.test(line));
    const group = lines.indexOf(`::group::docsync plan: ${SUMMARY}`);
    expect(lines.slice(0, group)).toEqual([
      `Saved the plan to ${savedPlan} (this step's saved-plan output); an apply step whose plan input is that file applies it.`,
    ]);
    const end = lines.indexOf("::endgroup::", group);
    expect(lines[group + 1]).toBe(`Changes for organization ${h.org}:`);
    expect(lines[end - 1]).toBe(SUMMARY);
    expect(lines.slice(end + 1)).toEqual([
      `::error::No approved plan: ${SUMMARY} Nothing was changed. Approve the plan (this step's saved-plan output) by applying it with the plan input, or set auto-approve: true to apply without approval.`,
    ]);
    // One group only, and no JSON anywhere in the log.
    expect(commandsIn(run.stdout).filter((line) => line.startsWith("::group::"))).toHaveLength(1);
    expect(run.stdout).not.toContain('"format"');
    expect(run.stdout).not.toMatch(/^\s*[{}]/m);
  });
});
