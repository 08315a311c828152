// The step's count outputs, as the step's headline counts: in a plan a replacement is a create
// and a delete; in drift it is one item that differs.

import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Log } from "../../src/action/log.ts";
import { publish } from "../../src/action/publish.ts";
import type { ChangeAction, Plan } from "../../src/model/plan.ts";

/** A plan (or drift read as a plan) with these counts of changes by action. */
function counted(counts: Record<ChangeAction, number>): Plan {
  return {
    format: "docsync-plan",
    version: 2,
    organization: "org_acme",
    changes: [],
    calls: [],
    warnings: [],
    summary: counts,
  };
}

/** The outputs a step writes to GITHUB_OUTPUT, by name. */
function outputsOf(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  for (const match of text.matchAll(/^([\w-]+)<<(\S+)\r?\n([\s\S]*?)\r?\n\2\r?\n/gm))
    outputs[match[1]!] = match[3]!;
  return outputs;
}

describe("the count outputs", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "docsync-outputs-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const outputs = async (command: "plan" | "drift", plan: Plan) => {
    const file = join(dir, `${command}-outputs`);
    await writeFile(file, "");
    const log = new Log({ stdout: () => {}, stderr: () => {} });
    const ok = await publish(
      { GITHUB_OUTPUT: file },
      { command, label: "", dir },
      { exitCode: 2, changes: true, report: "", counted: plan },
      log,
    );
    expect(ok).toBe(true);
    const all = outputsOf(await readFile(file, "utf8"));
    return { creates: all.creates, updates: all.updates, moves: all.moves, deletes: all.deletes };
  };

  const COUNTS = { create: 4, update: 2, replace: 1, move: 6, delete: 9 };

  it("of a plan count a replacement as a create and a delete", async () => {
    expect(await outputs("plan", counted(COUNTS))).toEqual({
      creates: "5",
      updates: "2",
      moves: "6",
      deletes: "10",
    });
  });

  it("of drift count a replacement as an item that differs", async () => {
    expect(await outputs("drift", counted(COUNTS))).toEqual({
      creates: "4",
      updates: "3",
      moves: "6",
      deletes: "9",
    });
  });
});
