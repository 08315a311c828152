// A request's alternate form: sent when the service turns out not to have the request's route,
// and straight away for the rest of the client's life; never for a 404 about a missing item.
// And a request of an optional operation: once its route is absent, it fails at once.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isRouteAbsent } from "../../src/api/absent-route.ts";
import type { ApiRequest } from "../../src/api/client-types.ts";
import { ApiError } from "../../src/api/errors.ts";
import { bare, clientFor, type Emulator, failure, startEmulator } from "./harness.ts";

describe("isRouteAbsent", () => {
  it("takes a 405, and a 404 with no message or a router's words, as an absent route", () => {
    for (const apiMessage of [
      undefined,
      "",
      "Not Found",
      "404 Not Found",
      "no route for POST /v1/orgs/o/sites/s/section-groups/g/sections",
      "Cannot POST /v1/orgs/o/sites/s/section-groups/g/sections",
      "Route not found",
    ]) {
      expect(isRouteAbsent({ status: 404, apiMessage }), String(apiMessage)).toBe(true);
    }
    expect(isRouteAbsent({ status: 405, apiMessage: "method POST is not allowed" })).toBe(true);
  });

  it("takes a 404 that names a missing item, and other statuses, as the call's own failure", () => {
    expect(isRouteAbsent({ status: 404, apiMessage: 'site section group "g" not found' })).toBe(false);
    expect(
      isRouteAbsent({ status: 404, apiMessage: 'site section "s" is not a member of section group "g"' }),
    ).toBe(false);
    expect(isRouteAbsent({ status: 400, apiMessage: "no route" })).toBe(false);
    expect(isRouteAbsent({ status: 500, apiMessage: undefined })).toBe(false);
  });
});

const ADD_MEMBER = "POST /orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId/sections";

describe("a request with an alternate form, against the emulator", () => {
  let emulator: Emulator;
  let base: string;
  let groupId: string;
  let sectionIds: string[];

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, strict: true });
    const { api } = clientFor(emulator);
    const site = await api.send<{ id: string }>({
      method: "POST",
      path: `/orgs/${emulator.organizationId}/sites`,
      body: { title: "Docs" },
    });
    base = `/orgs/${emulator.organizationId}/sites/${site!.id}`;
    sectionIds = [];
    for (const spaceId of ["spc_handbook", "spc_guides", "spc_api_v1"]) {
      const section = await api.send<{ id: string }>({
        method: "POST",
        path: `${base}/sections`,
        body: { spaceId },
      });
      sectionIds.push(section!.id);
    }
    const group = await api.send<{ id: string }>({
      method: "POST",
      path: `${base}/section-groups`,
      body: { title: "G" },
    });
    groupId = group!.id;
    await api.close();
  });
  afterAll(() => emulator.close());
  beforeEach(() => {
    emulator.restoreRoutes();
    emulator.resetLog();
  });

  const join = (sectionId: string, group = groupId): ApiRequest => ({
    method: "POST",
    path: `${base}/section-groups/${group}/sections`,
    body: { sectionId },
    alternate: {
      route: ADD_MEMBER,
      method: "PATCH",
      path: `${base}/sections/${sectionId}`,
      body: { siteSectionGroupId: group },
    },
  });
  const requests = () =>
    emulator.requests.map((entry) => `${entry.method} ${bare(entry.path)} ${entry.status}`);
  const groupOf = async (sectionId: string) => {
    const { api } = clientFor(emulator);
    const sections = await api.list<{ id: string; sectionGroup?: string }>(`${base}/sections`);
    await api.close();
    return sections.find((section) => section.id === sectionId)?.sectionGroup;
  };

  it("sends the request itself while the service has its route", async () => {
    const { api, events } = clientFor(emulator);
    await api.send(join(sectionIds[0]!));
    await api.close();
    expect(requests()).toEqual([`POST ${base}/section-groups/${groupId}/sections 201`]);
    expect(events.filter((event) => event.type === "alternate")).toEqual([]);
  });

  it("falls back once the route answers as absent, says so once, and then goes straight to the alternate", async () => {
    emulator.removeRoutes([ADD_MEMBER]);
    const { api, events } = clientFor(emulator);
    await api.send(join(sectionIds[1]!));
    await api.send(join(sectionIds[2]!));
    await api.close();
    expect(requests()).toEqual([
      `POST ${base}/section-groups/${groupId}/sections 404`,
      `PATCH ${base}/sections/${sectionIds[1]} 200`,
      `PATCH ${base}/sections/${sectionIds[2]} 200`,
    ]);
    expect(events.filter((event) => event.type === "alternate")).toEqual([
      {
        type: "alternate",
        method: "POST",
        path: `${base}/section-groups/${groupId}/sections`,
        attempt: 1,
        route: ADD_MEMBER,
        status: 404,
        instead: `PATCH ${base}/sections/${sectionIds[1]}`,
      },
    ]);
    expect(await groupOf(sectionIds[1]!)).toBe(groupId);
    expect(await groupOf(sectionIds[2]!)).toBe(groupId);
  });

  it("does not fall back when the route is there and the item it names is missing", async () => {
    const { api } = clientFor(emulator);
    const error = await failure(api.send(join(sectionIds[0]!, "sitesg_missing")));
    await api.close();
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe(
      `POST ${base}/section-groups/sitesg_missing/sections failed: 404 Not Found: site section group "sitesg_missing" not found`,
    );
    expect(requests()).toEqual([`POST ${base}/section-groups/sitesg_missing/sections 404`]);
  });
});

const BULK_REDIRECTS = "PUT /orgs/:organizationId/sites/:siteId/redirects";

describe("a request of an optional operation, against the emulator", () => {
  let emulator: Emulator;
  let redirects: string;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, strict: true });
    const { api } = clientFor(emulator);
    const site = await api.send<{ id: string }>({
      method: "POST",
      path: `/orgs/${emulator.organizationId}/sites`,
      body: { title: "Docs" },
    });
    redirects = `/orgs/${emulator.organizationId}/sites/${site!.id}/redirects`;
    await api.close();
  });
  afterAll(() => emulator.close());
  beforeEach(() => {
    emulator.restoreRoutes();
    emulator.resetLog();
  });

  const bulk = (source: string): ApiRequest => ({
    method: "PUT",
    path: redirects,
    body: { redirects: [{ source, destination: { kind: "external", url: "https://example.com" } }] },
    optional: { route: BULK_REDIRECTS, instead: "one call per item" },
  });
  const requests = () =>
    emulator.requests.map((entry) => `${entry.method} ${bare(entry.path)} ${entry.status}`);

  it("is sent as any request while the service has the route", async () => {
    const { api, events } = clientFor(emulator);
    const answer = await api.send<{ results: { status: string }[] }>(bulk("/a"));
    await api.close();
    expect(answer!.results.map((result) => result.status)).toEqual(["created"]);
    expect(events.filter((event) => event.type === "alternate")).toEqual([]);
  });

  it("fails with the route's answer, says so once, and is not sent again by the same client", async () => {
    emulator.removeRoutes([BULK_REDIRECTS]);
    const { api, events } = clientFor(emulator);
    const first = await failure(api.send(bulk("/b")));
    const second = await failure(api.send(bulk("/c")));
    await api.close();
    expect(first).toBeInstanceOf(ApiError);
    expect(isRouteAbsent(first as ApiError)).toBe(true);
    expect(second).toBe(first);
    expect(requests()).toEqual([`PUT ${redirects} 404`]);
    expect(events.filter((event) => event.type === "alternate")).toEqual([
      {
        type: "alternate",
        method: "PUT",
        path: redirects,
        attempt: 1,
        route: BULK_REDIRECTS,
        status: 404,
        instead: "one call per item",
      },
    ]);
  });

  it("fails as any request when the route is there and refuses the request", async () => {
    const { api } = clientFor(emulator);
    const error = await failure(api.send({ ...bulk("/d"), body: { redirects: [] } }));
    const again = await failure(api.send({ ...bulk("/d"), body: { redirects: [] } }));
    await api.close();
    expect(error.message).toBe(
      `PUT ${redirects} failed: 400 Bad Request: redirects: must have at least 1 item`,
    );
    expect(again).not.toBe(error);
    expect(requests()).toEqual([`PUT ${redirects} 400`, `PUT ${redirects} 400`]);
  });
});
