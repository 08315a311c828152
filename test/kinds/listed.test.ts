// The listed shape, directly: a made-up kind declared on it (the organization's bookmarks, whose
// names the service keeps unique), its derived calls by themselves, then planned by the planner
// (the claims of unique names order renames, deletes and creates, and two bookmarks exchanging
// names go by a temporary one), then applied over HTTP on routes this test adds to the emulator,
// which refuse a name another bookmark holds, as the service does.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DesiredState, SourceLocation } from "../../src/config/types.ts";
import { created, noContent, ok, param, type RequestContext } from "../../src/emulator/core/context.ts";
import { conflict, notFound } from "../../src/emulator/core/http-error.ts";
import { paginate } from "../../src/emulator/core/paginate.ts";
import type { Route } from "../../src/emulator/index.ts";
import type { TopLevelKind, TopLevelTypes } from "../../src/kinds/organization.ts";
import { orgPath } from "../../src/kinds/paths.ts";
import { builtInKinds } from "../../src/kinds/registry.ts";
import { listedKind } from "../../src/kinds/shapes/listed.ts";
import type { ExportContext } from "../../src/kinds/types.ts";
import { IdRef } from "../../src/model/address.ts";
import type { ItemMeta, Located } from "../../src/model/desired.ts";
import type { Call, Plan } from "../../src/model/plan.ts";
import { type LiveNode, type LiveState, type PlanContext, runMemo } from "../../src/model/scope.ts";
import { buildPlan } from "../../src/plan/build.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";

interface LiveBookmark {
  [field: string]: unknown;
  id: string;
  name: string;
  url: string;
  folder?: string;
  pinned?: boolean;
  owner?: { id: string } | null;
}
interface RawBookmark {
  name: string;
  url: string;
  folder?: string;
  pinned?: boolean;
  owner?: string | { id: string };
}
type DesiredBookmark = ItemMeta & Omit<RawBookmark, "owner"> & { owner?: { title: string } | { id: string } };
type Bookmark = { desired: DesiredBookmark; live: LiveBookmark; raw: Located<RawBookmark> };

const bookmarksPath = (org: string) => `${orgPath(org)}/bookmarks`;

const bookmarkKind: TopLevelKind<"bookmarks", Bookmark> = listedKind<
  TopLevelTypes<"bookmarks", Bookmark>,
  "bookmarks"
>({
  kind: "bookmark",
  collection: "bookmarks",
  schema: {
    fragment: "bookmark",
    description: "Bookmarks of the organization. Identity: name.",
    definition: {
      type: "object",
      additionalProperties: false,
      required: ["name", "url"],
      properties: {
        name: { type: "string" },
        id: { type: "string" },
        was: { type: "string" },
        url: { type: "string" },
        folder: { type: "string" },
        pinned: { type: "boolean" },
        owner: {
          oneOf: [
            { type: "string" },
            { type: "object", required: ["id"], properties: { id: { type: "string" } } },
          ],
        },
      },
    },
  },
  identities: [{ field: "name" }, { field: "id", optional: true, hints: false }],
  path: (scope) => bookmarksPath(scope.organization),
  fields: [
    { name: "name", unique: true },
    { name: "url" },
    { name: "folder", change: "replace" },
    { name: "pinned", initial: false, afterCreate: true },
    { name: "owner", answer: "owner.id", refers: { kind: "team", collection: "teams", key: "title" } },
  ],
  afterCreateSummary: "pin bookmark",
});

const at: SourceLocation = { file: "docsync.yaml", line: 3, column: 5 };
const ctx: PlanContext = {
  idOf: (address) => (address[0]?.key === "Writers" ? "team_writers" : new IdRef(address)),
  liveIdOf: () => undefined,
  deletes: () => undefined,
  ...runMemo(),
};
const scope = {
  organization: "org_1",
  address: [],
  desired: { files: [], organization: "org_1", spaces: {}, policy: { prune: [] }, sensitiveValues: [] },
  ids: {},
};
const address = [{ kind: "bookmark", key: "home" }];
const liveHome: LiveBookmark = { id: "bmk_1", name: "home", url: "https://a", folder: "top", pinned: false };
const CLAIM = "#bookmarks.name=";

describe("the listed shape, by itself", () => {
  it("resolves each field as configured, a reference by key as a mapping of that key", () => {
    const raw = { name: "home", url: "https://a", owner: "Writers" };
    const resolved = bookmarkKind.config.resolve(
      { value: raw, file: "f", path: [] },
      { at },
      { spaceId: () => "" },
    );
    expect(resolved).toEqual({ at, name: "home", url: "https://a", owner: { title: "Writers" } });
    expect(bookmarkKind.refersTo?.[0]?.kind).toBe("team");
  });

  it("creates with one POST that claims the unique name, then sets what the POST does not take", () => {
    const desired = { at, name: "home", url: "https://a", pinned: true, owner: { title: "Writers" } };
    const info = { firstInEmptyContainer: false, parentIsNew: false, index: 0 };
    expect(bookmarkKind.diff(desired, undefined, scope, ctx)).toEqual([
      { field: "name", to: "home" },
      { field: "url", to: "https://a" },
      { field: "pinned", from: false, to: true },
      { field: "owner", to: "team_writers" },
    ]);
    expect(bookmarkKind.create(desired, address, scope, ctx, info)).toEqual([
      {
        method: "POST",
        path: "/orgs/org_1/bookmarks",
        body: { name: "home", url: "https://a", owner: "team_writers" },
        summary: "create bookmark",
        captures: [{ address, pointer: "/id" }],
        recover: { list: "/orgs/org_1/bookmarks", match: { name: "home" } },
        claims: [`${CLAIM}home`],
      },
      {
        method: "PATCH",
        path: ["/orgs/org_1/bookmarks/", new IdRef(address)],
        body: { pinned: true },
        summary: "pin bookmark",
      },
    ]);
  });

  it("renames with one PATCH that claims the new name and gives the old one up, by a temporary one if need be", () => {
    const desired = { at, name: "start", url: "https://b", owner: { id: "team_other" } };
    const live = { item: { ...liveHome, owner: { id: "team_writers" } }, children: {} };
    const changes = bookmarkKind.diff(desired, live, scope, ctx);
    expect(changes).toEqual([
      { field: "name", from: "home", to: "start" },
      { field: "url", from: "https://a", to: "https://b" },
      { field: "owner", from: "team_writers", to: "team_other" },
    ]);
    expect(bookmarkKind.update(desired, live, changes, address, scope, ctx)).toEqual([
      {
        method: "PATCH",
        path: "/orgs/org_1/bookmarks/bmk_1",
        body: { name: "start", url: "https://b", owner: "team_other" },
        summary: "update bookmark",
        claims: [`${CLAIM}start`],
        releases: [`${CLAIM}home`],
        temporary: { body: { name: "docsync-swap-bmk_1" }, summary: "move bookmark to a temporary name" },
        unrefs: ["team_writers"],
      },
    ]);
  });

  it("replaces an item whose replace-only field changes, and deletes giving its name and references up", () => {
    const live = { item: { ...liveHome, owner: { id: "team_writers" } }, children: {} };
    const moved = { at, name: "home", url: "https://a", folder: "elsewhere" };
    expect(bookmarkKind.mustReplace!(moved, live)).toEqual([
      { field: "folder", from: "top", to: "elsewhere" },
    ]);
    expect(bookmarkKind.mustReplace!({ ...moved, folder: "top" }, live)).toEqual([]);
    expect(bookmarkKind.remove(live, address, scope, ctx)).toEqual([
      {
        method: "DELETE",
        path: "/orgs/org_1/bookmarks/bmk_1",
        summary: "delete bookmark",
        releases: [`${CLAIM}home`],
        unrefs: ["team_writers"],
      },
    ]);
  });

  it("exports every field the live item has, a reference by the key the export lists it under", () => {
    const exportCtx = (keys: Record<string, string>) =>
      ({
        exportedKey: (_kind: string, id: string) => keys[id],
        comment: () => {},
      }) as unknown as ExportContext;
    const live = { item: { ...liveHome, owner: { id: "team_writers" } }, children: {} };
    expect(bookmarkKind.toConfig!(live, scope, exportCtx({ team_writers: "Writers" }))).toEqual({
      name: "home",
      url: "https://a",
      folder: "top",
      pinned: false,
      owner: "Writers",
    });
    expect(bookmarkKind.toConfig!(live, scope, exportCtx({}))).toMatchObject({
      owner: { id: "team_writers" },
    });
  });
});

/** A state with bookmarks, and a live organization with `live` bookmarks. */
function planOf(bookmarks: Omit<DesiredBookmark, "at">[], live: LiveBookmark[], prune: string[] = []): Plan {
  const desired = {
    files: ["docsync.yaml"],
    organization: "org_1",
    spaces: {},
    policy: { prune },
    sensitiveValues: [],
    kinds: builtInKinds.with(bookmarkKind),
    bookmarks: bookmarks.map((bookmark) => ({ at, ...bookmark })),
  } as DesiredState;
  const state: LiveState = {
    item: { id: "org_1" },
    children: { bookmark: live.map((item): LiveNode => ({ item, children: {} })) },
  };
  return buildPlan(desired, state);
}

const bookmark = (id: string, name: string): LiveBookmark => ({ id, name, url: `https://${name}` });
/** The call of the plan with this summary and body name (or path). */
const callOf = (plan: Plan, summary: string, name?: string): Call => {
  const found = plan.calls.find(
    (call) =>
      call.summary === summary &&
      (name === undefined || (call.body as { name?: string } | undefined)?.name === name),
  );
  if (!found) throw new Error(`no call "${summary}" ${name ?? ""} in ${JSON.stringify(plan.calls)}`);
  return found;
};

describe("the claims of a listed kind's unique field, planned", () => {
  it("takes a name another bookmark gives up by a rename only after that rename", () => {
    const plan = planOf(
      [
        { id: "bmk_a", name: "b", url: "https://a" },
        { id: "bmk_b", name: "c", url: "https://b" },
      ],
      [bookmark("bmk_a", "a"), bookmark("bmk_b", "b")],
    );
    expect(callOf(plan, "update bookmark", "b").dependsOn).toEqual([callOf(plan, "update bookmark", "c").id]);
    expect(callOf(plan, "update bookmark", "c").dependsOn).toEqual([]);
  });

  it("takes a name a deleted bookmark gives up after the delete, and a create after the rename", () => {
    const plan = planOf(
      [
        { id: "bmk_a", name: "b", url: "https://a" },
        { name: "a", url: "https://new" },
      ],
      [bookmark("bmk_a", "a"), bookmark("bmk_b", "b")],
      ["bookmarks"],
    );
    const rename = callOf(plan, "update bookmark", "b");
    expect(rename.dependsOn).toEqual([callOf(plan, "delete bookmark").id]);
    expect(callOf(plan, "create bookmark").dependsOn).toEqual([rename.id]);
  });

  it("exchanges two names by way of a temporary name", () => {
    const plan = planOf(
      [
        { id: "bmk_a", name: "b", url: "https://a" },
        { id: "bmk_b", name: "a", url: "https://b" },
      ],
      [bookmark("bmk_a", "a"), bookmark("bmk_b", "b")],
    );
    expect(plan.calls.map((call) => call.summary)).toEqual([
      "move bookmark to a temporary name",
      "update bookmark",
      "update bookmark",
    ]);
    const [temporary, first, second] = plan.calls as [Call, Call, Call];
    expect(temporary).toMatchObject({
      path: "/orgs/org_1/bookmarks/bmk_a",
      body: { name: "docsync-swap-bmk_a" },
    });
    // The other takes the freed name, then this one takes the other's.
    expect(second).toMatchObject({ path: "/orgs/org_1/bookmarks/bmk_b", body: { name: "a" } });
    expect(second.dependsOn).toEqual([temporary.id]);
    expect(first).toMatchObject({ path: "/orgs/org_1/bookmarks/bmk_a", body: { name: "b" } });
    expect(first.dependsOn).toEqual(expect.arrayContaining([temporary.id, second.id]));
  });
});

/** The organization's bookmarks, as the service keeps them: names unique. */
const store = new Map<string, LiveBookmark>();
let made = 0;
const LIST = "/orgs/:organizationId/bookmarks";
function takeName(name: unknown, id?: string): void {
  const holder = [...store.values()].find((other) => other.name === name && other.id !== id);
  if (holder) throw conflict(`bookmark "${String(name)}" already exists`);
}
const bookmarkOf = (ctx: RequestContext) => {
  const found = store.get(param(ctx, "id"));
  if (!found) throw notFound("bookmark", param(ctx, "id"));
  return found;
};
const routes: Route[] = [
  { method: "GET", path: LIST, handler: (ctx) => ok(paginate(ctx.query, [...store.values()], (b) => b)) },
  {
    method: "POST",
    path: LIST,
    handler(ctx) {
      const body = ctx.body as Omit<LiveBookmark, "id" | "owner"> & { owner?: string };
      takeName(body.name);
      const item: LiveBookmark = { id: `bmk_${++made}`, pinned: false, ...body, owner: null } as LiveBookmark;
      if (body.owner) item.owner = { id: body.owner };
      store.set(item.id, item);
      return created(item);
    },
  },
  {
    method: "PATCH",
    path: `${LIST}/:id`,
    handler(ctx) {
      const item = bookmarkOf(ctx);
      const { owner, ...changes } = ctx.body as Partial<LiveBookmark> & { owner?: string | null };
      if (changes.name !== undefined) takeName(changes.name, item.id);
      Object.assign(item, changes);
      if (owner !== undefined) item.owner = owner === null ? null : { id: owner };
      return ok(item);
    },
  },
  {
    method: "DELETE",
    path: `${LIST}/:id`,
    handler(ctx) {
      store.delete(bookmarkOf(ctx).id);
      return noContent();
    },
  },
];

const HEADER = `version: 1\norganization: \${DOCSYNC_ORG}\n`;

describe("a listed kind over HTTP, names kept unique by the service", () => {
  let h: Harness;
  beforeEach(async () => {
    store.clear();
    h = await startHarness({ routes, kinds: builtInKinds.with(bookmarkKind) });
  });
  afterEach(() => h.close());

  const byName = () => Object.fromEntries([...store.values()].map((item) => [item.name, item]));

  it("creates, exchanges two names, then plans no change; an export plans no change", async () => {
    const v1 = `${HEADER}bookmarks:
  - { name: home, url: "https://a", pinned: true, owner: Writers }
  - { name: docs, url: "https://b", folder: guides }
teams: [{ title: Writers }]
`;
    await applied(h, await h.config(v1));
    const first = byName();
    expect(first.home).toMatchObject({ url: "https://a", pinned: true, owner: { id: "team_writers" } });
    expect(first.docs).toMatchObject({ url: "https://b", folder: "guides", pinned: false, owner: null });

    const swapped = await h.config(`${HEADER}bookmarks:
  - { id: ${first.home!.id}, name: docs, url: "https://a", pinned: true, owner: Writers }
  - { id: ${first.docs!.id}, name: home, url: "https://b", folder: guides }
teams: [{ title: Writers }]
`);
    const plan = await h.run(["plan", "-c", swapped]);
    expect(plan.stderr).toBe("");
    expect(plan.stdout).toContain("by way of a temporary value: it exchanges values with another item");
    await applied(h, swapped);
    expect(byName().docs).toMatchObject({ id: first.home!.id, url: "https://a" });
    expect(byName().home).toMatchObject({ id: first.docs!.id, url: "https://b" });
    expect((await h.run(["plan", "-c", swapped, "--detailed-exitcode"])).code).toBe(0);

    const exported = await h.config("", "exported.yaml");
    expect((await h.run(["export", "-o", exported, "--force"])).code).toBe(0);
    expect((await h.run(["plan", "-c", exported, "--detailed-exitcode"])).code).toBe(0);
  });
});
