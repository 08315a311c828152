// A kind added at run time, defined only here: a "look" of each site, one object of each site
// (the singleton shape, as a child of a site), with fields nested in a mapping, on a route this
// test adds to the emulator. It plans, applies, plans no change after, exports and takes an
// export back, through a set of kinds of its own and the emulator's extension points alone.

import { readFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { noContent, ok, param, type RequestContext } from "../../src/emulator/core/context.ts";
import { badRequest } from "../../src/emulator/core/http-error.ts";
import type { Route } from "../../src/emulator/index.ts";
import { siteOf } from "../../src/emulator/sites/lookup.ts";
import { sitePath, subPath } from "../../src/kinds/paths.ts";
import { builtInKinds } from "../../src/kinds/registry.ts";
import { singletonKind } from "../../src/kinds/shapes/singleton.ts";
import { type InSite, type LiveSite, siteKind } from "../../src/kinds/site/site.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";

const customizationKind = singletonKind<"look", InSite>({
  kind: "look",
  collection: "look",
  key: "site",
  schema: {
    fragment: "site-look",
    description: "The site's look. Only the fields given are managed.",
    definition: {
      type: "object",
      additionalProperties: false,
      properties: {
        theme: {
          type: "object",
          additionalProperties: false,
          properties: { color: { type: "string", description: "The theme's main color." } },
          description: "The site's theme.",
        },
        font: { type: "string", description: "The font of the site's text." },
      },
    },
  },
  fields: ["theme.color", "font"],
  // A route of its own: the emulator serves the published `…/customization` already.
  path: (scope) => subPath(sitePath(scope.organization, scope.ids.site), "/look"),
  summary: "update site customization",
});

/** The customization of each site, as the service would keep it: made with the site. */
const customizations = new Map<string, { theme: { color: string }; font: string }>();
const customizationOf = (ctx: RequestContext, access: "read" | "write") => {
  const site = siteOf(ctx, access);
  let found = customizations.get(site.id);
  if (!found) {
    found = { theme: { color: "#000000" }, font: "Inter" };
    customizations.set(site.id, found);
  }
  return found;
};
const PATH = "/orgs/:organizationId/sites/:siteId/look";
const routes: Route[] = [
  {
    method: "GET",
    path: PATH,
    handler: (ctx) => ok({ id: param(ctx, "siteId"), ...customizationOf(ctx, "read") }),
  },
  {
    method: "PATCH",
    path: PATH,
    handler(ctx) {
      const customization = customizationOf(ctx, "write");
      const { theme, font, ...others } = (ctx.body ?? {}) as { theme?: { color?: unknown }; font?: unknown };
      if (Object.keys(others).length > 0) throw badRequest(`unknown field ${Object.keys(others)[0]}`);
      if (theme?.color !== undefined) customization.theme.color = String(theme.color);
      if (font !== undefined) customization.font = String(font);
      return ctx.method === "PATCH" ? ok({ id: param(ctx, "siteId"), ...customization }) : noContent();
    },
  },
];

const HEADER = `version: 1
organization: \${DOCSYNC_ORG}
spaces: { handbook: spc_handbook }
`;

describe("a kind added at run time: a site's customization", () => {
  const kinds = builtInKinds.with(customizationKind, siteKind);
  let h: Harness;
  beforeEach(async () => {
    customizations.clear();
    h = await startHarness({ routes, kinds });
  });
  afterEach(() => h.close());

  const site = async () => (await h.api.list<LiveSite>(`/orgs/${h.org}/sites`))[0]!;
  const live = async () =>
    h.api.get<Record<string, unknown>>(`/orgs/${h.org}/sites/${(await site()).id}/look`);

  it("is set on a site the same plan creates, then plans no change", async () => {
    const file = await h.config(`${HEADER}sites:
  - title: Docs
    siteSpaces: [{ space: handbook, path: handbook }]
    look:
      theme: { color: "#ff0000" }
      font: Lato
`);
    const plan = await h.run(["plan", "-c", file]);
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain('look "site"');
    expect(plan.stdout).toContain('+ look "site": theme.color "#ff0000", font "Lato"');

    await applied(h, file);
    expect(await live()).toMatchObject({ theme: { color: "#ff0000" }, font: "Lato" });
    const again = await h.run(["plan", "-c", file, "--detailed-exitcode"]);
    expect(again.code).toBe(0);
  });

  it("changes only the fields the file sets, and only those that differ", async () => {
    await applied(
      h,
      await h.config(
        `${HEADER}sites:\n  - title: Docs\n    siteSpaces: [{ space: handbook, path: handbook }]\n`,
      ),
    );
    h.emulator.resetLog();
    const file = await h.config(`${HEADER}sites:
  - title: Docs
    siteSpaces: [{ space: handbook, path: handbook }]
    look: { font: Lato }
`);
    await applied(h, file);
    const patches = h.emulator.requests.filter((entry) => entry.method === "PATCH");
    expect(patches.map((entry) => entry.path)).toEqual([`/v1/orgs/${h.org}/sites/${(await site()).id}/look`]);
    expect(await live()).toMatchObject({ theme: { color: "#000000" }, font: "Lato" });
    expect((await h.run(["plan", "-c", file, "--detailed-exitcode"])).code).toBe(0);
  });

  it("is exported under its site, and the export plans no change", async () => {
    await applied(
      h,
      await h.config(`${HEADER}sites:
  - title: Docs
    siteSpaces: [{ space: handbook, path: handbook }]
    look: { theme: { color: "#00ff00" } }
`),
    );
    const file = await h.config("", "exported.yaml");
    const exported = await h.run(["export", "-o", file, "--force"]);
    expect(exported.code).toBe(0);
    const text = await readFile(file, "utf8");
    expect(text).toMatch(/ {4}look:\n {6}theme: \{ color: "#00ff00" \}\n {6}font: Inter\n/);
    expect((await h.run(["plan", "-c", file, "--detailed-exitcode"])).code).toBe(0);
  });

  it("goes with its site, without a call of its own", async () => {
    await applied(
      h,
      await h.config(`${HEADER}sites:
  - title: Docs
    siteSpaces: [{ space: handbook, path: handbook }]
    look: { font: Lato }
`),
    );
    const id = (await site()).id;
    h.emulator.resetLog();
    await applied(h, await h.config(`${HEADER}sites: []\npolicy: { prune: [sites] }\n`));
    const writes = h.emulator.requests.filter((entry) => entry.method !== "GET");
    expect(writes.map((entry) => `${entry.method} ${entry.path}`)).toEqual([
      `DELETE /v1/orgs/${h.org}/sites/${id}`,
    ]);
  });

  it("is checked against the schema its kind gives", async () => {
    const file = await h.config(`${HEADER}sites:
  - title: Docs
    look: { font: 3, colour: red }
`);
    const result = await h.run(["plan", "-c", file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      [
        `Error: ${file}:6:19: sites[0].look.font: must be a string (got a number)`,
        `${file}:6:22: sites[0].look.colour: unknown key "colour"`,
        "2 errors in 1 file.",
        "",
      ].join("\n"),
    );
  });
});
