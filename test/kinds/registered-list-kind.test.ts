// A top-level kind added at run time, defined only here: the organization's bookmarks, a list
// named by `name`, on routes this test adds to the emulator. Through a set of kinds of its own
// it is checked against its schema, planned, pruned when `policy.prune` names it and exported;
// its plans name it with the plural it declares, and the key of a bookmark, a sensitive field,
// appears in no output; a run with the built-in kinds, in the same process, knows nothing of it.

import { readFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { created, noContent, ok, param, type RequestContext } from "../../src/emulator/core/context.ts";
import { notFound } from "../../src/emulator/core/http-error.ts";
import { paginate } from "../../src/emulator/core/paginate.ts";
import type { Route } from "../../src/emulator/index.ts";
import { compareField } from "../../src/kinds/compare.ts";
import { leafNodes } from "../../src/kinds/live-nodes.ts";
import type { TopLevelKind } from "../../src/kinds/organization.ts";
import { below, orgPath } from "../../src/kinds/paths.ts";
import { builtInKinds } from "../../src/kinds/registry.ts";
import type { ItemMeta, Located } from "../../src/model/desired.ts";
import type { FieldChange } from "../../src/model/plan.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";
import { expectNoLiveSecret } from "../support/secret-forms.ts";

interface LiveBookmark {
  [field: string]: unknown;
  id: string;
  name: string;
  url: string;
  /** The key a private page is opened with. */
  key?: string;
}
interface DesiredBookmark extends ItemMeta {
  name: string;
  url: string;
  key?: string;
}

const bookmarksPath = (org: string) => `${orgPath(org)}/bookmarks`;

const bookmarkKind: TopLevelKind<
  "bookmarks",
  { desired: DesiredBookmark; live: LiveBookmark; raw: Located<{ name: string; url: string; key?: string }> }
> = {
  kind: "bookmark",
  collection: "bookmarks",
  config: {
    schema: {
      fragment: "bookmark",
      description: "Bookmarks of the organization. Identity: name.",
      definition: {
        type: "object",
        additionalProperties: false,
        required: ["name", "url"],
        properties: { name: { type: "string" }, url: { type: "string" }, key: { type: "string" } },
      },
    },
    // A plural of its own, not the kind's name and an s: plans must say it.
    plural: "bookmarked links",
    sensitive: ["key"],
    identities: [{ field: "name" }],
    resolve: ({ value: { name, url, key } }, meta) => ({ ...meta, name, url, ...(key ? { key } : {}) }),
  },
  read: async (client, scope) =>
    leafNodes(await client.list<LiveBookmark>(bookmarksPath(scope.organization))),
  key: (bookmark) => bookmark.name,
  liveKey: (bookmark) => bookmark.name,
  diff(desired, live) {
    const changes: FieldChange[] = [];
    if (!live) compareField(changes, "name", desired.name, undefined);
    compareField(changes, "url", desired.url, live?.item.url);
    compareField(changes, "key", desired.key, live?.item.key, { sensitive: true });
    return changes;
  },
  create: (desired, address, scope) => [
    {
      method: "POST",
      path: bookmarksPath(scope.organization),
      body: { name: desired.name, url: desired.url, ...(desired.key ? { key: desired.key } : {}) },
      summary: "create bookmark",
      captures: [{ address, pointer: "/id" }],
    },
  ],
  update: (desired, live, _changes, _address, scope) => [
    {
      method: "PATCH",
      path: below(bookmarksPath(scope.organization), live.item.id),
      body: { url: desired.url, ...(desired.key ? { key: desired.key } : {}) },
      summary: "update bookmark",
    },
  ],
  remove: (live, _address, scope) => [
    {
      method: "DELETE",
      path: below(bookmarksPath(scope.organization), live.item.id),
      summary: "delete bookmark",
    },
  ],
  toConfig: ({ item: { name, url, key } }) => ({ name, url, ...(key ? { key } : {}) }),
};

/** The organization's bookmarks, as the service would keep them. */
const bookmarks = new Map<string, LiveBookmark>();
let made = 0;
const bookmarkOf = (ctx: RequestContext) => {
  const found = bookmarks.get(param(ctx, "id"));
  if (!found) throw notFound("bookmark", param(ctx, "id"));
  return found;
};
const LIST = "/orgs/:organizationId/bookmarks";
const routes: Route[] = [
  { method: "GET", path: LIST, handler: (ctx) => ok(paginate(ctx.query, [...bookmarks.values()], (b) => b)) },
  {
    method: "POST",
    path: LIST,
    handler(ctx) {
      const { name, url, key } = ctx.body as { name: string; url: string; key?: string };
      const bookmark = { id: `bmk_${++made}`, name, url, ...(key ? { key } : {}) };
      bookmarks.set(bookmark.id, bookmark);
      return created(bookmark);
    },
  },
  {
    method: "PATCH",
    path: `${LIST}/:id`,
    handler(ctx) {
      const bookmark = bookmarkOf(ctx);
      const { url, key } = ctx.body as { url: unknown; key?: unknown };
      bookmark.url = String(url);
      if (key !== undefined) bookmark.key = String(key);
      return ok(bookmark);
    },
  },
  {
    method: "DELETE",
    path: `${LIST}/:id`,
    handler(ctx) {
      bookmarks.delete(bookmarkOf(ctx).id);
      return noContent();
    },
  },
];

const HEADER = `version: 1\norganization: \${DOCSYNC_ORG}\n`;
const TWO = `${HEADER}bookmarks:
  - { name: status, url: "https://status.example.com" }
  - { name: home, url: "https://example.com" }
`;

describe("a top-level kind added to a set of kinds: bookmarks", () => {
  const kinds = builtInKinds.with(bookmarkKind);
  let h: Harness;
  beforeEach(async () => {
    bookmarks.clear();
    h = await startHarness({ routes, kinds });
  });
  afterEach(() => h.close());

  const names = () => [...bookmarks.values()].map((bookmark) => bookmark.name).sort();

  it("is pruned organization-wide when policy.prune names it, and only then", async () => {
    await applied(h, await h.config(TWO));
    expect(names()).toEqual(["home", "status"]);
    const one = `${HEADER}bookmarks:\n  - { name: home, url: "https://example.com" }\n`;
    const kept = await h.run(["plan", "-c", await h.config(one), "--detailed-exitcode"]);
    expect(kept.code).toBe(0);
    const pruning = await h.config(`${one}policy: { prune: [bookmarks] }\n`);
    const plan = await h.run(["plan", "-c", pruning]);
    expect(plan.stdout).toContain('- bookmark "status"');
    await applied(h, pruning);
    expect(names()).toEqual(["home"]);
  });

  it("is exported, with prune naming it under --prune-org, and the export plans no change", async () => {
    await applied(h, await h.config(TWO));
    const file = await h.config("", "exported.yaml");
    const exported = await h.run(["export", "-o", file, "--force", "--prune-org"]);
    expect(exported.code).toBe(0);
    expect(exported.stdout).toContain("2 bookmarked links");
    const text = await readFile(file, "utf8");
    // In live order, which is the order apply created them in.
    expect(text).toMatch(/\nbookmarks:\n( {2}- name: \w+\n {4}url: \S+\n){2}\n/);
    expect(text).toContain("  - name: status\n    url: https://status.example.com\n");
    expect(text).toMatch(/\n {4}- translations\n {4}- bookmarks\n/);
    expect((await h.run(["plan", "-c", file, "--detailed-exitcode"])).code).toBe(0);
  });

  it("is named with its plural in every plan format, and its key appears in no output", async () => {
    const KEY = "bmk-key-7Qz3Vr9Lw2";
    const file = await h.config(
      `${TWO}  - { name: dashboard, url: "https://example.com/dashboard", key: "${KEY}" }\n`,
    );
    const outputs: [name: string, text: string][] = [];
    const run = async (args: string[], env: Record<string, string> = {}) => {
      const result = await h.run(args, { env });
      outputs.push([`${args.join(" ")} stdout`, result.stdout], [`${args.join(" ")} stderr`, result.stderr]);
      expect(result.code, result.stderr).toBe(0);
      return result;
    };
    const plan = await run(["plan", "-c", file]);
    expect(plan.stdout).toContain(
      '+ bookmark "dashboard": url "https://example.com/dashboard", key (sensitive)',
    );
    expect(plan.stdout).toContain(
      "Plan: 3 to create (3 bookmarked links), 0 to update, 0 to move, 0 to delete.",
    );
    expect((await run(["plan", "-c", file, "--format", "markdown"])).stdout).toContain(
      "3 bookmarked links: 3 to create",
    );
    expect((await run(["plan", "-c", file, "--format", "html"])).stdout).toContain("3 bookmarked links");
    await run(["plan", "-c", file, "--format", "json", "-v"]);
    const planFile = `${file}.plan.json`;
    await run(["plan", "-c", file, "--out", planFile]);
    outputs.push(["saved plan", await readFile(planFile, "utf8")]);
    expect((await run(["show", planFile])).stdout).toContain("(3 bookmarked links)");
    await run(["apply", planFile, "-c", file, "--yes", "-v"]);
    expect(bookmarks.size).toBe(3);
    expect([...bookmarks.values()].find((bookmark) => bookmark.name === "dashboard")?.key).toBe(KEY);
    const exported = `${file}.exported.yaml`;
    const exporting = await run(["export", "-o", exported, "--force"]);
    expect(exporting.stdout).toContain("3 bookmarked links");
    const text = await readFile(exported, "utf8");
    outputs.push(["exported file", text]);
    // The export writes a variable in the key's place, and names it for the user to set.
    const variable = /key: "\$\{(\w+)\}"/.exec(text)?.[1];
    expect(variable).toBeDefined();
    expect(exporting.stderr).toContain(`${variable}:`);
    await run(["export", "--format", "json"]);
    await run(["plan", "-c", exported, "--detailed-exitcode"], { [variable!]: KEY });
    for (const [name, output] of outputs) expectNoLiveSecret(name, output, [KEY]);
  });

  it("is unknown to a run with the built-in kinds in the same process", async () => {
    const file = await h.config(TWO);
    expect((await h.run(["validate", "-c", file])).code).toBe(0);
    const builtIn = await h.run(["validate", "-c", file], { kinds: builtInKinds });
    expect(builtIn.code).toBe(1);
    expect(builtIn.stderr).toContain('unknown key "bookmarks"');
  });
});
