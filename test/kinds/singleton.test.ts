// The singleton shape, directly: a made-up kind (a space's settings, as a space could have them)
// and the organization's settings planned by the planner, with no HTTP.

import { describe, expect, it } from "vitest";
import { DEFAULT_PRUNE, type DesiredState, type SourceLocation } from "../../src/config/types.ts";
import { organizationSettingsKind } from "../../src/kinds/organization/organization-settings.ts";
import { spacePath } from "../../src/kinds/paths.ts";
import {
  type DesiredSingleton,
  type SingletonShape,
  singletonItems,
  singletonKind,
} from "../../src/kinds/shapes/singleton.ts";
import { type Id, IdRef } from "../../src/model/address.ts";
import type { FieldChange } from "../../src/model/plan.ts";
import { type LiveNode, type LiveState, type PlanContext, runMemo } from "../../src/model/scope.ts";
import { buildPlan } from "../../src/plan/build.ts";

const at: SourceLocation = { file: "docsync.yaml", line: 3, column: 3 };

/** Settings of a space, kept under its configured item: the shape needs nothing else. */
const spaceShape: SingletonShape<
  "settings",
  {
    parent: { settings?: DesiredSingleton[] };
    parentRaw: unknown;
    parentNode: LiveNode;
    ids: { space: Id };
  }
> = {
  kind: "space settings",
  collection: "settings",
  key: "space",
  schema: { fragment: "space-settings", description: "A space's settings." },
  fields: ["visibility", "editMode"],
  path: (scope) => spacePath(scope.ids.space),
  summary: "update space settings",
  risky: (change: FieldChange) => (change.to === "public" ? "publishes the space" : undefined),
};
const spaceSettings = singletonKind(spaceShape);
const ctx: PlanContext = {
  idOf: () => "",
  liveIdOf: () => undefined,
  deletes: () => undefined,
  ...runMemo(),
};
const scope = {
  organization: "org_1",
  address: [{ kind: "space", key: "guide" }],
  desired: { settings: [{ at, fields: { visibility: "public" } }] },
  ids: { space: "spc_1" },
};

describe("the singleton shape", () => {
  it("reads the mapping under its key as one located item, and nothing when absent", () => {
    const container = { value: { settings: { visibility: "public" } }, file: "f", path: ["spaces", 0] };
    expect(singletonItems(container, "settings")).toEqual([
      { value: { visibility: "public" }, file: "f", path: ["spaces", 0, "settings"] },
    ]);
    expect(singletonItems({ value: {}, file: "f", path: [] }, "settings")).toBeUndefined();
    expect(spaceSettings.config.items!(container)).toEqual(singletonItems(container, "settings"));
  });

  it("resolves only the fields it manages that the mapping sets", () => {
    const resolved = spaceSettings.config.resolve(
      { value: { visibility: "private", other: 1 }, file: "f", path: [] },
      { at },
      { spaceId: () => "" },
    );
    expect(resolved).toEqual({ at, fields: { visibility: "private" } });
  });

  it("has one constant key, compares only the fields set, and PATCHes the changed ones", () => {
    const desired = { at, fields: { visibility: "public", editMode: null } };
    const live = {
      item: { id: "spc_1", visibility: "private", editMode: null, title: "Guide" },
      children: {},
    };
    expect(spaceSettings.key(desired)).toBe("space");
    expect(spaceSettings.liveKey(live.item)).toBe("space");
    const changes = spaceSettings.diff(desired, live, scope, ctx);
    expect(changes).toEqual([{ field: "visibility", from: "private", to: "public" }]);
    expect(spaceSettings.riskyChanges!(changes)).toBe("publishes the space");
    expect(spaceSettings.riskyChanges!([{ field: "editMode", to: "locked" }])).toBeUndefined();
    expect(spaceSettings.update(desired, live, changes, [], scope, ctx)).toEqual([
      {
        method: "PATCH",
        path: "/spaces/spc_1",
        body: { visibility: "public" },
        summary: "update space settings",
      },
    ]);
  });

  it("gives the PATCH the union of what each change's ordering asks it to wait for and stop using", () => {
    const teamA = [{ kind: "team", key: "A" }];
    const teamB = [{ kind: "team", key: "B" }];
    const ordered = singletonKind({
      ...spaceShape,
      ordering: (change) =>
        change.field === "visibility" ? { needs: [teamA], unrefs: ["col_1"] } : { needs: [teamA, teamB] },
    });
    const live = { item: { id: "spc_1", visibility: "private", editMode: "live" }, children: {} };
    const changes = [
      { field: "visibility", from: "private", to: "public" },
      { field: "editMode", from: "live", to: "locked" },
    ];
    const [call] = ordered.update({ at, fields: {} }, live, changes, [], scope, ctx);
    expect(call).toMatchObject({ needs: [teamA, teamB], unrefs: ["col_1"] });
    const [plain] = spaceSettings.update({ at, fields: {} }, live, changes, [], scope, ctx);
    expect(plain!.needs).toBeUndefined();
    expect(plain!.unrefs).toBeUndefined();
  });

  it("is never created nor deleted: a missing live object stops the plan, naming the call", () => {
    const info = { firstInEmptyContainer: true, parentIsNew: false, index: 0 };
    expect(() => spaceSettings.create({ at, fields: {} }, [], scope, ctx, info)).toThrow(
      "GET /spaces/spc_1 found no space settings to change; docsync never creates or deletes them.",
    );
    expect(() => spaceSettings.remove({ item: { id: "spc_1" }, children: {} }, [], scope, ctx)).toThrow(
      "GET /spaces/spc_1 found no space settings",
    );
    expect(spaceSettings.singleton).toBe(true);
  });

  it("nests dotted fields in the mapping, the comparison, the PATCH and the export", () => {
    const themed = singletonKind({ ...spaceShape, fields: ["theme.color", "theme.font", "editMode"] });
    const resolved = themed.config.resolve(
      { value: { theme: { color: "#f00", other: 1 }, editMode: "live" }, file: "f", path: [] },
      { at },
      { spaceId: () => "" },
    );
    expect(resolved).toEqual({ at, fields: { "theme.color": "#f00", editMode: "live" } });
    const live = {
      item: { id: "spc_1", theme: { color: "#000", font: "Inter" }, editMode: "live" },
      children: {},
    };
    const changes = themed.diff({ ...resolved }, live, scope, ctx);
    expect(changes).toEqual([{ field: "theme.color", from: "#000", to: "#f00" }]);
    expect(themed.update({ ...resolved }, live, changes, [], scope, ctx)).toEqual([
      {
        method: "PATCH",
        path: "/spaces/spc_1",
        body: { theme: { color: "#f00" } },
        summary: "update space settings",
      },
    ]);
    const exportCtx = {} as Parameters<NonNullable<typeof themed.toConfig>>[2];
    expect(themed.toConfig!(live, scope, exportCtx)).toEqual({
      theme: { color: "#000", font: "Inter" },
      editMode: "live",
    });
  });

  it("is set by one PATCH, once its parent exists, when the plan creates the parent", () => {
    const info = { firstInEmptyContainer: true, parentIsNew: true, index: 0 };
    const parent = [{ kind: "space", key: "guide" }];
    const inNew = { ...scope, ids: { space: new IdRef(parent) } };
    const desired = { at, fields: { visibility: "public", editMode: "locked" } };
    // The path names the new parent by reference: the planner makes the PATCH wait for its create.
    expect(spaceSettings.create(desired, [], inNew, ctx, info)).toEqual([
      {
        method: "PATCH",
        path: ["/spaces/", new IdRef(parent)],
        body: { visibility: "public", editMode: "locked" },
        summary: "update space settings",
      },
    ]);
    expect(spaceSettings.create({ at, fields: {} }, [], inNew, ctx, info)).toEqual([]);
  });

  it("exports every managed field the live object has, nulls included", () => {
    const live = {
      item: { id: "spc_1", visibility: "private", editMode: null, title: "Guide" },
      children: {},
    };
    const ctx = {} as Parameters<NonNullable<typeof spaceSettings.toConfig>>[2];
    expect(spaceSettings.toConfig!(live, scope, ctx)).toEqual({ visibility: "private", editMode: null });
  });
});

describe("organization settings in the planner", () => {
  const state = (fields: Record<string, unknown>): DesiredState => ({
    files: ["docsync.yaml"],
    organization: "org_1",
    spaces: {},
    policy: { prune: [...DEFAULT_PRUNE] },
    sensitiveValues: [],
    organizationSettings: [{ at, fields }],
  });
  const live = (item: Record<string, unknown>): LiveState => ({
    item: { id: "org_1" },
    children: { [organizationSettingsKind.kind]: [{ item: { id: "org_1", ...item }, children: {} }] },
  });
  const ORG = { title: "Acme", sso: false, defaultRole: "read", ai: false, inviteLinks: true };

  it("plans one update of a list of one, flagged high-risk with the reasons when SSO turns on", () => {
    const plan = buildPlan(state({ sso: true, defaultRole: null, ai: true }), live(ORG));
    expect(plan.changes).toHaveLength(1);
    expect(plan.changes[0]).toMatchObject({
      action: "update",
      address: 'settings "organization"',
      highRisk: true,
      note: "changes the role new members get; enforces single sign-on: members who cannot sign in through it lose access",
    });
    expect(plan.calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ["PATCH", "/orgs/org_1", { defaultRole: null, sso: true, ai: true }],
    ]);
  });

  it("plans nothing when the fields set hold, and a plain update for the others", () => {
    expect(buildPlan(state({ title: "Acme", inviteLinks: true }), live(ORG)).changes).toEqual([]);
    const plan = buildPlan(state({ title: "Acme Corp", sso: false }), live({ ...ORG, sso: true }));
    expect(plan.changes[0]!.highRisk).toBeUndefined();
    expect(plan.changes[0]!.note).toBeUndefined();
  });

  it("stops when the organization could not be read", () => {
    const empty: LiveState = { item: { id: "org_1" }, children: { [organizationSettingsKind.kind]: [] } };
    expect(() => buildPlan(state({ ai: true }), empty)).toThrow(
      "GET /orgs/org_1 found no settings to change",
    );
  });
});
