// The server itself: authentication, routing, bodies, error answers and keep-alive.

import { Agent, request as httpRequest } from "node:http";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Route } from "../../src/emulator/core/context.ts";
import { EmulatorState } from "../../src/emulator/core/state.ts";
import { FaultInjector } from "../../src/emulator/faults.ts";
import { applyFixture } from "../../src/emulator/fixture/apply.ts";
import { DEFAULT_FIXTURE } from "../../src/emulator/fixture.ts";
import { RateLimiter } from "../../src/emulator/rate-limit.ts";
import { RequestLog } from "../../src/emulator/request-log.ts";
import { Router } from "../../src/emulator/router.ts";
import { createEmulatorServer, listen } from "../../src/emulator/server.ts";
import { as, type Call, type Emulator, expectError, startEmulator, withToken } from "./http.ts";

let emulator: Emulator;
let ada: Call;

beforeEach(async () => {
  emulator = await startEmulator();
  ada = as(emulator, "usr_ada");
});
afterEach(async () => {
  await emulator.close();
});

describe("authentication", () => {
  it("answers 401 with a Bearer challenge when the header is missing", async () => {
    const answer = await withToken(emulator, null)("GET", "/orgs");
    expectError(answer, 401, "missing credentials: send the header Authorization: Bearer <token>");
    expect(answer.headers.get("www-authenticate")).toBe("Bearer");
  });

  it("answers 401 for a token no user holds", async () => {
    const answer = await withToken(emulator, "emu_not_a_token")("GET", "/orgs");
    expectError(answer, 401, "invalid token: it does not belong to any user");
    expect(answer.headers.get("www-authenticate")).toBe("Bearer");
  });

  it("answers 401 for another scheme", async () => {
    const answer = await withToken(emulator, null)("GET", "/orgs", undefined, {
      authorization: `Basic ${emulator.token}`,
    });
    expectError(answer, 401, "missing credentials: send the header Authorization: Bearer <token>");
  });
});

describe("routing", () => {
  it("answers 404 for an unknown path", async () => {
    expectError(await ada("GET", "/nope"), 404, "no route for GET /v1/nope");
  });

  it("answers 404 outside /v1", async () => {
    const response = await fetch(`${emulator.url}/orgs`, {
      headers: { authorization: `Bearer ${emulator.token}` },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 404, message: "no route for GET /orgs" } });
  });

  it("answers 405 with Allow for a known path and another method", async () => {
    const answer = await ada("DELETE", "/orgs");
    expectError(answer, 405, "method DELETE is not allowed on /v1/orgs");
    expect(answer.headers.get("allow")).toBe("GET");
    const teams = await ada("POST", "/orgs/org_acme/teams", { title: "x" });
    expect(teams.status).toBe(405);
    expect(teams.headers.get("allow")).toBe("GET, PUT");
  });

  it("URI-decodes path parameters", async () => {
    const answer = await ada("GET", "/orgs/org%5Facme");
    expect(answer.status).toBe(200);
    expect(answer.body.id).toBe("org_acme");
  });

  it("answers 400 for malformed percent-encoding", async () => {
    expectError(
      await ada("GET", "/orgs/org%E0%A4%A"),
      400,
      'path: "org%E0%A4%A" is not valid percent-encoding',
    );
  });
});

describe("bodies", () => {
  it("answers 400 naming the problem of malformed JSON", async () => {
    expectError(
      await ada("PATCH", "/orgs/org_acme", '{"title": '),
      400,
      "request body: malformed JSON: Unexpected end of JSON input",
    );
  });

  it("answers 413 for a body over 1 MiB", async () => {
    const big = JSON.stringify({ title: "x".repeat(1024 * 1024) });
    expectError(
      await ada("PATCH", "/orgs/org_acme", big),
      413,
      "request body: larger than 1048576 bytes (1 MiB)",
    );
  });

  it("answers 415 for a body that is not JSON", async () => {
    const answer = await ada("PATCH", "/orgs/org_acme", "title=x", {
      "content-type": "application/x-www-form-urlencoded",
    });
    expectError(answer, 415, "request body: Content-Type must be application/json");
  });

  it("answers 400 for an unknown field and for a body that is not an object", async () => {
    expectError(await ada("PATCH", "/orgs/org_acme", { colour: "red" }), 400, "colour: unknown field");
    expectError(
      await ada("PATCH", "/orgs/org_acme", [1]),
      400,
      "request body: must be a JSON object, got an array",
    );
  });
});

describe("answers", () => {
  it("sends JSON with a charset", async () => {
    const answer = await ada("GET", "/orgs/org_acme");
    expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
  });

  it("answers a DELETE with 204 and an empty body", async () => {
    const answer = await ada("DELETE", "/orgs/org_acme/teams/team_reviewers");
    expect(answer.status).toBe(204);
    expect(answer.text).toBe("");
    expect(answer.headers.get("content-type")).toBeNull();
  });

  it("keeps connections alive", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const url = new URL(`${emulator.url}/v1/orgs`);
    const sockets: unknown[] = [];
    for (let i = 0; i < 2; i++) {
      await new Promise<void>((resolve, reject) => {
        const req = httpRequest(
          url,
          { agent, headers: { authorization: `Bearer ${emulator.token}` } },
          (res) => {
            sockets.push(res.socket);
            res.resume();
            res.on("end", resolve);
          },
        );
        req.on("error", reject);
        req.end();
      });
    }
    agent.destroy();
    expect(sockets[0]).toBe(sockets[1]);
  });
});

describe("a bug in a handler", () => {
  it("answers 500 with a generic message and writes the stack to stderr", async () => {
    const state = new EmulatorState();
    const { tokens } = applyFixture(state, DEFAULT_FIXTURE);
    const boom: Route = {
      method: "GET",
      path: "/boom",
      handler: () => {
        throw new TypeError("undefined is not a function");
      },
    };
    const server = createEmulatorServer({
      state,
      router: new Router([boom]),
      faults: new FaultInjector(1),
      limiter: new RateLimiter(undefined, () => Date.now()),
      strict: true,
      log: new RequestLog(),
    });
    const url = await listen(server, 0, "127.0.0.1");
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      const response = await fetch(`${url}/v1/boom`, {
        headers: { authorization: `Bearer ${tokens.usr_ada}` },
      });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({
        error: { code: 500, message: "internal error in the emulator" },
      });
      const written = stderr.mock.calls.map((call) => String(call[0])).join("");
      expect(written).toContain("docsync emulator: internal error on GET /v1/boom");
      expect(written).toContain("TypeError: undefined is not a function");
    } finally {
      stderr.mockRestore();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
