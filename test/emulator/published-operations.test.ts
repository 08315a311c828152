// Every operation the published description covers answers in the published shape, not only
// those docsync's examples happen to make: one walk through all of them (creates, reads,
// changes, moves, grants, bulk redirects, deletes) against an emulator recording its exchanges,
// each checked against published/operations.ts. Translations are served in their published
// form (the fixture's `published: [translations]`), where the spec's form conflicts with it.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FIXTURE } from "../../src/emulator/fixture.ts";
import { as, type Call, type Emulator, type Json, startEmulator } from "./http.ts";
import { checkExchange } from "./published/check.ts";
import { answers } from "./published/operations.ts";

const ORG = "/orgs/org_acme";

let emulator: Emulator;
let ada: Call;

/** Calls and asserts a success, answering the body. */
const ok = async (method: string, path: string, body?: unknown): Promise<Json> => {
  const answer = await ada(method, path, body);
  expect(answer.status, `${method} ${path}: ${answer.text}`).toBeLessThan(300);
  return answer.body;
};

async function organizationAndPeople(): Promise<void> {
  await ok("GET", "/user");
  await ok("GET", "/users/usr_eddie");
  await ok("GET", "/orgs");
  await ok("GET", ORG);
  await ok("PATCH", ORG, { title: "Acme Corp" });
  await ok("GET", "/email-domains/acme.example/orgs");
  await ok("GET", `${ORG}/members`);
  await ok("GET", `${ORG}/members/usr_eddie`);
  await ok("PATCH", `${ORG}/members/usr_eddie`, { role: "create" });
  await ok("POST", `${ORG}/members/usr_eddie/sso`);
  await ok("GET", `${ORG}/members/usr_eddie/spaces`);
  await ok("GET", `${ORG}/members/usr_eddie/teams`);
  const team = await ok("PUT", `${ORG}/teams`, { title: "Docs", members: ["usr_eddie"] });
  await ok("GET", `${ORG}/teams`);
  await ok("GET", `${ORG}/teams/${team.id}`);
  await ok("PATCH", `${ORG}/teams/${team.id}`, { title: "Documentation" });
  const saml = `${ORG}/saml`;
  const provider = await ok("POST", saml, { label: "Okta", defaultTeam: team.id, defaultRole: "read" });
  await ok("PATCH", `${saml}/${provider.id}`, {
    ssoURL: "https://idp.example/sso",
    entityID: "urn:idp",
    certificate: "MIIC",
  });
  await ok("GET", saml);
  await ok("GET", `${saml}/${provider.id}`);
  await ok("GET", `${ORG}/sso`);
  await ok("DELETE", `${saml}/${provider.id}`);
  await ok("DELETE", `${ORG}/teams/${team.id}`);
  await ok("DELETE", `${ORG}/members/usr_rita`);
}

async function collectionsAndSpaces(): Promise<void> {
  const collection = await ok("POST", `${ORG}/collections`, { title: "Archive" });
  await ok("GET", `${ORG}/collections`);
  await ok("GET", `/collections/${collection.id}`);
  await ok("PATCH", `/collections/${collection.id}`, { description: "Old things" });
  await ok("POST", `/collections/${collection.id}/move`, { parent: "col_docs" });
  await ok("GET", "/collections/col_docs/spaces");
  const space = "/spaces/spc_changelog";
  await ok("GET", space);
  await ok("PATCH", space, { emoji: "📰", editMode: "locked" });
  await ok("POST", `${space}/move`, { parent: collection.id });
  const copy = await ok("POST", `${space}/duplicate`);
  await ok("DELETE", `/spaces/${copy.id}`);
  await ok("POST", `/spaces/${copy.id}/restore`);
  await ok("POST", `${space}/permissions`, { role: "edit", teams: ["team_writers"] });
  await ok("POST", `${space}/permissions`, { role: "read", users: ["usr_eddie"] });
  await ok("GET", `${space}/permissions/users`);
  await ok("GET", `${space}/permissions/teams`);
  await ok("GET", `${space}/permissions/aggregate`);
  await ok("PATCH", `${space}/permissions/users/usr_eddie`, { role: "comment" });
  await ok("PATCH", `${space}/permissions/teams/team_writers`, { role: "review" });
  await ok("DELETE", `${space}/permissions/users/usr_eddie`);
  await ok("DELETE", `${space}/permissions/teams/team_writers`);
  await ok("POST", `${ORG}/custom-fields`, { name: "tier", type: "select", options: ["gold", "silver"] });
  await ok("GET", `${ORG}/custom-fields`);
  await ok("PATCH", `${ORG}/custom-fields/tier`, { title: "Tier" });
  await ok("PATCH", `${space}/custom-fields`, { values: { tier: { value: "gold" } } });
  await ok("GET", `${space}/custom-fields`);
  await ok("DELETE", `${ORG}/custom-fields/tier`);
  await ok("DELETE", `/collections/${collection.id}`);
}

async function sites(): Promise<void> {
  const site = await ok("POST", `${ORG}/sites`, {
    type: "ultimate",
    title: "Docs",
    spaces: ["spc_handbook"],
  });
  const at = `${ORG}/sites/${site.id}`;
  await ok("GET", `${ORG}/sites`);
  await ok("GET", at);
  await ok("PATCH", at, { basename: "docs", proxy: "acme.example/docs" });
  await ok("GET", `${at}/adaptive-schema`);
  await ok("PUT", `${at}/adaptive-schema`, {
    jsonSchema: {
      type: "object",
      properties: { plan: { type: "string", description: "Plan" } },
      additionalProperties: false,
    },
  });
  await ok("GET", `${at}/published`);
  const guides = await ok("POST", `${at}/sections`, { spaceId: "spc_guides", title: "Guides" });
  const api = await ok("POST", `${at}/sections`, { spaceId: "spc_api_v1", title: "API" });
  await ok("GET", `${at}/sections`);
  await ok("PATCH", `${at}/sections/${api.id}`, { title: "API reference", icon: "code" });
  await ok("POST", `${at}/sections/${api.id}/move`, {
    position: { before: { type: "site-section", siteSection: guides.id } },
  });
  await ok("GET", `${at}/published`);
  const group = await ok("POST", `${at}/section-groups`, { title: "Developers", sections: [api.id] });
  const groupAt = `${at}/section-groups/${group.id}`;
  await ok("GET", `${at}/section-groups`);
  await ok("PATCH", groupAt, { icon: "code" });
  await ok("POST", `${groupAt}/sections`, { sectionId: guides.id });
  await ok("DELETE", `${groupAt}/sections/${guides.id}`);
  await ok("POST", `${groupAt}/move`, { position: { after: { type: "site-section", id: guides.id } } });
  const sdk = await ok("POST", `${at}/site-spaces`, { spaceId: "spc_sdk", sectionId: guides.id });
  await ok("GET", `${at}/site-spaces`);
  await ok("PATCH", `${at}/site-spaces/${sdk.id}`, { path: "toolkit" });
  await ok("POST", `${at}/site-spaces/${sdk.id}/move`);
  const redirect = await ok("POST", `${at}/redirects`, {
    source: "/old",
    destination: { kind: "site-section", siteSectionId: guides.id },
  });
  await ok("PATCH", `${at}/redirects/${redirect.id}`, { source: "/older" });
  await ok("PUT", `${at}/redirects`, {
    redirects: [
      { source: "/sdk", destination: { kind: "site-space", siteSpaceId: sdk.id }, permanent: true },
      { source: "/gone", destination: { kind: "external", url: "https://acme.example" } },
      { source: "/missing", destination: null },
    ],
  });
  await ok("GET", `${at}/redirects`);
  await ok("GET", `${at}/redirect?source=%2Fsdk`);
  await ok("DELETE", `${at}/redirects/${redirect.id}`);
  await ok("PUT", `${at}/redirects`, { redirects: [{ source: "/sdk", destination: null }] });
  await brandingAndAudience(at, { sdk: sdk.id, guides: guides.id, group: group.id });
  await ok("DELETE", `${at}/site-spaces/${sdk.id}`);
  await ok("DELETE", groupAt);
  await ok("DELETE", `${at}/sections/${api.id}`);
  await ok("DELETE", at);
}

/** A site's branding, navigation links, audience and permissions (design/published-site.md). */
async function brandingAndAudience(at: string, ids: { sdk: string; guides: string; group: string }) {
  const document = await ok("GET", `${at}/customization`);
  const { updatedAt: _updatedAt, ...whole } = document;
  await ok("PUT", `${at}/customization`, { ...whole, header: { ...whole.header, preset: "bold" } });
  const siteSpace = `${at}/site-spaces/${ids.sdk}/customization`;
  await ok("PATCH", siteSpace, { styling: { primaryColor: { light: "#00875A", dark: "#36B37E" } } });
  await ok("GET", siteSpace);
  await ok("DELETE", siteSpace);
  const link = await ok("POST", `${at}/external-links`, {
    title: "Status",
    url: "https://status.acme.example",
  });
  await ok("PATCH", `${at}/external-links/${link.id}`, { parent: ids.group, description: "Uptime" });
  await ok("GET", `${at}/structure`);
  await ok("PATCH", `${at}/structure/sort`, {
    item: { type: "site-section", id: ids.guides },
    position: { before: { type: "site-section-group", id: ids.group } },
  });
  await ok("GET", `${at}/structure`);
  await ok("DELETE", `${at}/external-links/${link.id}`);
  await ok("POST", `${at}/publish`);
  await ok("POST", `${at}/unpublish`);
  const share = await ok("POST", `${at}/share-links`, { name: "partners" });
  await ok("PATCH", `${at}/share-links/${share.id}`, { active: false });
  await ok("GET", `${at}/share-links`);
  await ok("DELETE", `${at}/share-links/${share.id}`);
  await ok("GET", `${at}/publishing/auth`);
  await ok("PATCH", `${at}/publishing/auth`, {
    backend: "custom",
    fallbackURL: "https://acme.example/login",
  });
  await ok("POST", `${at}/permissions`, { teams: ["team_writers"] });
  await ok("POST", `${at}/permissions`, { users: ["usr_eddie"] });
  await ok("PATCH", `${at}/permissions/teams/team_writers`, { role: "edit" });
  await ok("PATCH", `${at}/permissions/users/usr_eddie`, { role: "comment" });
  await ok("GET", `${at}/permissions/teams`);
  await ok("GET", `${at}/permissions/users`);
  await ok("DELETE", `${at}/permissions/teams/team_writers`);
  await ok("DELETE", `${at}/permissions/users/usr_eddie`);
}

async function specsAndTranslations(): Promise<void> {
  const openapi = `${ORG}/openapi`;
  await ok("POST", openapi, { slug: "payments", source: { url: "https://api.acme.example/openapi.yaml" } });
  await ok("GET", openapi);
  await ok("GET", `${openapi}/payments`);
  await ok("PUT", `${openapi}/payments`, { source: { text: "openapi: 3.1.0" } });
  await ok("DELETE", `${openapi}/payments`);
  const translations = `${ORG}/translations`;
  const french = await ok("POST", translations, {
    source: { space: "spc_handbook", language: "en" },
    language: "fr",
  });
  await ok("GET", translations);
  await ok("GET", `${translations}/${french.id}`);
  await ok("PUT", `${translations}/${french.id}`, {
    instructions: { object: "document", data: {}, nodes: [{ object: "block", type: "paragraph" }] },
  });
  await ok("DELETE", `${translations}/${french.id}`);
}

describe("every operation the published description covers", () => {
  beforeAll(async () => {
    emulator = await startEmulator({
      recordBodies: true,
      fixture: { ...DEFAULT_FIXTURE, published: ["translations", "adaptive-schema"] },
    });
    ada = as(emulator, "usr_ada");
    await organizationAndPeople();
    await collectionsAndSpaces();
    await sites();
    await specsAndTranslations();
  });
  afterAll(() => emulator.close());

  it("is made at least once, with success", () => {
    const made = new Set(emulator.requests.filter((entry) => entry.status < 300).map((entry) => entry.route));
    expect(Object.keys(answers).filter((operation) => !made.has(operation))).toEqual([]);
  });

  it("answers in the published shape, and takes the published request bodies", () => {
    const findings = emulator.requests.map(checkExchange);
    expect(
      findings.flatMap((finding) => finding.answer.map((line) => `${finding.exchange}: ${line}`)),
    ).toEqual([]);
    expect(
      findings.flatMap((finding) => finding.request.map((line) => `${finding.exchange}: ${line}`)),
    ).toEqual([]);
  });
});
