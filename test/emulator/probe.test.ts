// Every endpoint of the spec has a route in the emulator (scripts/probe-endpoints.ts), and the
// probe itself tells a missing route from an answered one.

import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEndpoints, probeEndpoints, probeSpec, SPEC_PATH } from "../../scripts/probe-endpoints.ts";
import { type Emulator, startEmulator } from "./http.ts";

const SAMPLE = `## 4. Endpoints

### 4.1 Things

Prefix \`/orgs/{organizationId}/things\`.

| method | path | request | response |
|---|---|---|---|
| GET | (prefix) | LIST | Paged<Thing> |
| DELETE | /{thingId} | | 204 |
| GET | /orgs/{organizationId}/things/{thingId}/parts | | Part |
| PUT | .../things/{thingId}/shape | | Shape |

### 4.2 Other things

The operations of 4.1 exist under the prefix \`/spaces/{spaceId}/things\` in place of \`/orgs/{organizationId}/things\`.

## 5. Authentication

| GET | /not/an/endpoint | | |
`;

describe("parseEndpoints", () => {
  it("reads prefixes, suffixes, continued paths and endpoints named by reference", () => {
    expect(parseEndpoints(SAMPLE)).toEqual([
      { method: "GET", path: "/orgs/{organizationId}/things" },
      { method: "DELETE", path: "/orgs/{organizationId}/things/{thingId}" },
      { method: "GET", path: "/orgs/{organizationId}/things/{thingId}/parts" },
      { method: "PUT", path: "/orgs/{organizationId}/things/{thingId}/shape" },
      { method: "GET", path: "/spaces/{spaceId}/things" },
      { method: "DELETE", path: "/spaces/{spaceId}/things/{thingId}" },
      { method: "GET", path: "/spaces/{spaceId}/things/{thingId}/parts" },
      { method: "PUT", path: "/spaces/{spaceId}/things/{thingId}/shape" },
    ]);
  });
});

describe("probeEndpoints", () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator();
  });
  afterAll(async () => {
    await emulator.close();
  });

  it("passes a routed endpoint whatever it answers, fails an unknown path or method", async () => {
    const results = await probeEndpoints(emulator.url, emulator.token, [
      { method: "GET", path: "/spaces/{spaceId}" },
      { method: "GET", path: "/nothing/here" },
      { method: "DELETE", path: "/orgs" },
    ]);
    expect(results.map((r) => [r.status, r.routed])).toEqual([
      [404, true],
      [404, false],
      [405, false],
    ]);
  });
});

describe("the spec", () => {
  if (!existsSync(SPEC_PATH)) console.log(`Skipping the spec probe: ${SPEC_PATH} is absent.`);
  it.skipIf(!existsSync(SPEC_PATH))("has a route for each of its 134 endpoints", async () => {
    const results = (await probeSpec()) ?? [];
    expect(results.filter((r) => !r.routed).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    expect(results).toHaveLength(134);
  });
});
