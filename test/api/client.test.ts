// The client against docsync's emulator of the service, over real HTTP on 127.0.0.1.

import { inspect } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiClient } from "../../src/api/client-types.ts";
import { ApiError } from "../../src/api/errors.ts";
import type { LiveTeam } from "../../src/kinds/access/team.ts";
import { orgPath, sitePath, teamsPath } from "../../src/kinds/paths.ts";
import type { LiveSite } from "../../src/kinds/site/site.ts";
import { bare, clientFor, type Emulator, failure, logged, seen, startEmulator } from "./harness.ts";

const paths = { teams: teamsPath, sites: (org: string) => `${orgPath(org)}/sites`, site: sitePath };
const getOrganization = (api: ApiClient, org: string) => api.get<{ id: string }>(orgPath(org));
const listTeams = (api: ApiClient, org: string) => api.list<LiveTeam>(teamsPath(org));

let emulator: Emulator;
let org: string;
const BAD_TOKEN = "bad-token-5f3c9e1d";

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, seed: 1 });
  org = emulator.organizationId;
});
afterAll(async () => {
  await emulator.close();
});
beforeEach(() => {
  emulator.setFaults({});
  emulator.resetLog();
});

/** The next read of the organization is answered 429, with Retry-After `seconds`. */
function throttleOrganizationRead(seconds: number): void {
  emulator.failNext({
    method: "GET",
    path: new RegExp(`/orgs/${org}$`),
    kind: "status",
    status: 429,
    retryAfterSeconds: seconds,
  });
}

async function createTeam(title: string): Promise<LiveTeam> {
  const { api } = clientFor(emulator);
  try {
    return (await api.send<LiveTeam>({ method: "PUT", path: paths.teams(org), body: { title } }))!;
  } finally {
    await api.close();
  }
}

describe("pagination", () => {
  beforeAll(async () => {
    for (let i = 0; i < 45; i++) await createTeam(`Paged team ${String(i).padStart(2, "0")}`);
  });

  it("walks every page with one request each", async () => {
    emulator.resetLog();
    const { api } = clientFor(emulator, { pageSize: 10 });
    const teams = await listTeams(api, org);
    await api.close();

    const titles = teams.map((team) => team.title).filter((title) => title.startsWith("Paged team"));
    expect(titles).toHaveLength(45);
    expect(new Set(teams.map((team) => team.id)).size).toBe(teams.length);
    const gets = logged(emulator, "GET", paths.teams(org));
    expect(gets).toHaveLength(Math.ceil(teams.length / 10));
    expect(gets.every((entry) => entry.status === 200)).toBe(true);
  });

  it("asks for pages of 1000 by default", async () => {
    const { api } = clientFor(emulator);
    const teams = await listTeams(api, org);
    await api.close();
    expect(teams.length).toBeGreaterThan(20); // more than the emulator's default page
    expect(logged(emulator, "GET", paths.teams(org))).toHaveLength(1);
  });
});

describe("errors", () => {
  it("explains a 401 without showing the token", async () => {
    const { api, events } = clientFor(emulator, { token: BAD_TOKEN });
    const error = await failure(getOrganization(api, org));
    await api.close();
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError).toMatchObject({ method: "GET", path: `/orgs/${org}`, status: 401, attempts: 1 });
    expect(apiError.apiMessage).toBeTruthy();
    expect(apiError.message).toBe(`GET /orgs/${org} failed: 401 Unauthorized: ${apiError.apiMessage}`);
    expect(inspect(error, { depth: 10 })).not.toContain(BAD_TOKEN);
    expect(JSON.stringify(events)).not.toContain(BAD_TOKEN);
  });

  it("keeps the token out of a message that quotes it escaped or base64-encoded", async () => {
    const { api } = clientFor(emulator);
    const token = emulator.token;
    const escaped = token.replace(/_/g, "\\_");
    emulator.failNext({
      method: "GET",
      path: new RegExp(`/orgs/${org}$`),
      kind: "status",
      status: 400,
      message: `refused ${escaped} (${Buffer.from(token).toString("base64")})`,
    });
    const error = (await failure(getOrganization(api, org))) as ApiError;
    await api.close();
    expect(error.apiMessage).toBe("refused (sensitive) ((sensitive))");
  });

  it("explains a 404", async () => {
    const { api } = clientFor(emulator);
    const path = `/orgs/${org}/sites/site_missing`;
    const error = await failure(api.get(path));
    await api.close();
    expect(error).toMatchObject({ status: 404, path, method: "GET" });
    expect(error.message).toMatch(new RegExp(`^GET ${path} failed: 404 Not Found: .+`));
  });

  it("explains a 400 with the service's reason", async () => {
    const { api } = clientFor(emulator);
    const site = await api.send<LiveSite>({
      method: "POST",
      path: paths.sites(org),
      body: { title: "Errors site" },
    });
    const path = paths.site(org, site!.id);
    const error = await failure(api.send({ method: "PATCH", path, body: { title: "x" } }));
    await api.close();
    expect(error).toMatchObject({ status: 400, path, method: "PATCH" });
    expect((error as ApiError).apiMessage).toMatch(/title/);
    expect(error.message).toBe(`PATCH ${path} failed: 400 Bad Request: ${(error as ApiError).apiMessage}`);
    expect(logged(emulator, "PATCH", path)).toHaveLength(1); // a 400 is not retried
  });

  it("names the cause of a network failure", async () => {
    const gone = await startEmulator({ port: 0 });
    const url = gone.url;
    await gone.close();
    const { api } = clientFor(emulator, { baseUrl: url, retry: { maxAttempts: 2, baseDelayMs: 1 } });
    const error = await failure(api.get("/orgs"));
    await api.close();
    expect(error).toMatchObject({ status: undefined, method: "GET", path: "/orgs", attempts: 2 });
    // The message names the host it could not reach.
    expect(error.message).toBe(
      `GET /orgs failed: connection refused at ${new URL(url).host} (after 2 attempts)`,
    );
  });

  it("times out a slow answer", async () => {
    emulator.setFaults({ latencyMs: 400 });
    const { api } = clientFor(emulator, { timeoutMs: 100, retry: { maxAttempts: 2, baseDelayMs: 1 } });
    const error = await failure(getOrganization(api, org));
    await api.close();
    expect(error.message).toBe(
      `GET /orgs/${org} failed: timed out after 100ms at ${new URL(emulator.url).host} (after 2 attempts)`,
    );
    // Let the emulator finish the abandoned answers, so they do not land in a later test's log.
    await vi.waitFor(() => expect(logged(emulator, "GET", `/orgs/${org}`)).toHaveLength(2), {
      timeout: 3000,
    });
  });
});

describe("retries", () => {
  it("retries a 503 and then succeeds", async () => {
    emulator.failNext({ method: "GET", path: /\/teams$/, kind: "status", status: 503, times: 2 });
    const { api, events } = clientFor(emulator);
    const teams = await listTeams(api, org);
    await api.close();
    expect(teams.length).toBeGreaterThan(0);
    expect(logged(emulator, "GET", paths.teams(org)).map((entry) => entry.status)).toEqual([503, 503, 200]);
    expect(events.filter((event) => event.type === "retry")).toHaveLength(2);
    expect(events.filter((event) => event.type === "request").map((event) => event.attempt)).toEqual([
      1, 2, 3,
    ]);
  });

  it("gives up after maxAttempts", async () => {
    emulator.failNext({ method: "GET", path: /\/teams$/, kind: "status", status: 502, times: 3 });
    const { api } = clientFor(emulator, { retry: { maxAttempts: 3, baseDelayMs: 1 } });
    const error = await failure(listTeams(api, org));
    await api.close();
    expect(error).toMatchObject({ status: 502, attempts: 3 });
    expect(error.message).toMatch(
      new RegExp(`^GET /orgs/${org}/teams failed: 502 Bad Gateway.* \\(after 3 attempts\\)$`),
    );
    expect(logged(emulator, "GET", paths.teams(org))).toHaveLength(3);
  });

  it("honours Retry-After on a 429", async () => {
    throttleOrganizationRead(1);
    const { api, events } = clientFor(emulator);
    const started = Date.now();
    const organization = await getOrganization(api, org);
    await api.close();
    expect(organization.id).toBe(org);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(events.find((event) => event.type === "retry")).toMatchObject({ status: 429, waitMs: 1000 });
  });

  it("holds every request, not only the throttled one, while the service asks for a pause", async () => {
    throttleOrganizationRead(1);
    const { api, events } = clientFor(emulator, { parallelism: 4 });
    const throttled = getOrganization(api, org);
    await vi.waitFor(() => expect(events.some((event) => event.type === "retry")).toBe(true));
    // Another request, with free slots and the other one's 429 known: it waits out the pause too.
    const asked = Date.now();
    await listTeams(api, org);
    const waited = Date.now() - asked;
    await throttled;
    await api.close();
    expect(waited).toBeGreaterThanOrEqual(900);
    expect(logged(emulator, "GET", `/orgs/${org}`).map((entry) => entry.status)).toEqual([429, 200]);
  });

  it("retries at once on Retry-After: 0", async () => {
    throttleOrganizationRead(0);
    const { api, events } = clientFor(emulator);
    await getOrganization(api, org);
    await api.close();
    expect(events.find((event) => event.type === "retry")).toMatchObject({ status: 429, waitMs: 0 });
    expect(logged(emulator, "GET", `/orgs/${org}`).map((entry) => entry.status)).toEqual([429, 200]);
  });

  it("retries a GET after a connection reset", async () => {
    emulator.failNext({ method: "GET", path: /\/teams$/, kind: "reset" });
    const { api, events } = clientFor(emulator);
    await listTeams(api, org);
    await api.close();
    expect(logged(emulator, "GET", paths.teams(org))).toHaveLength(2);
    expect(events.find((event) => event.type === "retry")).toMatchObject({
      reason: `connection reset at ${new URL(emulator.url).host}`,
    });
  });

  it("retries a create turned away with 429: it was not processed", async () => {
    emulator.failNext({ method: "PUT", path: /\/teams$/, kind: "status", status: 429, retryAfterSeconds: 0 });
    const { api } = clientFor(emulator);
    const team = await api.send<LiveTeam>({
      method: "PUT",
      path: paths.teams(org),
      body: { title: "Throttled" },
    });
    const teams = await listTeams(api, org);
    await api.close();
    expect(team?.title).toBe("Throttled");
    expect(teams.filter((item) => item.title === "Throttled")).toHaveLength(1);
    expect(logged(emulator, "PUT", paths.teams(org))).toHaveLength(2);
  });

  it("keeps within the service's rate limit", async () => {
    const limited = await startEmulator({ port: 0, seed: 1, rateLimit: { limit: 5, windowMs: 1000 } });
    const { api, events } = clientFor(limited, { baseUrl: limited.url, token: limited.token });
    const results = await Promise.all(
      // One wave of the client's parallelism (8): more than the window allows, less than two windows.
      Array.from({ length: 8 }, () => getOrganization(api, limited.organizationId)),
    );
    await api.close();
    const throttled = limited.requests.filter((entry) => entry.status === 429).length;
    await limited.close();
    expect(results.every((result) => result.id === limited.organizationId)).toBe(true);
    // Every 429 was followed by a wait for the window to reset, not by an immediate retry.
    const retries = events.filter((event) => event.type === "retry");
    expect(retries).toHaveLength(throttled);
    expect(retries.every((event) => event.waitMs > 0)).toBe(true);
  });
});

describe("safety of writes", () => {
  it("recovers a create whose answer was lost, without a duplicate", async () => {
    emulator.failNext({ method: "PUT", path: /\/teams$/, kind: "after-commit" });
    const { api, events } = clientFor(emulator);
    const team = await api.send<LiveTeam>({
      method: "PUT",
      path: paths.teams(org),
      body: { title: "Recovered team" },
      create: true,
      recover: { list: paths.teams(org), match: { title: "Recovered team" } },
    });
    const teams = await listTeams(api, org);
    await api.close();
    expect(team).toMatchObject({ title: "Recovered team" });
    expect(teams.filter((item) => item.title === "Recovered team").map((item) => item.id)).toEqual([
      team!.id,
    ]);
    expect(logged(emulator, "PUT", paths.teams(org))).toHaveLength(1);
    expect(events.find((event) => event.type === "recovered")).toMatchObject({
      method: "PUT",
      path: paths.teams(org),
      list: paths.teams(org),
      id: team!.id,
    });
  });

  it("recovers a POST create, ignoring items that existed before", async () => {
    const { api } = clientFor(emulator);
    const before = await api.send<LiveSite>({
      method: "POST",
      path: paths.sites(org),
      body: { title: "Twin" },
    });
    emulator.resetLog();
    emulator.failNext({ method: "POST", path: /\/sites$/, kind: "after-commit" });
    const site = await api.send<LiveSite>({
      method: "POST",
      path: paths.sites(org),
      body: { title: "Twin" },
      create: true,
      recover: { list: paths.sites(org), match: { title: "Twin" }, exclude: [before!.id] },
    });
    const twins = (await api.list<LiveSite>(paths.sites(org))).filter((item) => item.title === "Twin");
    await api.close();
    expect(site?.id).not.toBe(before!.id);
    expect(twins.map((item) => item.id).sort()).toEqual([before!.id, site!.id].sort());
    expect(logged(emulator, "POST", paths.sites(org))).toHaveLength(1);
  });

  describe("a create refused with 409: another run made the item a moment ago", () => {
    const fields = (org: string) => `${orgPath(org)}/custom-fields`;
    const create = (api: ApiClient, name: string, title: string, adopt?: Record<string, unknown>) =>
      api.send<{ id: string; title: string }>({
        method: "POST",
        path: fields(org),
        body: { name, type: "text", title },
        create: true,
        recover: { list: fields(org), match: { name }, ...(adopt ? { adopt } : {}) },
      });

    it("takes the item as made when it is what the create would make, and says so", async () => {
      const { api: other } = clientFor(emulator);
      const first = await create(other, "race", "Race");
      await other.close();
      emulator.resetLog();
      const { api, events } = clientFor(emulator);
      const adopted = await create(api, "race", "Race", { type: "text", title: "Race" });
      await api.close();
      expect(adopted?.id).toBe(first!.id);
      expect(logged(emulator, "POST", fields(org)).map((entry) => entry.status)).toEqual([409]);
      expect(logged(emulator, "GET", fields(org))).toHaveLength(1);
      expect(events.find((event) => event.type === "adopted")).toMatchObject({
        method: "POST",
        list: fields(org),
        id: first!.id,
        reason: "409 Conflict",
      });
    });

    it("fails with the 409 when the item is not the same, or when the create may not adopt", async () => {
      const { api } = clientFor(emulator);
      await create(api, "taken", "Taken");
      emulator.resetLog();
      const different = await failure(create(api, "taken", "Other", { type: "text", title: "Other" }));
      const without = await failure(create(api, "taken", "Taken"));
      await api.close();
      for (const error of [different, without]) {
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).status).toBe(409);
        expect((error as ApiError).message).toBe(
          `POST ${fields(org)} failed: 409 Conflict: custom field "taken" already exists in organization "${org}"`,
        );
      }
      // Only the create that may adopt read the list.
      expect(logged(emulator, "GET", fields(org))).toHaveLength(1);
    });
  });

  it("sends a create again when the list shows it did not happen", async () => {
    emulator.failNext({ method: "PUT", path: /\/teams$/, kind: "status", status: 503 });
    const { api } = clientFor(emulator);
    const team = await api.send<LiveTeam>({
      method: "PUT",
      path: paths.teams(org),
      body: { title: "Second try" },
      create: true,
      recover: { list: paths.teams(org), match: { title: "Second try" } },
    });
    const teams = await listTeams(api, org);
    await api.close();
    expect(teams.filter((item) => item.title === "Second try").map((item) => item.id)).toEqual([team!.id]);
    expect(logged(emulator, "PUT", paths.teams(org)).map((entry) => entry.status)).toEqual([503, 201]);
  });

  it("says the outcome is unknown when a create without recover fails ambiguously", async () => {
    emulator.failNext({ method: "PUT", path: /\/teams$/, kind: "after-commit" });
    const { api } = clientFor(emulator);
    const error = await failure(
      api.send({ method: "PUT", path: paths.teams(org), body: { title: "Maybe created" }, create: true }),
    );
    const teams = await listTeams(api, org);
    await api.close();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ outcomeUnknown: true, attempts: 1, method: "PUT", path: paths.teams(org) });
    expect(error.message).toContain(`PUT ${paths.teams(org)} failed: `);
    expect(error.message).toContain("The outcome is unknown");
    expect(error.message).toContain(`check GET ${paths.teams(org)}`);
    expect(logged(emulator, "PUT", paths.teams(org))).toHaveLength(1);
    expect(teams.filter((item) => item.title === "Maybe created")).toHaveLength(1);
  });

  it("takes the caller's word on whether a request creates something", async () => {
    // A POST that the caller says makes nothing new (an idempotent action) is sent again.
    emulator.failNext({ method: "POST", path: /\/sites$/, kind: "after-commit" });
    const { api } = clientFor(emulator);
    const resent = await api.send<LiveSite>({
      method: "POST",
      path: paths.sites(org),
      body: { title: "Told idempotent" },
      create: false,
    });
    expect(resent).toMatchObject({ title: "Told idempotent" });
    expect(
      logged(emulator, "POST", paths.sites(org))
        .slice(-2)
        .map((entry) => entry.status),
    ).toEqual([500, 201]);
    // A request the caller says creates something is never sent twice blindly, whatever its verb.
    emulator.failNext({ method: "PATCH", path: /\/teams\/[^/]+$/, kind: "after-commit" });
    const team = await createTeam("Told create");
    const error = await failure(
      api.send({
        method: "PATCH",
        path: `${paths.teams(org)}/${team.id}`,
        body: { title: "Renamed" },
        create: true,
      }),
    );
    await api.close();
    expect(error).toMatchObject({ outcomeUnknown: true, attempts: 1 });
  });

  it("takes a 404 on a retried DELETE as done", async () => {
    const team = await createTeam("Doomed team");
    const path = `${paths.teams(org)}/${team.id}`;
    emulator.resetLog();
    emulator.failNext({ method: "DELETE", path: /\/teams\/[^/]+$/, kind: "after-commit" });
    const { api } = clientFor(emulator);
    await expect(api.send({ method: "DELETE", path })).resolves.toBeUndefined();
    await api.close();
    const deletes = logged(emulator, "DELETE", path);
    expect(deletes).toHaveLength(2);
    expect(deletes[1]?.status).toBe(404);
  });

  it("does not take a first 404 on DELETE as done", async () => {
    const { api } = clientFor(emulator);
    const error = await failure(api.send({ method: "DELETE", path: `${paths.teams(org)}/team_missing` }));
    await api.close();
    expect(error).toMatchObject({ status: 404 });
  });
});

describe("base URL", () => {
  it("accepts a base that already ends in /v1 or /v1/", async () => {
    for (const suffix of ["/v1", "/v1/", "/"]) {
      const { api } = clientFor(emulator, { baseUrl: `${emulator.url}${suffix}` });
      await expect(getOrganization(api, org)).resolves.toMatchObject({ id: org });
      await api.close();
    }
    expect(emulator.requests.some((entry) => entry.path.includes("/v1/v1"))).toBe(false);
    expect(emulator.requests.map((entry) => bare(entry.path))).toEqual([
      `/orgs/${org}`,
      `/orgs/${org}`,
      `/orgs/${org}`,
    ]);
  });
});

describe("the token", () => {
  it("appears in no error and no event", async () => {
    // Failures of its own, besides those of the file's other tests (which may not have run yet).
    for (let i = 0; i < 3; i++) {
      const refused = clientFor(emulator, { token: BAD_TOKEN });
      await failure(getOrganization(refused.api, org));
      await refused.api.close();
      const { api } = clientFor(emulator);
      await failure(api.get(`${paths.teams(org)}/team_missing_${i}`));
      await api.close();
    }
    expect(seen.errors.length).toBeGreaterThan(5);
    expect(seen.events.length).toBeGreaterThan(5);
    for (const token of [emulator.token, BAD_TOKEN]) {
      for (const error of seen.errors) {
        const shown = [
          String(error),
          (error as Error).stack,
          JSON.stringify(error),
          inspect(error, { depth: 10 }),
        ];
        for (const text of shown) expect(text).not.toContain(token);
      }
      expect(JSON.stringify(seen.events)).not.toContain(token);
    }
  });
});
