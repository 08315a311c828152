// The request log and its counters: what was asked, how it was answered, never the token.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RequestLogEntry } from "../../src/emulator/index.ts";
import { as, type Emulator, startEmulator, withToken } from "./http.ts";

let emulator: Emulator;
const seen: RequestLogEntry[] = [];

beforeEach(async () => {
  seen.length = 0;
  emulator = await startEmulator({ onRequest: (entry) => seen.push(entry) });
});
afterEach(async () => {
  await emulator.close();
});

async function traffic() {
  const ada = as(emulator, "usr_ada");
  await ada("GET", "/orgs?limit=5");
  await ada("GET", "/orgs/org_acme/teams");
  await ada("PUT", "/orgs/org_acme/teams", { title: "Logged" });
  await ada("DELETE", "/orgs/org_acme/teams/team_reviewers");
  await ada("GET", "/nope");
  await withToken(emulator, "emu_wrong")("GET", "/orgs");
}

describe("the request log", () => {
  it("records method, path, query, status, route and duration of each request", async () => {
    await traffic();
    const duration = expect.any(Number);
    expect(emulator.requests).toEqual([
      {
        seq: 1,
        method: "GET",
        path: "/v1/orgs",
        query: "limit=5",
        status: 200,
        route: "GET /orgs",
        durationMs: duration,
      },
      {
        seq: 2,
        method: "GET",
        path: "/v1/orgs/org_acme/teams",
        query: "",
        status: 200,
        route: "GET /orgs/:organizationId/teams",
        durationMs: duration,
      },
      {
        seq: 3,
        method: "PUT",
        path: "/v1/orgs/org_acme/teams",
        query: "",
        status: 201,
        route: "PUT /orgs/:organizationId/teams",
        durationMs: duration,
      },
      {
        seq: 4,
        method: "DELETE",
        path: "/v1/orgs/org_acme/teams/team_reviewers",
        query: "",
        status: 204,
        route: "DELETE /orgs/:organizationId/teams/:teamId",
        durationMs: duration,
      },
      { seq: 5, method: "GET", path: "/v1/nope", query: "", status: 404, durationMs: duration },
      {
        seq: 6,
        method: "GET",
        path: "/v1/orgs",
        query: "",
        status: 401,
        route: "GET /orgs",
        durationMs: duration,
      },
    ]);
    expect(seen).toEqual(emulator.requests);
  });

  it("never holds a token", async () => {
    await traffic();
    const text = JSON.stringify(emulator.requests);
    for (const token of [...Object.values(emulator.tokens), "emu_wrong"]) expect(text).not.toContain(token);
  });

  it("counts requests by kind, status and route", async () => {
    await traffic();
    expect(emulator.stats()).toEqual({
      total: 6,
      reads: 4,
      writes: 2,
      byStatus: { "200": 2, "201": 1, "204": 1, "401": 1, "404": 1 },
      byRoute: {
        "GET /orgs": 2,
        "GET /orgs/:organizationId/teams": 1,
        "PUT /orgs/:organizationId/teams": 1,
        "DELETE /orgs/:organizationId/teams/:teamId": 1,
      },
    });
  });

  it("starts over on resetLog, in the same array", async () => {
    const requests = emulator.requests;
    await traffic();
    emulator.resetLog();
    expect(requests).toEqual([]);
    expect(emulator.stats()).toEqual({ total: 0, reads: 0, writes: 0, byStatus: {}, byRoute: {} });
    await as(emulator, "usr_ada")("GET", "/orgs");
    expect(requests.map((entry) => [entry.seq, entry.path])).toEqual([[1, "/v1/orgs"]]);
  });

  it("keeps no bodies unless asked to", async () => {
    await traffic();
    expect(emulator.requests.some((entry) => "bodies" in entry)).toBe(false);
  });
});

describe("the request log with bodies", () => {
  let recording: Emulator;
  beforeEach(async () => {
    recording = await startEmulator({ recordBodies: true });
  });
  afterEach(() => recording.close());

  it("keeps each request's and answer's JSON body as sent, and nothing for an empty one", async () => {
    const ada = as(recording, "usr_ada");
    const created = await ada("PUT", "/orgs/org_acme/teams", { title: "Logged", members: ["usr_eddie"] });
    await ada("DELETE", `/orgs/org_acme/teams/${created.body.id}`);
    await ada("PUT", "/orgs/org_acme/teams", { title: "" });
    const [create, remove, refused] = recording.requests;
    expect(create?.bodies).toEqual({
      request: { title: "Logged", members: ["usr_eddie"] },
      response: created.body,
    });
    expect(remove?.bodies).toEqual({});
    expect(refused?.bodies).toEqual({
      request: { title: "" },
      response: { error: { code: 400, message: expect.stringMatching(/^title: /) } },
    });
  });

  it("keeps a listing assembled from cached items as the client received it", async () => {
    const ada = as(recording, "usr_ada");
    const site = await ada("POST", "/orgs/org_acme/sites", { title: "Docs" });
    const redirects = `/orgs/org_acme/sites/${site.body.id}/redirects`;
    await ada("POST", redirects, {
      source: "/old",
      destination: { kind: "external", url: "https://x.example" },
    });
    const first = await ada("GET", redirects);
    const cached = await ada("GET", redirects);
    expect(recording.requests.at(-2)?.bodies?.response).toEqual(first.body);
    expect(recording.requests.at(-1)?.bodies?.response).toEqual(cached.body);
    expect(cached.body.items).toHaveLength(1);
  });

  it("keeps a body that is not JSON as its text", async () => {
    const response = await fetch(`${recording.url}/v1/orgs/org_acme/collections`, {
      method: "POST",
      headers: { authorization: `Bearer ${recording.token}`, "content-type": "application/json" },
      body: "{not json",
    });
    expect(response.status).toBe(400);
    expect(recording.requests.at(-1)?.bodies?.request).toBe("{not json");
  });
});
