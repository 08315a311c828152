// Unknown body fields: ignored and logged by default (the service's request schemas are open
// objects), a 400 naming the field in strict mode.

import { afterEach, describe, expect, it } from "vitest";
import { startEmulator as startLenient } from "../../src/emulator/index.ts";
import { as, type Emulator, expectError, expectStatus, startEmulator } from "./http.ts";

let emulator: Emulator;
afterEach(async () => {
  await emulator.close();
});

describe("by default", () => {
  it("accepts a body with unknown fields, ignores them and lists their names in the log", async () => {
    emulator = await startLenient();
    const ada = as(emulator, "usr_ada");
    const team = expectStatus(
      await ada("PUT", "/orgs/org_acme/teams", { title: "Docs", color: "red", secretish: "s3cr3t" }),
      201,
    );
    expect(team).not.toHaveProperty("color");
    const moved = await ada("POST", "/spaces/spc_sdk/move", {
      position: { after: { type: "space", space: "spc_handbook", x: 1 } },
    });
    expectStatus(moved, 200);
    const entries = emulator.requests.map((entry) => entry.ignoredFields);
    expect(entries).toEqual([["color", "secretish"], ["position.after.x"]]);
    expect(JSON.stringify(emulator.requests)).not.toContain("s3cr3t");
  });
});

describe("values in a closed format", () => {
  it("an adaptive schema's unknown keys are a 400 in either mode: they are the schema, not request fields", async () => {
    emulator = await startLenient();
    const ada = as(emulator, "usr_ada");
    const site = expectStatus(await ada("POST", "/orgs/org_acme/sites", {}), 201);
    expectError(
      await ada("PUT", `/orgs/org_acme/sites/${site.id}/adaptive-schema`, {
        jsonSchema: { type: "object", oneOf: [] },
      }),
      400,
      "jsonSchema.oneOf: unknown field",
    );
  });
});

describe("strict", () => {
  it("answers 400 naming the first unknown field, and changes nothing", async () => {
    emulator = await startEmulator();
    const ada = as(emulator, "usr_ada");
    expectError(
      await ada("PUT", "/orgs/org_acme/teams", { title: "Docs", color: "red" }),
      400,
      "color: unknown field",
    );
    expectError(
      await ada("PATCH", "/spaces/spc_sdk", { title: "New", nested: { a: 1 } }),
      400,
      "nested: unknown field",
    );
    expect(expectStatus(await ada("GET", "/spaces/spc_sdk"), 200).title).toBe("SDK");
    expect(emulator.requests.every((entry) => entry.ignoredFields === undefined)).toBe(true);
  });
});
