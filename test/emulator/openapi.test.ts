// OpenAPI specs (spec 4.17): addressed by slug; PUT creates or replaces.

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
const SPECS = "/orgs/org_acme/openapi";
const URL_SOURCE = { url: "https://petstore3.example/openapi.json" };

beforeEach(async () => {
  emulator = await startEmulator();
  ada = as(emulator, "usr_ada");
  eddie = as(emulator, "usr_eddie");
});
afterEach(async () => {
  await emulator.close();
});

describe("OpenAPI specs", () => {
  it("creates a spec from a URL (201), processed at once", async () => {
    expect(expectStatus(await ada("POST", SPECS, { slug: "petstore", source: URL_SOURCE }), 201)).toEqual({
      object: "openapi-spec",
      id: "oas_0001",
      createdAt: anIso(),
      updatedAt: anIso(),
      slug: "petstore",
      sourceURL: URL_SOURCE.url,
      processingState: "complete",
      lastVersion: "oasv_0001",
      lastProcessedAt: anIso(),
      lastProcessedErrorCount: 0,
      permissions: { view: true, edit: true },
      urls: {
        location: `${emulator.url}/v1/orgs/org_acme/openapi/petstore`,
        app: "https://app.docs.example/o/org_acme/openapi/petstore",
      },
    });
  });

  it("creates a spec from text, without a sourceURL", async () => {
    const created = expectStatus(
      await ada("POST", SPECS, { slug: "inline", source: { text: "openapi: 3.1.0" } }),
      201,
    );
    expect("sourceURL" in created).toBe(false);
    expect(created.processingState).toBe("complete");
  });

  it("answers 409 for a slug the organization already has", async () => {
    await ada("POST", SPECS, { slug: "petstore", source: URL_SOURCE });
    expectError(
      await ada("POST", SPECS, { slug: "petstore", source: URL_SOURCE }),
      409,
      'OpenAPI spec "petstore" already exists in organization "org_acme"',
    );
  });

  it("answers 400 for a bad slug or source", async () => {
    expectError(
      await ada("POST", SPECS, { slug: "Pet Store", source: URL_SOURCE }),
      400,
      "slug: must match ^[a-z0-9]+(?:-[a-z0-9]+)*$",
    );
    const oneOf = 'source: must be {"url": "<URL of the document>"} or {"text": "<the document>"}';
    expectError(await ada("POST", SPECS, { slug: "a", source: {} }), 400, oneOf);
    expectError(
      await ada("POST", SPECS, { slug: "a", source: { url: URL_SOURCE.url, text: "x" } }),
      400,
      oneOf,
    );
    expectError(
      await ada("POST", SPECS, { slug: "a", source: { url: "nope" } }),
      400,
      "source.url: must be an absolute http or https URL",
    );
    expectError(
      await ada("POST", SPECS, { slug: "a", source: { text: "" } }),
      400,
      "source.text: must be at least 1 characters",
    );
    expectError(await ada("POST", SPECS, { slug: "a" }), 400, "source: required");
  });

  it("PUT creates (201) then replaces (200) with a new version", async () => {
    const created = expectStatus(await ada("PUT", `${SPECS}/petstore`, { source: URL_SOURCE }), 201);
    expect(created).toMatchObject({ slug: "petstore", lastVersion: "oasv_0001" });
    const replaced = expectStatus(
      await ada("PUT", `${SPECS}/petstore`, { source: { text: "openapi: 3.1.0" } }),
      200,
    );
    expect(replaced).toMatchObject({ id: created.id, lastVersion: "oasv_0002" });
    expect("sourceURL" in replaced).toBe(false);
    expectError(
      await ada("PUT", `${SPECS}/Bad_Slug`, { source: URL_SOURCE }),
      400,
      "slug: must match ^[a-z0-9]+(?:-[a-z0-9]+)*$",
    );
    expectError(
      await ada("PUT", `${SPECS}/petstore`, { slug: "x", source: URL_SOURCE }),
      400,
      "slug: unknown field",
    );
  });

  it("lists, reads and deletes specs", async () => {
    await ada("POST", SPECS, { slug: "petstore", source: URL_SOURCE });
    expect(expectStatus(await eddie("GET", SPECS), 200).items.map((s: { slug: string }) => s.slug)).toEqual([
      "petstore",
    ]);
    expect(expectStatus(await eddie("GET", `${SPECS}/petstore`), 200).permissions).toEqual({
      view: true,
      edit: false,
    });
    const answer = await ada("DELETE", `${SPECS}/petstore`);
    expect(answer.status).toBe(204);
    expect(answer.text).toBe("");
    expectError(await ada("GET", `${SPECS}/petstore`), 404, 'OpenAPI spec "petstore" not found');
  });

  it("answers 403 to a non-admin, 404 to a non-member, 401 without a token", async () => {
    expectError(
      await eddie("PUT", `${SPECS}/petstore`, { source: URL_SOURCE }),
      403,
      'changing organization "org_acme" needs the admin role',
    );
    expectError(await ada("GET", "/orgs/org_globex/openapi"), 404, 'organization "org_globex" not found');
    expect((await withToken(emulator, null)("GET", SPECS)).status).toBe(401);
  });
});
