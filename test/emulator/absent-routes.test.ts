// Routes switched off (the fixture's `absent`, or removeRoutes): they answer exactly as a route
// the emulator never had, and every other route goes on answering.

import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_FIXTURE } from "../../src/emulator/fixture.ts";
import type { EmulatorOptions } from "../../src/emulator/index.ts";
import { as, type Emulator, expectError, expectStatus, startEmulator } from "./http.ts";

const started: Emulator[] = [];
async function start(options: EmulatorOptions = {}): Promise<Emulator> {
  const emulator = await startEmulator(options);
  started.push(emulator);
  return emulator;
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((emulator) => emulator.close()));
});

const CUSTOM_FIELDS = "GET /orgs/:organizationId/custom-fields";
const ADD_MEMBER = "POST /orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId/sections";

async function siteWithGroup(emulator: Emulator) {
  const ada = as(emulator, "usr_ada");
  const site = expectStatus(await ada("POST", "/orgs/org_acme/sites", { title: "Docs" }), 201);
  const base = `/orgs/org_acme/sites/${site.id}`;
  const section = expectStatus(await ada("POST", `${base}/sections`, { spaceId: "spc_guides" }), 201);
  const group = expectStatus(await ada("POST", `${base}/section-groups`, { title: "Learn" }), 201);
  return { ada, base, section, group };
}

describe("absent routes", () => {
  it("answer a fixture's absent routes as unknown routes, and the others as usual", async () => {
    const emulator = await start({ fixture: { ...DEFAULT_FIXTURE, absent: [CUSTOM_FIELDS] } });
    const ada = as(emulator, "usr_ada");
    expectError(
      await ada("GET", "/orgs/org_acme/custom-fields"),
      404,
      "no route for GET /v1/orgs/org_acme/custom-fields",
    );
    // The same path under another method still answers.
    expectStatus(await ada("POST", "/orgs/org_acme/custom-fields", { name: "tier", type: "text" }), 201);
    expectStatus(await ada("GET", "/orgs/org_acme/teams"), 200);
    expect(emulator.requests[0]).toMatchObject({ status: 404 });
    expect(emulator.requests[0]?.route).toBeUndefined();
  });

  it("answer 404 even where the path has other methods, and leave them out of a 405's Allow", async () => {
    const emulator = await start();
    const { ada, base, section, group } = await siteWithGroup(emulator);
    const path = `${base}/section-groups/${group.id}/sections`;
    emulator.removeRoutes([ADD_MEMBER]);
    expectError(await ada("POST", path, { sectionId: section.id }), 404, `no route for POST /v1${path}`);
    emulator.restoreRoutes();
    expectStatus(await ada("POST", path, { sectionId: section.id }), 201);

    // A method the path never had is still a 405, naming only the methods left on.
    emulator.removeRoutes(["PATCH /orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId"]);
    const put = await ada("PUT", `${base}/section-groups/${group.id}`, { title: "Read" });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("DELETE");
  });

  it("matches routes by shape: the parameters' names do not matter", async () => {
    const emulator = await start();
    emulator.removeRoutes(["GET /orgs/:org/custom-fields"]);
    expect((await as(emulator, "usr_ada")("GET", "/orgs/org_acme/custom-fields")).status).toBe(404);
  });

  it("refuse a name that is no route", async () => {
    const emulator = await start();
    expect(() => emulator.removeRoutes(["GET /orgs/:organizationId/nothing"])).toThrow(
      'no route "GET /orgs/:organizationId/nothing"',
    );
    expect(() => emulator.removeRoutes(["/orgs/:organizationId/teams"])).toThrow(RangeError);
    // Nothing was switched off by the refused call.
    expectStatus(await as(emulator, "usr_ada")("GET", "/orgs/org_acme/teams"), 200);
  });
});

describe("a fixture's absent list", () => {
  it("is checked, with the line and column of a bad entry", async () => {
    const dir = await mkdtemp(join(tmpdir(), "docsync-absent-"));
    try {
      const file = join(dir, "fixture.yaml");
      await writeFile(
        file,
        [
          "users:",
          "  - { id: usr_ada, displayName: Ada, email: ada@acme.example }",
          "organizations:",
          "  - id: org_acme",
          "    title: Acme",
          "    members: [{ user: usr_ada, role: admin }]",
          "absent:",
          `  - ${CUSTOM_FIELDS}`,
          "  - GET /orgs/:organizationId/widgets",
          "",
        ].join("\n"),
      );
      await expect(start({ fixture: file })).rejects.toThrow(
        `fixture ${file}:9:5: absent[1]: must name a route of the emulator as METHOD /path, e.g. "GET /orgs/:organizationId/custom-fields" (got "GET /orgs/:organizationId/widgets")`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
