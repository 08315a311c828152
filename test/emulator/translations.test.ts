// Translation settings (spec 4.18).

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
const SETTINGS = "/orgs/org_acme/translations";

beforeEach(async () => {
  emulator = await startEmulator();
  ada = as(emulator, "usr_ada");
  eddie = as(emulator, "usr_eddie");
});
afterEach(async () => {
  await emulator.close();
});

describe("translation settings", () => {
  it("creates settings (201)", async () => {
    expect(expectStatus(await ada("POST", SETTINGS, { title: "French" }), 201)).toEqual({
      object: "translation-settings",
      id: "trs_0001",
      title: "French",
      languages: [],
      createdAt: anIso(),
      updatedAt: anIso(),
      permissions: { view: true, edit: true },
      urls: { location: `${emulator.url}/v1/orgs/org_acme/translations/trs_0001` },
    });
  });

  it("lists, reads, renames with PUT and deletes", async () => {
    await ada("POST", SETTINGS, { title: "French" });
    expect(expectStatus(await eddie("GET", SETTINGS), 200).count).toBe(1);
    expect(expectStatus(await eddie("GET", `${SETTINGS}/trs_0001`), 200).permissions).toEqual({
      view: true,
      edit: false,
    });
    expect(expectStatus(await ada("PUT", `${SETTINGS}/trs_0001`, { title: "Français" }), 200).title).toBe(
      "Français",
    );
    const answer = await ada("DELETE", `${SETTINGS}/trs_0001`);
    expect(answer.status).toBe(204);
    expect(answer.text).toBe("");
    expectError(await ada("GET", `${SETTINGS}/trs_0001`), 404, 'translation settings "trs_0001" not found');
  });

  it("answers 400 for a missing or long title and 404 for PUT on unknown settings", async () => {
    expectError(await ada("POST", SETTINGS, {}), 400, "title: required");
    expectError(
      await ada("POST", SETTINGS, { title: "x".repeat(101) }),
      400,
      "title: must be 1 to 100 characters, got 101",
    );
    expectError(
      await ada("PUT", `${SETTINGS}/trs_nope`, { title: "x" }),
      404,
      'translation settings "trs_nope" not found',
    );
  });

  it("answers 403 to a non-admin, 404 to a non-member, 401 without a token", async () => {
    expectError(
      await eddie("POST", SETTINGS, { title: "x" }),
      403,
      'changing organization "org_acme" needs the admin role',
    );
    expectError(
      await ada("GET", "/orgs/org_globex/translations"),
      404,
      'organization "org_globex" not found',
    );
    expect((await withToken(emulator, null)("GET", SETTINGS)).status).toBe(401);
  });
});
