// Custom fields, declared on the listed shape: the concerns the shape derives from their
// declaration, as the planner orders calls by them. A name is unique: a field replaced (a new
// type) is deleted before it is made again, and a new field's name is never among its changes.

import { describe, expect, it } from "vitest";
import type { SourceLocation } from "../../src/config/types.ts";
import { builtInKinds } from "../../src/kinds/registry.ts";
import type { DesiredCustomField, LiveCustomField } from "../../src/kinds/space/custom-field.ts";
import { customFieldKind } from "../../src/kinds/space/custom-field.ts";
import type { Call, Plan } from "../../src/model/plan.ts";
import { type LiveNode, type LiveState, runMemo } from "../../src/model/scope.ts";
import { buildPlan } from "../../src/plan/build.ts";
import { desired } from "../plan/builders.ts";

const at: SourceLocation = { file: "docsync.yaml", line: 3, column: 5 };

function planOf(
  fields: Omit<DesiredCustomField, "at">[],
  live: LiveCustomField[],
  prune: string[] = [],
): Plan {
  const configured = desired({
    spaces: {},
    policy: { prune },
    kinds: builtInKinds,
    customFields: fields.map((field) => ({ at, ...field })),
  });
  const state: LiveState = {
    item: { id: "org_1" },
    children: { "custom field": live.map((item): LiveNode => ({ item, children: {} })) },
  };
  return buildPlan(configured, state);
}

const callOf = (plan: Plan, summary: string): Call => {
  const found = plan.calls.find((call) => call.summary === summary);
  if (!found) throw new Error(`no call "${summary}" in ${JSON.stringify(plan.calls)}`);
  return found;
};

describe("custom fields on the listed shape", () => {
  it("replaces a field whose type changes: the create takes the name after the delete gives it up", () => {
    const plan = planOf(
      [{ name: "tier", type: "select", options: ["gold"] }],
      [{ id: "cf_1", name: "tier", type: "text" }],
    );
    const remove = callOf(plan, "delete custom field");
    expect(remove.path).toBe("/orgs/org_1/custom-fields/tier");
    expect(callOf(plan, "create custom field").dependsOn).toEqual([remove.id]);
    expect(plan.changes[0]?.fields.map((change) => change.field)).not.toContain("name");
  });

  it("creates with the name in the body, not among the changes; updates by name", () => {
    const plan = planOf(
      [
        { name: "owner", type: "text", title: "Owner" },
        { name: "due", type: "date", description: "When" },
      ],
      [{ id: "cf_1", name: "owner", type: "text", title: "Team" }],
    );
    expect(callOf(plan, "create custom field").body).toEqual({
      name: "due",
      type: "date",
      description: "When",
    });
    expect(plan.changes.map((change) => change.fields)).toEqual([
      [{ field: "title", from: "Team", to: "Owner" }],
      [
        { field: "type", to: "date" },
        { field: "description", to: "When" },
      ],
    ]);
    expect(callOf(plan, "update custom field")).toMatchObject({
      method: "PATCH",
      path: "/orgs/org_1/custom-fields/owner",
      body: { title: "Owner" },
    });
  });

  it("claims the name on create and gives it up on delete", () => {
    const scope = {
      organization: "org_1",
      address: [],
      desired: { files: [], organization: "org_1", spaces: {}, policy: { prune: [] }, sensitiveValues: [] },
      ids: {},
      live: undefined,
    } as unknown as Parameters<typeof customFieldKind.remove>[2];
    const live = { item: { id: "cf_1", name: "tier", type: "text" }, children: {} };
    const [remove] = customFieldKind.remove(live, [], scope, runMemo() as never);
    expect(remove?.releases).toEqual(["#customFields.name=tier"]);
  });
});
