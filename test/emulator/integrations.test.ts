// Integrations (spec 2.21, 4.19, 8): the public listing and its filters, publishing with its
// limits, unpublishing; secrets are never answered.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CONTENT } from "./content-fixture.ts";
import {
  as,
  type Call,
  type Emulator,
  expectError,
  expectStatus,
  startEmulator,
  walk,
  withToken,
} from "./http.ts";

let emulator: Emulator;
let ada: Call;
let eddie: Call;
let gus: Call;
const names = (page: { items: { name: string }[] }) => page.items.map((i) => i.name);
const PUBLISH = {
  title: "Acme Bot",
  description: "Posts updates",
  scopes: ["space:content:read"],
  script: "export default {}",
  organization: "org_acme",
  secrets: { API_KEY: "sk-very-secret-value" },
  externalLinks: [{ url: "https://acme.example/bot", label: "Home" }],
};

beforeEach(async () => {
  emulator = await startEmulator({ fixture: CONTENT });
  ada = as(emulator, "usr_ada");
  eddie = as(emulator, "usr_eddie");
  gus = as(emulator, "usr_gus");
});
afterEach(async () => {
  await emulator.close();
});

describe("GET /integrations", () => {
  it("lists public integrations only, with filters", async () => {
    expect(names(expectStatus(await eddie("GET", "/integrations"), 200))).toEqual(["slack", "figma-embed"]);
    expect(names(expectStatus(await eddie("GET", "/integrations?search=FIG"), 200))).toEqual(["figma-embed"]);
    expect(names(expectStatus(await eddie("GET", "/integrations?category=collaboration"), 200))).toEqual([
      "slack",
    ]);
    expect(names(expectStatus(await eddie("GET", "/integrations?blocks=true"), 200))).toEqual([
      "figma-embed",
    ]);
    expect(names(expectStatus(await eddie("GET", "/integrations?blocks=false"), 200))).toEqual(["slack"]);
    expect(names(expectStatus(await eddie("GET", "/integrations?blockDomain=figma.com"), 200))).toEqual([
      "figma-embed",
    ]);
    expect(names(expectStatus(await eddie("GET", "/integrations?contentSources=true"), 200))).toEqual([]);
    expect(names(expectStatus(await eddie("GET", "/integrations?owner=org_acme"), 200))).toEqual(["slack"]);
    expectError(
      await eddie("GET", "/integrations?blockDomain=a/b"),
      400,
      "blockDomain: must match ^[a-zA-Z0-9-_.]+$",
    );
    expectError(
      await eddie("GET", "/integrations?category=games"),
      400,
      expect.stringContaining("category: must be one of") as unknown as string,
    );
  });

  it("pages, and needs a token", async () => {
    const { items, pages } = await walk(eddie, "/integrations", 1);
    expect(items).toHaveLength(2);
    expect(pages).toBe(2);
    expect((await withToken(emulator, null)("GET", "/integrations")).status).toBe(401);
  });
});

describe("GET /integrations/{integrationName}", () => {
  it("answers the Integration; a private one only to its organization's members", async () => {
    const slack = expectStatus(await gus("GET", "/integrations/slack"), 200);
    expect(slack).toMatchObject({
      object: "integration",
      name: "slack",
      version: 1,
      owner: { object: "organization", id: "org_acme" },
      permissions: { admin: false, install: true },
      urls: { location: `${emulator.url}/v1/integrations/slack` },
    });
    expect(expectStatus(await gus("GET", "/integrations/secret-tool"), 200).visibility).toBe("private");
    expectError(await ada("GET", "/integrations/secret-tool"), 404, 'integration "secret-tool" not found');
    expectError(
      await ada("GET", "/integrations/bad%20name"),
      400,
      "integrationName: must be at most 100 characters matching ^[a-zA-Z0-9-_.]+$",
    );
  });
});

describe("POST /integrations/{integrationName}", () => {
  it("publishes (201), republishes with a new version (200), never answers secrets", async () => {
    const first = await ada("POST", "/integrations/acme-bot", PUBLISH);
    expect(expectStatus(first, 201)).toMatchObject({
      name: "acme-bot",
      version: 1,
      visibility: "public",
      externalLinks: PUBLISH.externalLinks,
    });
    const again = await ada("POST", "/integrations/acme-bot", {
      ...PUBLISH,
      title: "Acme Bot 2",
      organization: "acme",
    });
    expect(expectStatus(again, 200)).toMatchObject({ version: 2, title: "Acme Bot 2" });
    const read = await gus("GET", "/integrations/acme-bot");
    for (const answer of [first, again, read]) {
      expect(answer.text).not.toContain("sk-very-secret-value");
      expect(answer.body).not.toHaveProperty("secrets");
    }
  });

  it("requires scopes, title, description, script and organization; bounds the lists", async () => {
    for (const field of ["scopes", "title", "description", "script", "organization"]) {
      const { [field]: _, ...rest } = PUBLISH as Record<string, unknown>;
      expectError(await ada("POST", "/integrations/x", rest), 400, `${field}: required`);
    }
    expectError(
      await ada("POST", "/integrations/x", { ...PUBLISH, title: "A" }),
      400,
      "title: must be 2 to 30 characters, got 1",
    );
    expectError(
      await ada("POST", "/integrations/x", { ...PUBLISH, previewImages: ["aGk=", "aGk=", "aGk=", "aGk="] }),
      400,
      "previewImages: must have at most 3 items",
    );
    const links = Array.from({ length: 6 }, () => PUBLISH.externalLinks[0]);
    expectError(
      await ada("POST", "/integrations/x", { ...PUBLISH, externalLinks: links }),
      400,
      "externalLinks: must have at most 5 items",
    );
    expectError(
      await ada("POST", "/integrations/x", { ...PUBLISH, scopes: ["everything"] }),
      400,
      expect.stringContaining("scopes[0]: must be one of") as unknown as string,
    );
    expectError(
      await ada("POST", "/integrations/x", { ...PUBLISH, secrets: { KEY: 42 } }),
      400,
      "secrets.KEY: must be a string",
    );
  });

  it("needs the admin role in the organization (403), its membership (404); a taken name is 409", async () => {
    expectError(
      await eddie("POST", "/integrations/x", PUBLISH),
      403,
      'changing organization "org_acme" needs the admin role',
    );
    expectError(
      await ada("POST", "/integrations/x", { ...PUBLISH, organization: "org_globex" }),
      404,
      'organization "org_globex" not found',
    );
    expectError(
      await gus("POST", "/integrations/slack", { ...PUBLISH, organization: "org_globex" }),
      409,
      'integration "slack" is published by another organization',
    );
  });
});

describe("DELETE /integrations/{integrationName}", () => {
  it("unpublishes (204) for an admin of the owner; 403 otherwise; then 404", async () => {
    expectError(
      await gus("DELETE", "/integrations/slack"),
      403,
      'unpublishing integration "slack" needs the admin role in its organization',
    );
    expectStatus(await ada("DELETE", "/integrations/slack"), 204);
    expectError(await ada("GET", "/integrations/slack"), 404, 'integration "slack" not found');
  });
});
