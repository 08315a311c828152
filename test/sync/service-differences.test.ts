// docsync against the service as it is published, where it differs from the spec
// (service-facts.md): the proxy's form without a scheme, the adaptive schema's closed top level,
// group membership set on the section when the group call is absent, and features a deployment
// does not have.

import { readFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LiveSite } from "../../src/kinds/site/site.ts";
import { applied, type Harness, startHarness } from "../support/harness.ts";

const HEADER = `version: 1
organization: \${DOCSYNC_ORG}
`;

const siteWithProxy = (proxy: string) => `${HEADER}sites:
  - title: Docs
    type: ultimate
    proxy: ${proxy}
`;

describe("against the service as published", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  const site = async () => (await h.api.list<LiveSite>(`/orgs/${h.org}/sites`))[0]!;
  const patches = () =>
    h.emulator.requests.filter((entry) => entry.method === "PATCH").map((entry) => entry.path);

  describe("site proxy", () => {
    it("sends a configured proxy without its scheme, and then plans to no change in either form", async () => {
      await applied(h, await h.config(siteWithProxy("https://acme.example/docs")));
      expect((await site()).proxy?.origin).toBe("acme.example/docs");
      h.emulator.resetLog();
      for (const proxy of ["https://acme.example/docs", "acme.example/docs"]) {
        const plan = await h.run(["plan", "-c", await h.config(siteWithProxy(proxy)), "--detailed-exitcode"]);
        expect(plan.stdout).toBe("No changes: live state matches the configuration.\n");
        expect(plan.code).toBe(0);
      }
      expect(h.writes()).toBe(0);
    });

    it("reads a live proxy shown with a scheme as the same proxy, and changes it in the service's form", async () => {
      await applied(h, await h.config(`${HEADER}sites:\n  - { title: Docs, type: ultimate }\n`));
      const live = await site();
      await h.api.send({
        method: "PATCH",
        path: `/orgs/${h.org}/sites/${live.id}`,
        body: { proxy: "https://acme.example/docs" },
      });
      const same = await h.run([
        "plan",
        "-c",
        await h.config(siteWithProxy("acme.example/docs")),
        "--detailed-exitcode",
      ]);
      expect(same.code).toBe(0);

      const other = await h.config(siteWithProxy("https://acme.example/help"));
      const plan = await h.run(["plan", "-c", other]);
      expect(plan.stdout).toContain('  ~ site "Docs": proxy "acme.example/docs" ⇒ "acme.example/help"\n');
      h.emulator.resetLog();
      await applied(h, other);
      expect(patches()).toEqual([`/v1/orgs/${h.org}/sites/${live.id}`]);
      expect((await site()).proxy?.origin).toBe("acme.example/help");

      await applied(h, await h.config(`${HEADER}sites:\n  - { title: Docs, proxy: null }\n`));
      expect((await site()).proxy).toBeUndefined();
    });

    it("refuses a proxy the service would not take, with file, line and column", async () => {
      for (const proxy of [
        "https://acme.example/",
        "acme.example",
        "acme/docs",
        `acme.example/${"d".repeat(504)}`,
      ]) {
        const file = await h.config(siteWithProxy(proxy));
        const result = await h.run(["validate", "-c", file]);
        expect(result.code).toBe(1);
        expect(result.stderr).toBe(
          `Error: ${file}:6:12: sites[0].proxy: must be a host and path such as acme.com/docs (at most 512 characters), optionally with https:// in front\n1 error in 1 file.\n`,
        );
      }
    });

    it("exports a live proxy in the form it shows, and leaves out one the configuration cannot take", async () => {
      await applied(
        h,
        await h.config(
          `${HEADER}sites:\n  - { title: Docs, type: ultimate }\n  - { title: Other, type: ultimate }\n`,
        ),
      );
      const sites = await h.api.list<LiveSite>(`/orgs/${h.org}/sites`);
      const [docs, other] = ["Docs", "Other"].map((title) => sites.find((site) => site.title === title));
      const patch = (id: string, proxy: string) =>
        h.api.send({ method: "PATCH", path: `/orgs/${h.org}/sites/${id}`, body: { proxy } });
      await patch(docs!.id, "https://acme.example/docs");
      await patch(other!.id, "https://acme.example/");
      const file = await h.config("", "exported.yaml");
      const exported = await h.run(["export", "-o", file, "--force"]);
      expect(exported.code).toBe(0);
      expect(exported.stderr).toContain(
        'site "Other": the proxy "https://acme.example/" is left out: the configuration takes a host and path such as acme.com/docs, optionally with https:// in front',
      );
      const text = await readFile(file, "utf8");
      expect(text).toContain("proxy: https://acme.example/docs\n");
      expect(text).not.toContain("https://acme.example/\n");
      const validate = await h.run(["validate", "-c", file]);
      expect(validate.code).toBe(0);
    });
  });

  describe("adaptive schema", () => {
    const schemaConfig = (additionalProperties: string) => `${HEADER}sites:
  - title: Docs
    type: ultimate
    adaptiveSchema:
      properties:
        plan: { type: string, description: The visitor's plan }
      additionalProperties: ${additionalProperties}
`;

    it("refuses additionalProperties: true at validate time, with file, line and column", async () => {
      const file = await h.config(schemaConfig("true"));
      for (const command of ["validate", "plan"]) {
        const result = await h.run([command, "-c", file]);
        expect(result.code).toBe(1);
        expect(result.stderr).toBe(
          `Error: ${file}:9:29: sites[0].adaptiveSchema.additionalProperties: must be false: the service accepts only additionalProperties: false at the top of an adaptive schema (leave it out, or set it to false)\n1 error in 1 file.\n`,
        );
      }
      expect(h.emulator.requests).toEqual([]);
    });

    it("refuses a claim both descriptions would not take, at its file, line and column", async () => {
      const file = await h.config(`${HEADER}sites:
  - title: Docs
    adaptiveSchema:
      properties:
        plan: { type: string }
        seats: { type: integer, description: Seats bought }
        tags: { type: array, description: Tags, items: { type: string, description: A tag } }
        tier: { type: string, description: Support tier, enum: [gold, silver] }
`);
      const types =
        "must be boolean, number or string: the claim types both the spec and the service's published description take";
      const result = await h.run(["validate", "-c", file]);
      expect(result.stderr).toBe(
        [
          `Error: ${file}:7:15: sites[0].adaptiveSchema.properties.plan: missing required key "description"`,
          `${file}:8:24: sites[0].adaptiveSchema.properties.seats.type: ${types}`,
          `${file}:9:23: sites[0].adaptiveSchema.properties.tags.type: ${types}`,
          `${file}:9:49: sites[0].adaptiveSchema.properties.tags.items: unknown key "items"`,
          `${file}:10:58: sites[0].adaptiveSchema.properties.tier.enum: unknown key "enum"`,
          "5 errors in 1 file.",
          "",
        ].join("\n"),
      );
      expect(result.code).toBe(1);
    });

    it("takes false, and a schema without it", async () => {
      await applied(h, await h.config(schemaConfig("false")));
      const live = await site();
      const schema = await h.api.get<{ jsonSchema: { additionalProperties: unknown } }>(
        `/orgs/${h.org}/sites/${live.id}/adaptive-schema`,
      );
      expect(schema.jsonSchema.additionalProperties).toBe(false);
      const without = schemaConfig("false").replace("      additionalProperties: false\n", "");
      const plan = await h.run(["plan", "-c", await h.config(without), "--detailed-exitcode"]);
      expect(plan.code).toBe(0);
    });

    it("exports a live schema that allows other attributes without saying so, and warns", async () => {
      await applied(h, await h.config(schemaConfig("false")));
      const live = await site();
      await h.api.send({
        method: "PUT",
        path: `/orgs/${h.org}/sites/${live.id}/adaptive-schema`,
        body: {
          jsonSchema: {
            type: "object",
            properties: { plan: { type: "string", description: "The visitor's plan" } },
            additionalProperties: true,
          },
        },
      });
      const file = await h.config("", "exported.yaml");
      const exported = await h.run(["export", "-o", file, "--force"]);
      expect(exported.code).toBe(0);
      expect(exported.stderr).toContain(
        'site "Docs": the adaptive schema\'s additionalProperties: true is left out: the configuration takes only false, the one value the service accepts',
      );
      expect(await readFile(file, "utf8")).not.toContain("additionalProperties");
      h.emulator.resetLog();
      const plan = await h.run(["plan", "-c", file, "--detailed-exitcode"]);
      expect(plan.code).toBe(0);
      expect(h.writes()).toBe(0);
    });
  });

  describe("absent features", () => {
    const withCustomFields = `${HEADER}teams:
  - title: Writers
customFields:
  - { name: tier, type: text, title: Tier }
sites:
  - title: Docs
`;

    it("stops before any write, naming the configuration key whose list is absent", async () => {
      h.emulator.removeRoutes(["GET /orgs/:organizationId/custom-fields"]);
      const file = await h.config(withCustomFields);
      const message =
        `Error: Cannot read customFields: GET /orgs/${h.org}/custom-fields failed: 404 Not Found: no route for ` +
        `GET /v1/orgs/${h.org}/custom-fields, so this service seems not to offer them. Remove customFields from ` +
        "the configuration, or check the API URL.\n";
      for (const args of [["plan"], ["apply", "--yes"], ["drift"]]) {
        const result = await h.run([...args, "-c", file]);
        expect(result.stderr).toBe(message);
        expect(result.code).toBe(1);
      }
      expect(h.writes()).toBe(0);
      // Without the key, the same service is fine.
      await applied(h, await h.config(withCustomFields.replace(/customFields:\n.*\n/, "")));
    });

    it("names the container of a nested list", async () => {
      await applied(h, await h.config(`${HEADER}sites:\n  - { title: Docs, redirects: [] }\n`));
      const live = await site();
      h.emulator.removeRoutes(["GET /orgs/:organizationId/sites/:siteId/redirects"]);
      const result = await h.run([
        "plan",
        "-c",
        await h.config(`${HEADER}sites:\n  - { title: Docs, redirects: [] }\n`),
      ]);
      expect(result.stderr).toBe(
        `Error: Cannot read redirects of site "Docs": GET /orgs/${h.org}/sites/${live.id}/redirects failed: 404 Not Found: ` +
          `no route for GET /v1/orgs/${h.org}/sites/${live.id}/redirects, so this service seems not to offer them. ` +
          "Remove redirects from the configuration, or check the API URL.\n",
      );
      expect(result.code).toBe(1);
    });
  });

  describe("group membership without the group's member calls", () => {
    const ADD = "POST /orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId/sections";
    const REMOVE =
      "DELETE /orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId/sections/:siteSectionId";
    const section = (path: string, space: string) =>
      `          - { path: ${path}, title: Section ${path}, siteSpaces: [{ space: ${space}, path: ${space} }] }\n`;
    const configWith = (
      grouped: string,
      ungrouped: string,
    ) => `${HEADER}spaces: { guides: spc_guides, api1: spc_api_v1, sdk: spc_sdk }
sites:
  - title: Docs
    sections:
      - group: Developers
        sections:
${grouped}${ungrouped.replace(/^ {4}/gm, "")}`;
    const before = configWith(section("api", "api1"), section("guides", "guides") + section("sdk", "sdk"));
    const after = configWith(section("guides", "guides") + section("sdk", "sdk"), section("api", "api1"));

    async function grouping() {
      const live = await site();
      const groups = await h.api.list<{ title: string; sections: { path?: string }[] }>(
        `/orgs/${h.org}/sites/${live.id}/section-groups`,
      );
      return groups.map((group) => [group.title, group.sections.map((member) => member.path)]);
    }

    it("sets membership on the sections instead, with the plan it showed, and says so once per route", async () => {
      await applied(h, await h.config(before));
      expect(await grouping()).toEqual([["Developers", ["api"]]]);
      const file = await h.config(after);
      const withRoutes = await h.run(["plan", "-c", file]);

      h.emulator.removeRoutes([ADD, REMOVE]);
      const plan = await h.run(["plan", "-c", file]);
      expect(plan.stdout).toBe(withRoutes.stdout);
      expect(plan.stdout).toContain('    ~ group "Developers": sections ["api"] ⇒ ["guides","sdk"]\n');

      h.emulator.resetLog();
      // One call at a time, so that the second add already knows the route is absent.
      const apply = await h.run(["apply", "-c", file, "--yes", "--verbose", "--parallelism", "1"]);
      expect(apply.code).toBe(0);
      expect(apply.stdout).toContain("Live state matches the configuration.");
      const fallbacks = apply.stderr.split("\n").filter((line) => line.includes("the service has no route"));
      expect(fallbacks.map((line) => line.replace(/ \(PATCH [^)]*\)$/, "").replace(/^.*→ /, ""))).toEqual(
        expect.arrayContaining([
          `404: the service has no route ${ADD}; sending its other form instead, for the rest of the run`,
          `404: the service has no route ${REMOVE}; sending its other form instead, for the rest of the run`,
        ]),
      );
      expect(fallbacks).toHaveLength(2);
      const memberCalls = h.emulator.requests
        .filter(
          (entry) =>
            entry.method !== "GET" && /\/section-groups\/[^/]+\/sections|\/sections\/[^/]+$/.test(entry.path),
        )
        .map((entry) => `${entry.method} ${entry.status}`)
        .sort();
      // Each route answers 404 once; every membership change is then a PATCH of its section.
      expect(memberCalls).toEqual(["DELETE 404", "PATCH 200", "PATCH 200", "PATCH 200", "POST 404"]);
      expect(await grouping()).toEqual([["Developers", ["guides", "sdk"]]]);

      h.emulator.resetLog();
      const again = await h.run(["plan", "-c", file, "--detailed-exitcode"]);
      expect(again.code).toBe(0);
    });

    it("announces the other form once per route, without --verbose", async () => {
      await applied(h, await h.config(before));
      h.emulator.removeRoutes([ADD, REMOVE]);
      const apply = await h.run(["apply", "-c", await h.config(after), "--yes", "--parallelism", "1"]);
      expect(apply.code).toBe(0);
      const notes = apply.stderr.split("\n").filter((line) => line !== "");
      expect(notes).toHaveLength(2);
      for (const route of [ADD, REMOVE]) {
        expect(notes).toContainEqual(
          expect.stringMatching(
            new RegExp(
              `^Note: this service has no route ${route} \\(${route.split(" ")[0]} /orgs/\\S+ answered 404\\); ` +
                "docsync sends its other form instead, for the rest of the run: PATCH /orgs/\\S+/sections/\\S+$",
            ),
          ),
        );
      }
    });

    it("leaves a failure about a missing item as it is", async () => {
      await applied(h, await h.config(before));
      h.emulator.failNext({
        kind: "status",
        status: 404,
        method: "POST",
        path: ADD.slice("POST ".length),
        message: "site section group not found",
      });
      h.emulator.resetLog();
      const apply = await h.run(["apply", "-c", await h.config(after), "--yes"]);
      expect(apply.code).toBe(1);
      expect(apply.stdout + apply.stderr).toContain("404 Not Found: site section group not found");
      const patched = h.emulator.requests.filter(
        (entry) => entry.method === "PATCH" && /\/sections\/[^/]+$/.test(entry.path),
      );
      expect(patched).toEqual([]);
    });
  });
});
