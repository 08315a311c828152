// Fault injection and the rate limit: seeded repeatability, errors before and after a change,
// connection resets, throttling, latency before a change and before its answer, and the
// X-RateLimit headers.

import { afterEach, describe, expect, it } from "vitest";
import type { EmulatorOptions } from "../../src/emulator/index.ts";
import { listTeams } from "../../src/emulator/teams/store.ts";
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

async function statuses(emulator: Emulator, count: number): Promise<number[]> {
  const ada = as(emulator, "usr_ada");
  const seen: number[] = [];
  for (let i = 0; i < count; i++) seen.push((await ada("GET", "/orgs/org_acme")).status);
  return seen;
}

const teamTitles = async (emulator: Emulator): Promise<string[]> =>
  expectStatus(await as(emulator, "usr_ada")("GET", "/orgs/org_acme/teams"), 200).items.map(
    (t: { title: string }) => t.title,
  );

describe("random faults", () => {
  it("repeat with the same seed", async () => {
    const faults = { seed: 42, errorRate: 0.3, throttleRate: 0.1 };
    const first = await statuses(await start({ faults }), 20);
    const second = await statuses(await start({ faults }), 20);
    expect(first).toEqual(second);
    expect(first).toEqual([
      200, 200, 200, 200, 429, 200, 200, 429, 500, 500, 200, 200, 429, 429, 200, 200, 200, 200, 500, 200,
    ]);
    const other = await statuses(await start({ faults: { ...faults, seed: 43 } }), 20);
    expect(other).not.toEqual(first);
  });

  it("take the seed of startEmulator when the faults give none, and restart with setFaults", async () => {
    const emulator = await start({ seed: 42, faults: { errorRate: 0.3, throttleRate: 0.1 } });
    const first = await statuses(emulator, 20);
    emulator.setFaults({ seed: 42, errorRate: 0.3, throttleRate: 0.1 });
    expect(await statuses(emulator, 20)).toEqual(first);
    emulator.setFaults({});
    expect(await statuses(emulator, 5)).toEqual([200, 200, 200, 200, 200]);
  });

  it("answer errors before any change", async () => {
    const emulator = await start({
      faults: { errorRate: 1, errorStatuses: [503], match: { method: "PUT" } },
    });
    const answer = await as(emulator, "usr_ada")("PUT", "/orgs/org_acme/teams", { title: "Lost" });
    expectError(answer, 503, "Service Unavailable (injected fault)");
    expect(await teamTitles(emulator)).toEqual(["Writers", "Reviewers"]);
    expect(emulator.requests.map((entry) => [entry.method, entry.status, entry.fault])).toEqual([
      ["PUT", 503, "status"],
      ["GET", 200, undefined],
    ]);
  });

  it("throttle with 429 and Retry-After", async () => {
    const emulator = await start({ faults: { throttleRate: 1, retryAfterSeconds: 7 } });
    const answer = await as(emulator, "usr_ada")("GET", "/orgs");
    expectError(answer, 429, "too many requests; please try again later (injected fault)");
    expect(answer.headers.get("retry-after")).toBe("7");
  });

  it("make writes and then answer 500 after the change, leaving reads alone", async () => {
    const emulator = await start({ faults: { afterCommitRate: 1 } });
    const answer = await as(emulator, "usr_ada")("PUT", "/orgs/org_acme/teams", { title: "Committed" });
    expectError(answer, 500, "Internal Server Error (injected fault)");
    expect(await teamTitles(emulator)).toEqual(["Writers", "Reviewers", "Committed"]);
    expect(emulator.requests[0]?.fault).toBe("after-commit");
  });

  it("apply latency and jitter to answered requests", async () => {
    const emulator = await start({ faults: { latencyMs: 120, jitterMs: 30 } });
    const before = performance.now();
    expect((await as(emulator, "usr_ada")("GET", "/orgs")).status).toBe(200);
    expect(performance.now() - before).toBeGreaterThanOrEqual(115);
    expect(emulator.requests[0]?.durationMs).toBeGreaterThanOrEqual(119);
    expect(emulator.requests[0]?.durationMs).toBeLessThan(1000);
  });

  it("answer after a random delay once the change is made: answers come in another order", async () => {
    const emulator = await start({ seed: 3, faults: { replyJitterMs: 60 } });
    const titles = Array.from({ length: 8 }, (_, i) => `Team ${i}`);
    const answered: string[] = [];
    await Promise.all(
      titles.map(async (title) => {
        expect((await as(emulator, "usr_ada")("PUT", "/orgs/org_acme/teams", { title })).status).toBe(201);
        answered.push(title);
      }),
    );
    const made = (await teamTitles(emulator)).slice(2);
    expect([...answered].sort()).toEqual([...made].sort());
    expect(answered).not.toEqual(made);
  });

  it("limit every effect to the matching requests", async () => {
    const emulator = await start({
      faults: { errorRate: 1, match: { path: "/orgs/:organizationId/teams" } },
    });
    const ada = as(emulator, "usr_ada");
    expect((await ada("GET", "/orgs/org_acme")).status).toBe(200);
    expect([500, 502, 503]).toContain((await ada("GET", "/orgs/org_acme/teams")).status);
  });
});

describe("failNext", () => {
  it("fails the next matching requests, then lets them through", async () => {
    const emulator = await start();
    emulator.failNext({ method: "GET", path: /\/teams$/, kind: "status", status: 502, times: 2 });
    const ada = as(emulator, "usr_ada");
    expect((await ada("GET", "/orgs/org_acme")).status).toBe(200);
    const results = [];
    for (let i = 0; i < 3; i++) results.push((await ada("GET", "/orgs/org_acme/teams")).status);
    expect(results).toEqual([502, 502, 200]);
  });

  it("answers with the rule's own message when it gives one", async () => {
    const emulator = await start();
    const message = "certificate: not PEM: abc";
    emulator.failNext({ method: "POST", kind: "status", status: 400, message });
    const ada = as(emulator, "usr_ada");
    expectError(
      await ada("POST", "/orgs/org_acme/saml", { label: "Okta", certificate: "abc" }),
      400,
      message,
    );
    // Nothing was made: the rule answers before the handler.
    expect(expectStatus(await ada("GET", "/orgs/org_acme/saml"), 200).items).toEqual([]);
  });

  it("answers a 429 rule with Retry-After, 1 second unless told", async () => {
    const emulator = await start();
    emulator.failNext({ path: "/v1/orgs", kind: "status", status: 429 });
    emulator.failNext({ path: "/orgs", kind: "status", status: 429, retryAfterSeconds: 0 });
    const ada = as(emulator, "usr_ada");
    expect((await ada("GET", "/orgs")).headers.get("retry-after")).toBe("1");
    expect((await ada("GET", "/orgs")).headers.get("retry-after")).toBe("0");
    expect((await ada("GET", "/orgs")).status).toBe(200);
  });

  it("resets the connection without an answer", async () => {
    const emulator = await start();
    emulator.failNext({ kind: "reset" });
    await expect(
      fetch(`${emulator.url}/v1/orgs`, { headers: { authorization: `Bearer ${emulator.token}` } }),
    ).rejects.toThrow("fetch failed");
    expect((await as(emulator, "usr_ada")("GET", "/orgs")).status).toBe(200);
    expect(emulator.requests.map((entry) => [entry.status, entry.fault])).toEqual([
      [0, "reset"],
      [200, undefined],
    ]);
  });

  it("commits a write and then answers 500", async () => {
    const emulator = await start();
    emulator.failNext({
      method: "DELETE",
      path: "/orgs/:organizationId/teams/:teamId",
      kind: "after-commit",
    });
    const ada = as(emulator, "usr_ada");
    expectError(
      await ada("DELETE", "/orgs/org_acme/teams/team_reviewers"),
      500,
      "Internal Server Error (injected fault)",
    );
    expectError(
      await ada("DELETE", "/orgs/org_acme/teams/team_reviewers"),
      404,
      'team "team_reviewers" not found',
    );
  });

  it("does not turn a refused write into an after-commit failure", async () => {
    const emulator = await start();
    emulator.failNext({ method: "PUT", kind: "after-commit" });
    expectError(await as(emulator, "usr_ada")("PUT", "/orgs/org_acme/teams", {}), 400, "title: required");
    expect(emulator.requests[0]?.fault).toBeUndefined();
  });
});

describe("cutAfterWrites", () => {
  const put = (emulator: Emulator, title: string) =>
    as(emulator, "usr_ada")("PUT", "/orgs/org_acme/teams", { title });

  it("carries out N writes, loses the Nth answer, then cuts every request off until setFaults", async () => {
    const emulator = await start();
    emulator.cutAfterWrites(2);
    expect((await put(emulator, "First")).status).toBe(201);
    // The second write is made, but the client never hears of it.
    await expect(put(emulator, "Second")).rejects.toThrow("no answer");
    await expect(as(emulator, "usr_ada")("GET", "/orgs/org_acme/teams")).rejects.toThrow("no answer");
    await expect(put(emulator, "Third")).rejects.toThrow("no answer");
    expect(emulator.requests.map((entry) => [entry.method, entry.status, entry.fault])).toEqual([
      ["PUT", 201, undefined],
      ["PUT", 0, "cut"],
      ["GET", 0, "cut"],
      ["PUT", 0, "cut"],
    ]);
    emulator.setFaults({});
    expect(await teamTitles(emulator)).toEqual(["Writers", "Reviewers", "First", "Second"]);
  });

  it("counts only writes carried out, and is a fault option that setFaults replaces", async () => {
    const emulator = await start({ faults: { cutAfterWrites: 1 } });
    const ada = as(emulator, "usr_ada");
    expect((await ada("GET", "/orgs/org_acme/teams")).status).toBe(200);
    expectError(await ada("PUT", "/orgs/org_acme/teams", {}), 400, "title: required");
    await expect(put(emulator, "Made")).rejects.toThrow("no answer");
    await expect(ada("GET", "/orgs")).rejects.toThrow("no answer");
    emulator.setFaults({ cutAfterWrites: 0 });
    await expect(ada("GET", "/orgs")).rejects.toThrow("no answer");
    emulator.cutAfterWrites(undefined);
    expect(await teamTitles(emulator)).toEqual(["Writers", "Reviewers", "Made"]);
  });

  it("loses the answer of a write carried out but not answered yet when the cut comes", async () => {
    // Seed 7 holds the first answer about 0.9 s.
    const emulator = await start({ seed: 7, faults: { replyJitterMs: 1000, cutAfterWrites: 2 } });
    const first = put(emulator, "First");
    // Once the first write is carried out (its answer still held), however long that takes.
    while (!listTeams(emulator.state, "org_acme").some((team) => team.title === "First"))
      await new Promise((resolve) => setTimeout(resolve, 5));
    await expect(put(emulator, "Second")).rejects.toThrow("no answer");
    await expect(first).rejects.toThrow("no answer");
    expect(emulator.requests.map((entry) => [entry.method, entry.status, entry.fault])).toEqual([
      ["PUT", 0, "cut"],
      ["PUT", 0, "cut"],
    ]);
    emulator.setFaults({});
    expect(await teamTitles(emulator)).toEqual(["Writers", "Reviewers", "First", "Second"]);
  });

  it("lets no write through past the cut, even among concurrent ones", async () => {
    const emulator = await start({ faults: { latencyMs: 20 } });
    emulator.cutAfterWrites(3);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => put(emulator, `Team ${i}`)),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(2);
    emulator.setFaults({});
    expect(await teamTitles(emulator)).toHaveLength(2 + 3);
    expect(() => emulator.cutAfterWrites(-1)).toThrow("cutAfterWrites: must be a whole number, 0 or more");
  });
});

describe("the rate limit", () => {
  it("counts per token, tells what is left, and answers 429 past the limit", async () => {
    const emulator = await start({ rateLimit: { limit: 3, windowMs: 60_000 } });
    const ada = as(emulator, "usr_ada");
    const startedAt = Date.now();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await ada("GET", "/orgs"));
    expect(
      answers.map((a) => [
        a.status,
        a.headers.get("x-ratelimit-limit"),
        a.headers.get("x-ratelimit-remaining"),
      ]),
    ).toEqual([
      [200, "3", "2"],
      [200, "3", "1"],
      [200, "3", "0"],
      [429, "3", "0"],
    ]);
    const reset = Number(answers[0]?.headers.get("x-ratelimit-reset"));
    expect(reset).toBeGreaterThanOrEqual(Math.floor((startedAt + 60_000) / 1000));
    expect(reset).toBeLessThanOrEqual(Math.ceil((Date.now() + 60_000) / 1000));
    expectError(answers[3]!, 429, "rate limit exceeded: please try again later (in about 60 seconds)");
    expect(answers[3]?.headers.get("retry-after")).toBe("60");
    expect((await as(emulator, "usr_eddie")("GET", "/orgs")).status).toBe(200);
  });

  it("carries its headers on error answers too, and opens a new window when the clock moves", async () => {
    const emulator = await start({ rateLimit: { limit: 2, windowMs: 10_000 } });
    const ada = as(emulator, "usr_ada");
    const missing = await ada("GET", "/orgs/org_nope");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-ratelimit-remaining")).toBe("1");
    await ada("GET", "/orgs");
    expect((await ada("GET", "/orgs")).status).toBe(429);
    emulator.advanceClock(10_000);
    const fresh = await ada("GET", "/orgs");
    expect([fresh.status, fresh.headers.get("x-ratelimit-remaining")]).toEqual([200, "1"]);
  });

  it("can be changed and turned off while running", async () => {
    const emulator = await start();
    const ada = as(emulator, "usr_ada");
    expect((await ada("GET", "/orgs")).headers.get("x-ratelimit-limit")).toBeNull();
    emulator.setRateLimit({ limit: 1, windowMs: 60_000 });
    expect((await ada("GET", "/orgs")).status).toBe(200);
    expect((await ada("GET", "/orgs")).status).toBe(429);
    emulator.setRateLimit(undefined);
    const free = await ada("GET", "/orgs");
    expect([free.status, free.headers.get("x-ratelimit-limit")]).toEqual([200, null]);
  });
});
