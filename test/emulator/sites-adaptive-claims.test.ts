// The adaptive schema in the form of the service's published description (a fixture whose
// `published` lists `adaptive-schema`): claims with a description each, an enum on strings,
// items on arrays and nested properties on objects, the schema closed; the spec's form otherwise.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FIXTURE } from "../../src/emulator/fixture.ts";
import {
  type Caller,
  callerAs,
  createSite,
  type Emulator,
  expectError,
  expectStatus,
  type Json,
  SITES,
  startEmulator,
} from "./sites-helpers.ts";

let published: Emulator;
let spec: Emulator;
let ada: Caller;

beforeAll(async () => {
  published = await startEmulator({ fixture: { ...DEFAULT_FIXTURE, published: ["adaptive-schema"] } });
  spec = await startEmulator();
  ada = callerAs(published, "usr_ada");
});
afterAll(async () => {
  await Promise.all([published.close(), spec.close()]);
});

const schema = (properties: Json, additionalProperties: unknown = false) => ({
  jsonSchema: { type: "object", properties, additionalProperties },
});

describe("published adaptive schema claims", () => {
  it("takes enums, arrays of primitive claims and nested objects, and answers them as sent", async () => {
    const site = await createSite(ada, { type: "ultimate" });
    const body = schema({
      plan: { type: "string", description: "Plan", enum: ["free", "pro"] },
      beta: { type: "boolean", description: "Beta tester" },
      tags: { type: "array", description: "Tags", items: { type: "string", description: "A tag" } },
      unsigned: {
        type: "object",
        description: "Unsigned claims",
        properties: { seats: { type: "number", description: "Seats" } },
        additionalProperties: false,
      },
    });
    const answer = expectStatus(await ada("PUT", `${SITES}/${site.id}/adaptive-schema`, body), 200);
    expect(answer.jsonSchema).toEqual(body.jsonSchema);
  });

  it("answers 400 naming the claim for a missing description, a foreign key, an open schema or a nested array", async () => {
    const site = await createSite(ada, { type: "ultimate" });
    const put = (body: Json) => ada("PUT", `${SITES}/${site.id}/adaptive-schema`, body);
    const at = "jsonSchema.properties";
    expectError(await put(schema({ plan: { type: "string" } })), 400, `${at}.plan.description: required`);
    expectError(
      await put(schema({ beta: { type: "boolean", description: "Beta", enum: ["x"] } })),
      400,
      `${at}.beta.enum: unknown field`,
    );
    expectError(
      await put(schema({ plan: { type: "string", description: "Plan" } }, true)),
      400,
      "jsonSchema.additionalProperties: must be false",
    );
    expectError(
      await put(
        schema({ tags: { type: "array", description: "Tags", items: { type: "array", description: "x" } } }),
      ),
      400,
      `${at}.tags.items.type: must be one of boolean, string, number`,
    );
    expectError(
      await put(
        schema({
          unsigned: { type: "object", description: "U", properties: {}, additionalProperties: true },
        }),
      ),
      400,
      `${at}.unsigned.additionalProperties: must be false`,
    );
  });

  it("are the spec's properties on an emulator that serves the spec's form", async () => {
    const admin = callerAs(spec, "usr_ada");
    const site = await createSite(admin, { type: "ultimate" });
    expectError(
      await admin(
        "PUT",
        `${SITES}/${site.id}/adaptive-schema`,
        schema({ plan: { type: "string", description: "Plan", enum: ["a"] } }),
      ),
      400,
      "jsonSchema.properties.plan.enum: unknown field",
    );
  });
});
