// SAML single sign-on (spec 4.16): providers, their default team, and the login info.

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
const SAML = "/orgs/org_acme/saml";
const OKTA = {
  label: "Okta",
  entityID: "http://www.okta.com/exk1",
  ssoURL: "https://acme.okta.com/app/acme/exk1/sso/saml",
  certificate: "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----",
  defaultTeam: "team_writers",
  defaultRole: "edit",
};

beforeEach(async () => {
  emulator = await startEmulator();
  ada = as(emulator, "usr_ada");
  eddie = as(emulator, "usr_eddie");
});
afterEach(async () => {
  await emulator.close();
});

describe("providers", () => {
  it("creates a provider (201) with its default team as a Team and generated service URLs", async () => {
    const base = "https://app.docs.example/__auth/saml/org_acme/saml_0001";
    expect(expectStatus(await ada("POST", SAML, OKTA), 201)).toEqual({
      object: "saml-provider",
      id: "saml_0001",
      label: "Okta",
      ssoURL: OKTA.ssoURL,
      entityID: OKTA.entityID,
      certificate: OKTA.certificate,
      defaultTeam: {
        object: "team",
        id: "team_writers",
        title: "Writers",
        members: 2,
        spaces: 0,
        createdAt: anIso(),
        permissions: { admin: true, view: true },
      },
      defaultRole: "edit",
      createdAt: anIso(),
      status: "active",
      service: { acsURL: `${base}/acs`, startURL: `${base}/start`, entityID: `${base}/metadata` },
      urls: { location: `${emulator.url}/v1/orgs/org_acme/saml/saml_0001` },
    });
  });

  it("leaves out what was not given; the default role is then null (guest)", async () => {
    const created = expectStatus(await ada("POST", SAML, { label: "Bare" }), 201);
    expect(Object.keys(created)).toEqual([
      "object",
      "id",
      "label",
      "defaultRole",
      "createdAt",
      "status",
      "service",
      "urls",
    ]);
    expect(created.defaultRole).toBeNull();
    expect(created.status).toBe("pending");
  });

  it("is active once it has its SSO URL, entity ID and certificate, pending while one is missing", async () => {
    const { certificate, ...withoutCertificate } = OKTA;
    expect(expectStatus(await ada("POST", SAML, withoutCertificate), 201).status).toBe("pending");
    const completed = expectStatus(await ada("PATCH", `${SAML}/saml_0001`, { certificate }), 200);
    expect(completed.status).toBe("active");
    expect(expectStatus(await eddie("GET", SAML), 200).items[0].status).toBe("active");
    const removed = expectStatus(await ada("PATCH", `${SAML}/saml_0001`, { ssoURL: null }), 200);
    expect(removed.status).toBe("pending");
  });

  it("lists, reads and deletes providers", async () => {
    await ada("POST", SAML, OKTA);
    await ada("POST", SAML, { label: "Azure" });
    const page = expectStatus(await eddie("GET", SAML), 200);
    expect(page.items.map((p: { label: string }) => p.label)).toEqual(["Okta", "Azure"]);
    expect(expectStatus(await eddie("GET", `${SAML}/saml_0002`), 200).label).toBe("Azure");
    const answer = await ada("DELETE", `${SAML}/saml_0002`);
    expect(answer.status).toBe(204);
    expect(answer.text).toBe("");
    expectError(await ada("GET", `${SAML}/saml_0002`), 404, 'SAML provider "saml_0002" not found');
  });

  it("changes fields; null removes the default team and makes the default role guest", async () => {
    await ada("POST", SAML, OKTA);
    const changed = expectStatus(
      await ada("PATCH", `${SAML}/saml_0001`, {
        label: "Okta EU",
        defaultTeam: "team_reviewers",
        defaultRole: "read",
      }),
      200,
    );
    expect(changed).toMatchObject({
      label: "Okta EU",
      defaultRole: "read",
      defaultTeam: { id: "team_reviewers" },
    });
    const cleared = expectStatus(
      await ada("PATCH", `${SAML}/saml_0001`, { defaultTeam: null, defaultRole: null }),
      200,
    );
    expect("defaultTeam" in cleared).toBe(false);
    expect(cleared.defaultRole).toBeNull();
    expect(cleared.entityID).toBe(OKTA.entityID);
  });

  it("answers 400 for bad fields and for a default team outside the organization", async () => {
    expectError(await ada("POST", SAML, {}), 400, "label: required");
    expectError(
      await ada("POST", SAML, { label: "x".repeat(31) }),
      400,
      "label: must be 1 to 30 characters, got 31",
    );
    expectError(
      await ada("POST", SAML, { label: "Okta", ssoURL: "acme.okta.com" }),
      400,
      "ssoURL: must be an absolute http or https URL",
    );
    expectError(
      await ada("POST", SAML, { label: "Okta", defaultRole: "owner" }),
      400,
      "defaultRole: must be one of admin, create, review, edit, comment, read",
    );
    expectError(
      await ada("POST", SAML, { label: "Okta", defaultTeam: "team_globex" }),
      400,
      'defaultTeam: team "team_globex" not found in organization "org_acme"',
    );
    await ada("POST", SAML, { label: "Okta" });
    expectError(
      await ada("PATCH", `${SAML}/saml_0001`, { defaultTeam: "team_nope" }),
      400,
      'defaultTeam: team "team_nope" not found in organization "org_acme"',
    );
  });

  it("answers 403 to a non-admin, 404 to a non-member, 401 without a token", async () => {
    expectError(
      await eddie("POST", SAML, { label: "Mine" }),
      403,
      'changing organization "org_acme" needs the admin role',
    );
    expectError(await ada("GET", "/orgs/org_globex/saml"), 404, 'organization "org_globex" not found');
    expect((await withToken(emulator, null)("GET", SAML)).status).toBe(401);
  });
});

describe("GET /orgs/{organizationId}/sso", () => {
  it("lists the sign-in choices, not paged", async () => {
    await ada("POST", SAML, OKTA);
    expect(expectStatus(await as(emulator, "usr_rita")("GET", "/orgs/org_acme/sso"), 200)).toEqual({
      items: [
        {
          id: "saml_0001",
          label: "Okta",
          startURL: "https://app.docs.example/__auth/saml/org_acme/saml_0001/start",
        },
      ],
    });
  });
});
