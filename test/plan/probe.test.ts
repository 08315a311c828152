// A call whose answer tells what the plan could not read (the first translation created when the
// service listed none): every other call waits for it, as an order only, so that its refusal
// stops everything else and `--target` does not bring it along.

import { describe, expect, it } from "vitest";
import { DEFAULT_PRUNE, type DesiredState } from "../../src/config/types.ts";
import { parseTargetAddress } from "../../src/front/target-address.ts";
import type { LiveTranslation } from "../../src/kinds/organization/translation.ts";
import type { LiveNode } from "../../src/kinds/types.ts";
import type { Plan } from "../../src/model/plan.ts";
import { buildPlan } from "../../src/plan/build.ts";

const at = { file: "docsync.yaml", line: 1, column: 1 };

function plan(live: LiveTranslation[], targets?: string[]): Plan {
  const desired: DesiredState = {
    files: ["docsync.yaml"],
    organization: "org_1",
    spaces: { handbook: "spc_handbook" },
    policy: { prune: [...DEFAULT_PRUNE] },
    sensitiveValues: [],
    teams: [
      { at, title: "Writers" },
      { at, title: "Support" },
    ],
    translations: [
      { at, form: "sync", space: "handbook", spaceId: "spc_handbook", sourceLanguage: "en", language: "fr" },
      { at, form: "sync", space: "handbook", spaceId: "spc_handbook", sourceLanguage: "en", language: "de" },
    ],
  };
  const nodes: LiveNode[] = live.map((item) => ({ item, children: {} }));
  return buildPlan(
    desired,
    { item: { id: "org_1" }, children: { team: [], translation: nodes } },
    targets ? { targets: targets.map(parseTargetAddress) } : {},
  );
}

const callOf = (p: Plan, address: string) => {
  const change = p.changes.find((candidate) => candidate.address === address)!;
  return p.calls.find((call) => call.id === change.calls[0])!;
};

describe("a probe call", () => {
  it("is the first create of a list the service answered empty, and every other call waits for it", () => {
    const p = plan([]);
    const probe = callOf(p, 'translation "handbook → fr"');
    expect(probe.probe).toEqual({
      pointer: "/object",
      value: "translation",
      otherwise: expect.stringContaining("The service listed no translations"),
    });
    expect(probe.dependsOn).toEqual([]);
    const others = p.calls.filter((call) => call !== probe);
    expect(others).toHaveLength(3);
    for (const call of others) {
      expect(call.probe).toBeUndefined();
      expect(call.dependsOn).toEqual([probe.id]);
      expect(call.orderOnly).toEqual([probe.id]);
    }
    expect(p.changes.find((change) => change.calls.includes(probe.id))?.note).toContain("made first");
  });

  it("is not made when the list shows the service's form", () => {
    const live = {
      object: "translation",
      id: "trn_1",
      source: { space: "spc_guides", language: "en" },
      language: "fr",
    };
    const p = plan([live]);
    expect(p.calls.filter((call) => call.probe)).toEqual([]);
    expect(p.calls.every((call) => call.dependsOn.length === 0)).toBe(true);
  });

  it("is left out of a plan targeted elsewhere", () => {
    const p = plan([], ['team "Writers"']);
    expect(p.calls.map((call) => call.summary)).toEqual(["create team"]);
    expect(p.calls[0]!.dependsOn).toEqual([]);
  });
});
