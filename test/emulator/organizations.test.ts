// Organizations (spec 4.14): the caller's list, reading and changing one, search, the
// email-domain lookup and link invites.

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
let gus: Call;

beforeEach(async () => {
  emulator = await startEmulator();
  ada = as(emulator, "usr_ada");
  eddie = as(emulator, "usr_eddie");
  gus = as(emulator, "usr_gus");
});
afterEach(async () => {
  await emulator.close();
});

function acme(url: string, overrides: Record<string, unknown> = {}) {
  return {
    object: "organization",
    id: "org_acme",
    title: "Acme Inc",
    createdAt: anIso(),
    emailDomains: ["acme.example"],
    hostname: "acme",
    type: "business",
    defaultRole: "read",
    sso: false,
    ai: false,
    inviteLinks: true,
    plan: "pro",
    urls: {
      location: `${url}/v1/orgs/org_acme`,
      app: "https://app.docs.example/o/org_acme",
      logo: "https://app.docs.example/o/org_acme/logo.png",
    },
    trial: { status: "none", count: 0 },
    mergeRules: { type: "none" },
    permissions: {
      view: true,
      access: true,
      admin: true,
      ownTeam: true,
      viewBilling: true,
      listMembers: true,
      listTeams: true,
      createContent: true,
      createOpenAPISpec: true,
      listIntegrations: true,
      listInstallations: true,
      installIntegration: true,
    },
    ...overrides,
  };
}

describe("GET /orgs", () => {
  it("lists the caller's organizations only", async () => {
    expect(expectStatus(await ada("GET", "/orgs"), 200)).toEqual({ items: [acme(emulator.url)], count: 1 });
    const globex = expectStatus(await gus("GET", "/orgs"), 200);
    expect(globex.items.map((org: { id: string }) => org.id)).toEqual(["org_globex"]);
  });

  it("answers 401 without a token", async () => {
    expect((await withToken(emulator, null)("GET", "/orgs")).status).toBe(401);
  });
});

describe("GET /orgs/{organizationId}", () => {
  it("answers the organization with the caller's permissions", async () => {
    expect(expectStatus(await ada("GET", "/orgs/org_acme"), 200)).toEqual(acme(emulator.url));
    expect(expectStatus(await eddie("GET", "/orgs/org_acme"), 200).permissions).toEqual({
      view: true,
      access: true,
      admin: false,
      ownTeam: false,
      viewBilling: false,
      listMembers: true,
      listTeams: true,
      createContent: false,
      createOpenAPISpec: false,
      listIntegrations: true,
      listInstallations: true,
      installIntegration: false,
    });
  });

  it("answers 404 to a non-member, as if the organization did not exist", async () => {
    expectError(await ada("GET", "/orgs/org_globex"), 404, 'organization "org_globex" not found');
    expectError(await ada("GET", "/orgs/org_nope"), 404, 'organization "org_nope" not found');
  });
});

describe("PATCH /orgs/{organizationId}", () => {
  it("changes the configuration", async () => {
    const body = {
      title: "Acme Corporation",
      emailDomains: ["acme.example", "acme.test"],
      hostname: "acme-corp",
      defaultRole: null,
      defaultContent: { type: "site", site: "site_1" },
      logo: "https://acme.example/logo.svg",
      sso: true,
      ai: true,
      inviteLinks: false,
    };
    const { logo: _logo, ...shown } = body;
    const expected = acme(emulator.url, {
      ...shown,
      urls: { ...acme(emulator.url).urls, logo: "https://acme.example/logo.svg" },
    });
    expect(expectStatus(await ada("PATCH", "/orgs/org_acme", body), 200)).toEqual(expected);
    expect(expectStatus(await ada("GET", "/orgs/org_acme"), 200)).toEqual(expected);
  });

  it("removes the logo with null, and refuses a null hostname, which neither description allows", async () => {
    await ada("PATCH", "/orgs/org_acme", { logo: "https://acme.example/logo.svg" });
    expectError(await ada("PATCH", "/orgs/org_acme", { hostname: null }), 400, "hostname: must not be null");
    const answer = expectStatus(await ada("PATCH", "/orgs/org_acme", { logo: null }), 200);
    expect(answer.hostname).toBe("acme");
    expect(answer.urls.logo).toBe("https://app.docs.example/o/org_acme/logo.png");
  });

  it("answers 400 for values out of bounds", async () => {
    expectError(
      await ada("PATCH", "/orgs/org_acme", { title: "A" }),
      400,
      "title: must be 2 to 255 characters, got 1",
    );
    expectError(
      await ada("PATCH", "/orgs/org_acme", { hostname: "Acme!" }),
      400,
      "hostname: must match ^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$",
    );
    expectError(
      await ada("PATCH", "/orgs/org_acme", { emailDomains: ["not a domain"] }),
      400,
      "emailDomains[0]: must match a domain name",
    );
    expectError(
      await ada("PATCH", "/orgs/org_acme", { defaultRole: "owner" }),
      400,
      "defaultRole: must be one of admin, create, review, edit, comment, read",
    );
    expectError(
      await ada("PATCH", "/orgs/org_acme", { logo: "ftp://x" }),
      400,
      "logo: must be an absolute http or https URL",
    );
    expectError(
      await ada("PATCH", "/orgs/org_acme", { defaultContent: {} }),
      400,
      "defaultContent.type: required, a string",
    );
  });

  it("answers 409 for a hostname another organization holds", async () => {
    expectError(
      await ada("PATCH", "/orgs/org_acme", { hostname: "globex" }),
      409,
      'hostname "globex" is already used by another organization',
    );
  });

  it("answers 403 to a member who is not admin", async () => {
    expectError(
      await eddie("PATCH", "/orgs/org_acme", { title: "Mine" }),
      403,
      'changing organization "org_acme" needs the admin role',
    );
  });

  it("answers 404 to a non-member", async () => {
    expectError(
      await ada("PATCH", "/orgs/org_globex", { title: "Mine" }),
      404,
      'organization "org_globex" not found',
    );
  });
});

describe("GET /orgs/{organizationId}/search", () => {
  it("matches live space titles, case-insensitively", async () => {
    expect(expectStatus(await ada("GET", "/orgs/org_acme/search?query=API"), 200)).toEqual({
      items: [
        { id: "spc_api_v1", title: "API v1", pages: [] },
        { id: "spc_api_v2", title: "API v2", pages: [] },
      ],
      count: 2,
    });
    await ada("DELETE", "/spaces/spc_api_v1");
    const after = expectStatus(await ada("GET", "/orgs/org_acme/search?query=api"), 200);
    expect(after.items.map((item: { id: string }) => item.id)).toEqual(["spc_api_v2"]);
  });

  it("answers 400 without a query or with one over 512 characters", async () => {
    expectError(await ada("GET", "/orgs/org_acme/search"), 400, "query: required query parameter");
    expectError(
      await ada("GET", `/orgs/org_acme/search?query=${"a".repeat(513)}`),
      400,
      "query: must be at most 512 characters, got 513",
    );
  });

  it("answers 404 to a non-member", async () => {
    expectError(
      await ada("GET", "/orgs/org_globex/search?query=x"),
      404,
      'organization "org_globex" not found',
    );
  });
});

describe("GET /email-domains/{emailDomain}/orgs", () => {
  it("lists organizations of the domain that the caller belongs to or could join", async () => {
    const mine = expectStatus(await ada("GET", "/email-domains/acme.example/orgs"), 200);
    expect(mine).toEqual({ organizations: [acme(emulator.url)] });
    const joinable = expectStatus(await gus("GET", "/email-domains/acme.example/orgs"), 200);
    expect(joinable.organizations).toEqual([]);
    const own = expectStatus(await gus("GET", "/email-domains/globex.example/orgs"), 200);
    expect(own.organizations.map((org: { id: string }) => org.id)).toEqual(["org_globex"]);
  });

  it("shows a joinable organization without member permissions", async () => {
    await gus("PATCH", "/orgs/org_globex", { emailDomains: ["globex.example", "acme.example"] });
    const answer = expectStatus(await ada("GET", "/email-domains/acme.example/orgs"), 200);
    expect(answer.organizations.map((org: { id: string }) => org.id)).toEqual(["org_acme", "org_globex"]);
    expect(answer.organizations[1].permissions.view).toBe(false);
  });
});

describe("link invites", () => {
  const INVITE = "/orgs/org_acme/link-invites/inv_acme_readers";

  it("reads, changes and deletes an invite", async () => {
    expect(expectStatus(await eddie("GET", INVITE), 200)).toEqual({
      object: "invite",
      id: "inv_acme_readers",
      role: "read",
    });
    expect(expectStatus(await ada("PATCH", INVITE, { role: "edit" }), 200)).toEqual({
      object: "invite",
      id: "inv_acme_readers",
      role: "edit",
    });
    const removed = await ada("DELETE", INVITE);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe("");
    expectError(await ada("GET", INVITE), 404, 'invite "inv_acme_readers" not found');
  });

  it("answers 400 for a bad body", async () => {
    expectError(await ada("PATCH", INVITE, {}), 400, "role: required");
    expectError(
      await ada("PATCH", INVITE, { role: "owner" }),
      400,
      "role: must be one of admin, create, review, edit, comment, read",
    );
    expectError(await ada("PATCH", INVITE, { role: "read", level: "x" }), 400, "level: unknown field");
  });

  it("answers 403 to a non-admin and 404 across organizations", async () => {
    expectError(await eddie("DELETE", INVITE), 403, 'changing organization "org_acme" needs the admin role');
    expectError(
      await ada("GET", "/orgs/org_globex/link-invites/inv_globex"),
      404,
      'organization "org_globex" not found',
    );
    expectError(
      await ada("GET", "/orgs/org_acme/link-invites/inv_globex"),
      404,
      'invite "inv_globex" not found',
    );
  });
});
