// Reports name and group the changes of a kind added to the run's set (`builtInKinds.with`) as
// they do a built-in kind's: with the plural the kind declares, and, for a top-level kind that
// holds items of other kinds, one group per item with its own change first. A caller that
// passes no set gets the built-in kinds, which know nothing of the added one.

import { describe, expect, it } from "vitest";
import { builtInKinds } from "../../src/kinds/registry.ts";
import { customFieldKind } from "../../src/kinds/space/custom-field.ts";
import type { AnyKind } from "../../src/kinds/types.ts";
import type { Change, Plan } from "../../src/model/plan.ts";
import { changeGroups, listSummary } from "../../src/render/groups.ts";
import { PLAN_WORDS, summaryLine } from "../../src/render/names.ts";
import { plainStyle } from "../../src/render/style.ts";
import { renderPlanText } from "../../src/render/text.ts";

/** A kind like another, under names of its own. */
const named = (kind: string, collection: string, plural: string, children?: AnyKind[]): AnyKind => ({
  ...customFieldKind,
  kind,
  collection,
  config: { ...customFieldKind.config, plural },
  ...(children ? { children } : {}),
});

const entryKind = named("portal entry", "entries", "portal entries");
const portalKind = named("portal", "portals", "portals", [entryKind]);
const kinds = builtInKinds.with(portalKind);

const HELP = 'portal "Help"';
const change = (id: string, kind: string, name: string, parents?: string[]): Change => ({
  id,
  action: "create",
  kind,
  address: parents ? `${parents[0]} › ${kind} ${JSON.stringify(name)}` : `${kind} ${JSON.stringify(name)}`,
  name,
  ...(parents ? { parents } : {}),
  fields: [],
  calls: [],
});
const changes = [
  change("c1", "portal", "Help"),
  change("c2", "portal entry", "faq", [HELP]),
  change("c3", "portal entry", "contact", [HELP]),
];
const plan: Plan = {
  format: "docsync-plan",
  version: 2,
  organization: "org_acme",
  changes,
  calls: [],
  warnings: [],
  summary: { create: 3, update: 0, replace: 0, move: 0, delete: 0 },
};

describe("a kind added to the run's set, in reports", () => {
  it("is counted with the plural it declares", () => {
    expect(summaryLine(plan, kinds)).toBe(
      "Plan: 3 to create (2 portal entries, 1 portal), 0 to update, 0 to move, 0 to delete.",
    );
    expect(renderPlanText(plan, plainStyle, kinds)).toContain("(2 portal entries, 1 portal)");
    // Without the run's set, the added kind's name only takes an s.
    expect(summaryLine(plan)).toContain("(2 portal entrys, 1 portal)");
  });

  it("holds its items' changes in a group of its own, its own change first", () => {
    const groups = changeGroups(changes, kinds);
    expect(groups.map((group) => [group.address, group.own?.id, group.count])).toEqual([[HELP, "c1", 3]]);
    expect(groups[0]!.lists.map((list) => listSummary(list, PLAN_WORDS, kinds))).toEqual([
      "2 portal entries: 2 to create",
    ]);
    // Without the run's set, the portal is one more change of the organization's.
    expect(changeGroups(changes).map((group) => group.address)).toEqual([undefined, HELP]);
  });
});
