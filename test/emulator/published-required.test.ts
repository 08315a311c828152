// The fields the service's published answers always carry where the spec says nothing, on
// every answer of the object over HTTP (its create, read, listing, update): a site's eight
// `permissions`, the organization's `trial` with its `count`, an OpenAPI spec's
// `lastProcessedErrorCount` and `permissions`, a translation sync's `instructions` (a
// document), `stats`, `permissions` and `urls`. And the published rules besides: no null
// `hostname` for an organization, and the adaptive schema's published claims for a fixture
// that asks for the published forms.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FIXTURE } from "../../src/emulator/fixture.ts";
import { as, type Call, type Emulator, expectError, expectStatus, type Json, startEmulator } from "./http.ts";

const ORG = "/orgs/org_acme";

let published: Emulator;
let admin: Call;
let editor: Call;

beforeAll(async () => {
  published = await startEmulator({
    strict: true,
    fixture: { ...DEFAULT_FIXTURE, published: ["translations", "adaptive-schema"] },
  });
  admin = as(published, "usr_ada");
  editor = as(published, "usr_eddie");
});
afterAll(async () => {
  await published.close();
});

const booleans = (keys: readonly string[]) =>
  Object.fromEntries(keys.map((key) => [key, expect.any(Boolean)]));
const integer = expect.toSatisfy((value: unknown) => Number.isInteger(value) && (value as number) >= 0);

/** The answer's bodies: a created or read object, and the items of a listing. */
async function answers(calls: [Call, string, string, unknown?, number?][]): Promise<Json[]> {
  const bodies: Json[] = [];
  for (const [call, method, path, body, status] of calls) {
    const answer = expectStatus(await call(method, path, body), status ?? 200);
    bodies.push(...(Array.isArray(answer.items) ? answer.items : [answer]));
  }
  return bodies;
}

describe("the fields every published answer carries", () => {
  it("a site's permissions: the eight published keys, each a boolean, on every answer", async () => {
    const site = expectStatus(await admin("POST", `${ORG}/sites`, { title: "Perms" }), 201);
    const all = await answers([
      [admin, "GET", `${ORG}/sites/${site.id}`],
      [editor, "GET", `${ORG}/sites/${site.id}`],
      [admin, "GET", `${ORG}/sites`],
      [admin, "PATCH", `${ORG}/sites/${site.id}`, { title: "Perms 2" }],
    ]);
    const keys = [
      ...["view", "access", "edit", "create", "admin", "installIntegration", "viewAdaptiveSchema"],
      "editAdaptiveSchema",
    ];
    for (const body of [site, ...all]) expect(body.permissions).toStrictEqual(booleans(keys));
  });

  it("the organization's trial: a published status and an integer count, on every answer", async () => {
    const all = await answers([
      [admin, "GET", ORG],
      [admin, "GET", "/orgs"],
      [admin, "PATCH", ORG, { title: "Acme" }],
    ]);
    expect(all.length).toBeGreaterThanOrEqual(3);
    for (const body of all) {
      for (const key of Object.keys(body.trial))
        expect(["status", "count", "endDate", "decision"]).toContain(key);
      expect(body.trial).toMatchObject({ count: integer });
      expect(["notapplicable", "none", "active", "ended", "expired"]).toContain(body.trial.status);
    }
  });

  it("refuses a null hostname for the organization, and keeps the one it has", async () => {
    const before = expectStatus(await admin("GET", ORG), 200).hostname;
    expectError(await admin("PATCH", ORG, { hostname: null }), 400, "hostname: must not be null");
    expect(expectStatus(await admin("GET", ORG), 200).hostname).toBe(before);
  });

  it("an OpenAPI spec's lastProcessedErrorCount and permissions, on every answer", async () => {
    const source = { url: "https://petstore3.example/openapi.json" };
    const all = await answers([
      [admin, "POST", `${ORG}/openapi`, { slug: "pets", source }, 201],
      [admin, "GET", `${ORG}/openapi`],
      [admin, "GET", `${ORG}/openapi/pets`],
      [editor, "GET", `${ORG}/openapi/pets`],
      [admin, "PUT", `${ORG}/openapi/pets`, { source }],
    ]);
    for (const body of all) {
      expect(body.lastProcessedErrorCount).toEqual(integer);
      expect(body.permissions).toStrictEqual(booleans(["view", "edit"]));
    }
  });

  it("a translation sync's instructions (a document), stats, permissions and urls, on every answer", async () => {
    const sync = { source: { space: "spc_handbook", language: "en" }, language: "nl" };
    const created = expectStatus(await admin("POST", `${ORG}/translations`, sync), 201);
    const one = `${ORG}/translations/${created.id}`;
    const all = await answers([
      [admin, "GET", `${ORG}/translations`],
      [editor, "GET", one],
      [admin, "POST", `${one}/run`],
    ]);
    const stats = ["runs", "totalWords", "totalPages", "totalDuration", "latestRunDuration"];
    for (const body of [created, ...all]) {
      // None was given: an empty document, never a mapping of free keys nor absent.
      expect(body.instructions).toStrictEqual({ object: "document", data: {}, nodes: [] });
      expect(body.stats).toStrictEqual(Object.fromEntries(stats.map((key) => [key, integer])));
      expect(body.permissions).toStrictEqual(booleans(["view", "edit"]));
      expect(body.urls).toStrictEqual({ location: `${published.url}/v1${one}` });
    }
    const instructions = { object: "document", data: { schemaVersion: 1 }, nodes: [] };
    const put = expectStatus(await admin("PUT", one, { instructions }), 200);
    expect(put.instructions).toStrictEqual(instructions);
    expectError(
      await admin("PUT", one, { instructions: { tone: "formal" } }),
      400,
      "instructions.tone: unknown field",
    );
  });

  it("takes and answers the published adaptive schema claims when the fixture asks for the published forms", async () => {
    const site = expectStatus(
      await admin("POST", `${ORG}/sites`, { title: "Claims", type: "ultimate" }),
      201,
    );
    const jsonSchema = {
      type: "object",
      properties: {
        plan: { type: "string", description: "Plan", enum: ["free", "pro"] },
        tags: { type: "array", description: "Tags", items: { type: "string", description: "A tag" } },
      },
      additionalProperties: false,
    };
    const path = `${ORG}/sites/${site.id}/adaptive-schema`;
    expectStatus(await admin("PUT", path, { jsonSchema }), 200);
    expect(expectStatus(await admin("GET", path), 200).jsonSchema).toStrictEqual(jsonSchema);
  });
});
