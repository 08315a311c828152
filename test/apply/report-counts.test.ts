// The counts of apply's report, on one interrupted apply whose outcomes come in counts that
// differ from each other: each change counted once, under the worst outcome of its calls.

import { describe, expect, it } from "vitest";
import type { ApplyResult, CallOutcome } from "../../src/apply/execute.ts";
import { applyReport, countsLine, madeOf } from "../../src/apply/report.ts";
import type { Call, Change, Plan } from "../../src/model/plan.ts";
import { plainStyle } from "../../src/render/style.ts";

type Status = CallOutcome["status"];

/**
 * One change per entry, `team "<name>"`, with one call per status given: the change "mixed" has
 * a call done and a call failed, and counts as failed.
 */
function applied(entries: [name: string, statuses: Status[]][]): { plan: Plan; result: ApplyResult } {
  const changes: Change[] = [];
  const calls: Call[] = [];
  const outcomes: CallOutcome[] = [];
  let failedId = "";
  for (const [name, statuses] of entries) {
    const change: Change = {
      id: `c-${name}`,
      action: "create",
      kind: "team",
      address: `team "${name}"`,
      fields: [],
      calls: [],
    };
    statuses.forEach((status, index) => {
      const call: Call = {
        id: `${change.id}-${index}`,
        change: change.id,
        method: "POST",
        path: "/orgs/org_1/teams",
        dependsOn: [],
        summary: `call ${index + 1}`,
      };
      change.calls.push(call.id);
      calls.push(call);
      if (status === "failed") {
        failedId ||= call.id;
        outcomes.push({ call, status, error: "500 Internal Server Error", code: "api.unavailable" });
      } else if (status === "skipped") outcomes.push({ call, status, cause: failedId });
      else outcomes.push({ call, status } as CallOutcome);
    });
    changes.push(change);
  }
  const summary = { create: changes.length, update: 0, replace: 0, move: 0, delete: 0 };
  const plan: Plan = {
    format: "docsync-plan",
    version: 2,
    organization: "org_1",
    changes,
    calls,
    warnings: [],
    summary,
  };
  return { plan, result: { outcomes, created: new Map(), interrupted: true } };
}

// 2 made, 1 failed (the change "mixed", one of whose calls was made), 3 skipped, 7 not started,
// 4 given up on: 17 changes.
const ENTRIES: [string, Status[]][] = [
  ["mixed", ["done", "failed"]],
  ["a", ["done"]],
  ["b", ["done", "done"]],
  ...["s1", "s2", "s3"].map((name): [string, Status[]] => [name, ["skipped"]]),
  ...["n1", "n2", "n3", "n4", "n5", "n6", "n7"].map((name): [string, Status[]] => [name, ["not-started"]]),
  ...["g1", "g2", "g3", "g4"].map((name): [string, Status[]] => [name, ["abandoned"]]),
];

describe("the counts of apply's report", () => {
  const { plan, result } = applied(ENTRIES);

  it("count each change once, by the worst outcome of its calls", () => {
    expect(countsLine(plan, result, 11)).toBe(
      "2 of 17 changes made in 11 calls; 1 failed, 3 skipped, 7 not started, 4 given up on while in flight",
    );
    expect(madeOf(plan, result, 11)).toEqual({ changes: 2, calls: 11 });
  });

  it("list the changes skipped and not started with their counts, the first few by name", () => {
    const report = applyReport(plan, result, 11, plainStyle);
    expect(report).toContain("\nApply interrupted: 2 of 17 changes made in 11 calls;");
    expect(report).toContain("\nMade: 2 changes; their calls are marked above with ✓.\n");
    expect(report).toContain(
      '\n  ✗ team "mixed": call 2: 500 Internal Server Error\n    3 changes skipped because of it:\n',
    );
    expect(report).toContain("\nNot started: 7 changes:\n");
    expect(report).toContain('  - team "n5": call 1\n  … and 2 more\n');
    expect(report.match(/^ {2}\? /gm)).toHaveLength(4);
  });
});
