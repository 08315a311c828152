// Custom fields (spec 4.8): the organization's fields and the values spaces hold for them.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  anIso,
  as,
  type Call,
  type Emulator,
  expectError,
  expectStatus,
  startEmulator,
  withToken,
} from "./http.ts";

let emulator: Emulator;
let ada: Call;
let eddie: Call;
const FIELDS = "/orgs/org_acme/custom-fields";
const VALUES = "/spaces/spc_handbook/custom-fields";

beforeEach(async () => {
  emulator = await startEmulator();
  ada = as(emulator, "usr_ada");
  eddie = as(emulator, "usr_eddie");
});
afterEach(async () => {
  await emulator.close();
});

async function createFields() {
  for (const field of [
    { name: "owner", type: "text", title: "Owner" },
    { name: "weight", type: "number" },
    { name: "beta", type: "boolean" },
    { name: "review-date", type: "date" },
    { name: "tier", type: "select", options: ["gold", "silver", "bronze"] },
    { name: "regions", type: "multi-select", options: ["eu", "us"] },
  ]) {
    expectStatus(await ada("POST", FIELDS, field), 201);
  }
}

describe("fields of an organization", () => {
  it("creates a field (201) without an object field", async () => {
    const body = {
      name: "tier",
      type: "select",
      title: "Tier",
      description: "Support tier",
      placeholder: "Pick one",
      options: ["gold", "silver"],
    };
    expect(expectStatus(await ada("POST", FIELDS, body), 201)).toEqual({
      id: "cf_0001",
      ...body,
      createdAt: anIso(),
      updatedAt: anIso(),
      urls: { location: `${emulator.url}/v1/orgs/org_acme/custom-fields/tier` },
      permissions: { view: true, edit: true },
    });
    expect(expectStatus(await eddie("GET", `${FIELDS}/tier`), 200).permissions).toEqual({
      view: true,
      edit: false,
    });
    expect(expectStatus(await eddie("GET", FIELDS), 200).count).toBe(1);
  });

  it("answers 409 for a name the organization already has", async () => {
    await ada("POST", FIELDS, { name: "owner", type: "text" });
    expectError(
      await ada("POST", FIELDS, { name: "owner", type: "number" }),
      409,
      'custom field "owner" already exists in organization "org_acme"',
    );
  });

  it("answers 400 for bad names, types and options", async () => {
    expectError(
      await ada("POST", FIELDS, { name: "Owner", type: "text" }),
      400,
      "name: must match lowercase letters, digits, _ and -",
    );
    expectError(
      await ada("POST", FIELDS, { name: "owner", type: "string" }),
      400,
      "type: must be one of text, number, boolean, date, select, multi-select",
    );
    expectError(
      await ada("POST", FIELDS, { name: "tier", type: "select" }),
      400,
      "options: required for type select",
    );
    expectError(
      await ada("POST", FIELDS, { name: "owner", type: "text", options: ["a"] }),
      400,
      "options: only allowed for types select and multi-select, not text",
    );
    expectError(
      await ada("POST", FIELDS, { name: "tier", type: "select", options: [] }),
      400,
      "options: must have at least 1 item",
    );
    expectError(
      await ada("POST", FIELDS, {
        name: "tier",
        type: "select",
        options: Array.from({ length: 51 }, (_, i) => `o${i}`),
      }),
      400,
      "options: must have at most 50 items",
    );
    expectError(
      await ada("POST", FIELDS, { name: "tier", type: "select", options: ["a", "a"] }),
      400,
      'options[1]: "a" is listed twice',
    );
    expectError(await ada("POST", FIELDS, { type: "text" }), 400, "name: required");
  });

  it("changes title, description, placeholder and options, never the name (400)", async () => {
    await createFields();
    const changed = expectStatus(
      await ada("PATCH", `${FIELDS}/owner`, {
        title: "Owning team",
        description: "Who",
        placeholder: "team",
      }),
      200,
    );
    expect(changed).toMatchObject({
      name: "owner",
      title: "Owning team",
      description: "Who",
      placeholder: "team",
    });
    const cleared = expectStatus(await ada("PATCH", `${FIELDS}/owner`, { description: null }), 200);
    expect("description" in cleared).toBe(false);
    expectError(await ada("PATCH", `${FIELDS}/owner`, { name: "lead" }), 400, "name: unknown field");
    expectError(await ada("PATCH", `${FIELDS}/owner`, { type: "number" }), 400, "type: unknown field");
    expectError(
      await ada("PATCH", `${FIELDS}/owner`, { options: ["x"] }),
      400,
      "options: only allowed for types select and multi-select, not text",
    );
  });

  it("drops values naming an option that a change removes", async () => {
    await createFields();
    await ada("PATCH", VALUES, { values: { tier: { value: "gold" }, regions: { value: ["eu", "us"] } } });
    await ada("PATCH", `${FIELDS}/tier`, { options: ["silver"] });
    await ada("PATCH", `${FIELDS}/regions`, { options: ["us", "apac"] });
    const values = expectStatus(await ada("GET", VALUES), 200);
    expect(
      values.map((entry: { customField: { name: string }; value: unknown }) => [
        entry.customField.name,
        entry.value,
      ]),
    ).toEqual([["regions", ["us"]]]);
  });

  it("deletes a field (204) with its values; 404 afterwards", async () => {
    await createFields();
    await ada("PATCH", VALUES, { values: { owner: { value: "Docs" } } });
    const answer = await ada("DELETE", `${FIELDS}/owner`);
    expect(answer.status).toBe(204);
    expect(answer.text).toBe("");
    expectError(await ada("GET", `${FIELDS}/owner`), 404, 'custom field "owner" not found');
    expect(expectStatus(await ada("GET", VALUES), 200)).toEqual([]);
  });

  it("answers 403 to a non-admin, 404 to a non-member, 401 without a token", async () => {
    expectError(
      await eddie("POST", FIELDS, { name: "x", type: "text" }),
      403,
      'changing organization "org_acme" needs the admin role',
    );
    expectError(
      await ada("GET", "/orgs/org_globex/custom-fields"),
      404,
      'organization "org_globex" not found',
    );
    expect((await withToken(emulator, null)("GET", FIELDS)).status).toBe(401);
  });
});

describe("values of a space", () => {
  beforeEach(createFields);

  it("sets values of every type (204) and lists the fields that hold one", async () => {
    const values = {
      owner: { value: "Docs team" },
      weight: { value: 2.5 },
      beta: { value: false },
      "review-date": { value: "2026-03-01" },
      tier: { value: "gold" },
      regions: { value: ["us", "eu"] },
    };
    const answer = await ada("PATCH", VALUES, { values });
    expect(answer.status).toBe(204);
    expect(answer.text).toBe("");
    const listed = expectStatus(await as(emulator, "usr_rita")("GET", VALUES), 200);
    expect(
      listed.map((entry: { customField: { name: string }; value: unknown }) => [
        entry.customField.name,
        entry.value,
      ]),
    ).toEqual(Object.entries(values).map(([name, { value }]) => [name, value]));
    expect(listed[0].customField).toMatchObject({
      id: "cf_0001",
      name: "owner",
      type: "text",
      title: "Owner",
    });
  });

  it("clears a value with null", async () => {
    await ada("PATCH", VALUES, { values: { owner: { value: "Docs" }, beta: { value: true } } });
    await ada("PATCH", VALUES, { values: { owner: { value: null } } });
    const listed = expectStatus(await ada("GET", VALUES), 200);
    expect(listed.map((entry: { customField: { name: string } }) => entry.customField.name)).toEqual([
      "beta",
    ]);
  });

  it("answers 400 for a value that does not fit the field's type, and stores nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ owner: { value: 3 } }, "values.owner.value: must be a string for a text field"],
      [{ weight: { value: "3" } }, "values.weight.value: must be a number for a number field"],
      [{ beta: { value: "yes" } }, "values.beta.value: must be true or false for a boolean field"],
      [
        { "review-date": { value: "next week" } },
        "values.review-date.value: must be a date (YYYY-MM-DD) or an ISO 8601 date-time for a date field",
      ],
      [{ tier: { value: "platinum" } }, "values.tier.value: must be one of gold, silver, bronze"],
      [
        { regions: { value: "eu" } },
        "values.regions.value: must be an array of options for a multi-select field",
      ],
      [{ regions: { value: ["eu", "mars"] } }, "values.regions.value[1]: must be one of eu, us"],
      [{ regions: { value: ["eu", "eu"] } }, 'values.regions.value[1]: "eu" is listed twice'],
      [
        { owner: { value: "ok" }, nope: { value: 1 } },
        'values.nope: no custom field named "nope" in organization "org_acme"',
      ],
      [{ owner: "Docs" }, 'values.owner: must be an object {"value": ...}'],
      [{ owner: { value: "x", note: 1 } }, "values.owner.note: unknown field"],
      [{ owner: {} }, "values.owner.value: required"],
    ];
    for (const [values, message] of cases) expectError(await ada("PATCH", VALUES, { values }), 400, message);
    expectError(await ada("PATCH", VALUES, {}), 400, "values: required");
    expect(expectStatus(await ada("GET", VALUES), 200)).toEqual([]);
  });

  it("answers 403 to a non-admin and 404 for another organization's space", async () => {
    expectError(
      await eddie("PATCH", VALUES, { values: { owner: { value: "x" } } }),
      403,
      'changing organization "org_acme" needs the admin role',
    );
    expectError(await ada("GET", "/spaces/spc_globex/custom-fields"), 404, 'space "spc_globex" not found');
  });
});
