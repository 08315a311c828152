// The error answers of every endpoint that organization, access and space settings use (spec
// 4.1, 4.2, 4.3 with the service's team grants, 4.8, 4.14, 4.15, 4.17, 4.18), one table row per
// endpoint: 401 without a token or with a wrong one, 404 for an unknown id, 403 for a member
// without the admin role where the endpoint changes something, 400 for a bad body or query.
// None of these answers changes anything, so one emulator serves the whole table.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, type Call, type Emulator, expectError, startEmulator, withToken } from "./http.ts";

const ROLES = "admin, create, review, edit, comment, read";

interface Row {
  /** METHOD and the spec's path, naming the row. */
  route: string;
  /** The call on resources that exist, with a valid body when it takes one. */
  path: string;
  body?: unknown;
  /** The same call naming something that does not exist, and the 404 message. */
  unknown?: [path: string, message: string];
  /** Changes something: a member without the admin role gets 403. */
  write?: boolean;
  /** Bad bodies (or, for a GET, bad queries appended to the path) and their 400 messages. */
  bad?: [bodyOrQuery: unknown, message: string][];
}

const ORG = "/orgs/org_acme";
const FORBIDDEN = 'changing organization "org_acme" needs the admin role';

const rows: Row[] = [
  // 4.1 Collections
  {
    route: "GET /collections/{id}",
    path: "/collections/col_docs",
    unknown: ["/collections/col_nope", 'collection "col_nope" not found'],
  },
  {
    route: "PATCH /collections/{id}",
    path: "/collections/col_docs",
    body: { title: "Docs" },
    unknown: ["/collections/col_nope", 'collection "col_nope" not found'],
    write: true,
    bad: [
      [{ defaultLevel: "owner" }, `defaultLevel: must be one of ${ROLES}`],
      [{ title: "x".repeat(51) }, "title: must be 1 to 50 characters, got 51"],
      [{ description: "x".repeat(101) }, "description: must be at most 100 characters, got 101"],
      [[], "request body: must be a JSON object, got an array"],
    ],
  },
  {
    route: "DELETE /collections/{id}",
    path: "/collections/col_docs",
    unknown: ["/collections/col_nope", 'collection "col_nope" not found'],
    write: true,
  },
  {
    route: "GET /collections/{id}/spaces",
    path: "/collections/col_docs/spaces",
    unknown: ["/collections/col_nope/spaces", 'collection "col_nope" not found'],
    bad: [["?limit=0", "limit: must be from 1 to 1000, got 0"]],
  },
  {
    route: "POST /collections/{id}/move",
    path: "/collections/col_docs/move",
    body: { parent: null },
    unknown: ["/collections/col_nope/move", 'collection "col_nope" not found'],
    write: true,
    bad: [[{ parent: 5 }, "parent: must be a string, got a number"]],
  },
  {
    route: "POST /collections/{id}/transfer",
    path: "/collections/col_docs/transfer",
    body: { organization: "org_acme" },
    unknown: ["/collections/col_nope/transfer", 'collection "col_nope" not found'],
    write: true,
    bad: [[{}, "organization: required"]],
  },
  {
    route: "GET /orgs/{id}/collections",
    path: `${ORG}/collections`,
    unknown: ["/orgs/org_nope/collections", 'organization "org_nope" not found'],
    bad: [["?nested=maybe", 'nested: must be true or false, got "maybe"']],
  },
  {
    route: "POST /orgs/{id}/collections",
    path: `${ORG}/collections`,
    body: { title: "New" },
    unknown: ["/orgs/org_nope/collections", 'organization "org_nope" not found'],
    write: true,
    bad: [
      [{ title: "x".repeat(51) }, "title: must be 1 to 50 characters, got 51"],
      [{ parent: "col_nope" }, 'parent: collection "col_nope" not found in organization "org_acme"'],
    ],
  },
  // 4.2 Spaces
  {
    route: "GET /spaces/{id}",
    path: "/spaces/spc_handbook",
    unknown: ["/spaces/spc_nope", 'space "spc_nope" not found'],
  },
  {
    route: "PATCH /spaces/{id}",
    path: "/spaces/spc_handbook",
    body: { title: "Handbook" },
    unknown: ["/spaces/spc_nope", 'space "spc_nope" not found'],
    write: true,
    bad: [
      [{ editMode: "frozen" }, "editMode: must be one of live, locked"],
      [{ defaultLevel: "owner" }, `defaultLevel: must be one of ${ROLES}`],
      [{ title: "" }, "title: must be 1 to 50 characters, got 0"],
      [{ emoji: 5 }, "emoji: must be a string, got a number"],
    ],
  },
  {
    route: "DELETE /spaces/{id}",
    path: "/spaces/spc_handbook",
    unknown: ["/spaces/spc_nope", 'space "spc_nope" not found'],
    write: true,
  },
  {
    route: "POST /spaces/{id}/duplicate",
    path: "/spaces/spc_handbook/duplicate",
    unknown: ["/spaces/spc_nope/duplicate", 'space "spc_nope" not found'],
    write: true,
  },
  {
    route: "POST /spaces/{id}/restore",
    path: "/spaces/spc_handbook/restore",
    unknown: ["/spaces/spc_nope/restore", 'space "spc_nope" not found'],
    write: true,
  },
  {
    route: "POST /spaces/{id}/move",
    path: "/spaces/spc_handbook/move",
    body: { parent: "col_docs" },
    unknown: ["/spaces/spc_nope/move", 'space "spc_nope" not found'],
    write: true,
    bad: [[{ parent: 5 }, "parent: must be a string, got a number"]],
  },
  {
    route: "POST /spaces/{id}/transfer",
    path: "/spaces/spc_handbook/transfer",
    body: { organization: "org_acme" },
    unknown: ["/spaces/spc_nope/transfer", 'space "spc_nope" not found'],
    write: true,
    bad: [[{}, "organization: required"]],
  },
  {
    route: "GET /spaces/{id}/links",
    path: "/spaces/spc_handbook/links",
    unknown: ["/spaces/spc_nope/links", 'space "spc_nope" not found'],
    bad: [["?status=fine", "status: must be one of ok, broken, in-app"]],
  },
  // 4.3 Space permissions, and the team grants of the service
  {
    route: "POST /spaces/{id}/permissions",
    path: "/spaces/spc_handbook/permissions",
    body: { role: "read", users: ["usr_rita"] },
    unknown: ["/spaces/spc_nope/permissions", 'space "spc_nope" not found'],
    write: true,
    bad: [
      [{ role: "owner", users: ["usr_rita"] }, `role: must be one of ${ROLES}`],
      [{ users: ["usr_rita"] }, "role: required"],
      [{ role: "read" }, "teams: give at least one team or user id (teams or users)"],
      [{ role: "read", teams: "team_writers" }, "teams: must be an array of strings, got a string"],
      [
        { role: "read", teams: ["team_nope"] },
        'teams[0]: team "team_nope" not found in organization "org_acme"',
      ],
      [
        { role: "read", users: ["usr_gus"] },
        'users[0]: "usr_gus" is not a member of organization "org_acme"',
      ],
    ],
  },
  {
    route: "GET /spaces/{id}/permissions/users",
    path: "/spaces/spc_handbook/permissions/users",
    unknown: ["/spaces/spc_nope/permissions/users", 'space "spc_nope" not found'],
    bad: [["?limit=1001", "limit: must be from 1 to 1000, got 1001"]],
  },
  {
    route: "PATCH /spaces/{id}/permissions/users/{userId}",
    path: "/spaces/spc_handbook/permissions/users/usr_rita",
    body: { role: "comment" },
    unknown: [
      "/spaces/spc_handbook/permissions/users/usr_nope",
      'user "usr_nope" has no permission on space "spc_handbook"',
    ],
    write: true,
    bad: [[{ role: "owner" }, `role: must be one of ${ROLES}`]],
  },
  {
    route: "DELETE /spaces/{id}/permissions/users/{userId}",
    path: "/spaces/spc_handbook/permissions/users/usr_rita",
    unknown: ["/spaces/spc_nope/permissions/users/usr_rita", 'space "spc_nope" not found'],
    write: true,
  },
  {
    route: "GET /spaces/{id}/permissions/aggregate",
    path: "/spaces/spc_handbook/permissions/aggregate",
    unknown: ["/spaces/spc_nope/permissions/aggregate", 'space "spc_nope" not found'],
    bad: [["?role=owner", `role: must be one of ${ROLES}`]],
  },
  {
    route: "GET /spaces/{id}/permissions/teams",
    path: "/spaces/spc_handbook/permissions/teams",
    unknown: ["/spaces/spc_nope/permissions/teams", 'space "spc_nope" not found'],
  },
  {
    route: "PATCH /spaces/{id}/permissions/teams/{teamId}",
    path: "/spaces/spc_handbook/permissions/teams/team_writers",
    body: { role: "edit" },
    unknown: [
      "/spaces/spc_handbook/permissions/teams/team_nope",
      'team "team_nope" has no permission on space "spc_handbook"',
    ],
    write: true,
    bad: [
      [{}, "role: required"],
      [{ role: "owner" }, `role: must be one of ${ROLES}`],
    ],
  },
  {
    route: "DELETE /spaces/{id}/permissions/teams/{teamId}",
    path: "/spaces/spc_handbook/permissions/teams/team_writers",
    unknown: ["/spaces/spc_nope/permissions/teams/team_writers", 'space "spc_nope" not found'],
    write: true,
  },
  // 4.8 Custom fields
  {
    route: "GET /spaces/{id}/custom-fields",
    path: "/spaces/spc_handbook/custom-fields",
    unknown: ["/spaces/spc_nope/custom-fields", 'space "spc_nope" not found'],
  },
  {
    route: "PATCH /spaces/{id}/custom-fields",
    path: "/spaces/spc_handbook/custom-fields",
    body: { values: {} },
    unknown: ["/spaces/spc_nope/custom-fields", 'space "spc_nope" not found'],
    write: true,
    bad: [
      [{}, "values: required"],
      [
        { values: { audience: { value: "x" } } },
        'values.audience: no custom field named "audience" in organization "org_acme"',
      ],
    ],
  },
  {
    route: "GET /orgs/{id}/custom-fields",
    path: `${ORG}/custom-fields`,
    unknown: ["/orgs/org_nope/custom-fields", 'organization "org_nope" not found'],
  },
  {
    route: "POST /orgs/{id}/custom-fields",
    path: `${ORG}/custom-fields`,
    body: { name: "audience", type: "text" },
    unknown: ["/orgs/org_nope/custom-fields", 'organization "org_nope" not found'],
    write: true,
    bad: [
      [{ type: "text" }, "name: required"],
      [
        { name: "audience", type: "colour" },
        "type: must be one of text, number, boolean, date, select, multi-select",
      ],
    ],
  },
  {
    route: "GET /orgs/{id}/custom-fields/{name}",
    path: `${ORG}/custom-fields/nope`,
    unknown: [`${ORG}/custom-fields/nope`, 'custom field "nope" not found'],
  },
  {
    route: "PATCH /orgs/{id}/custom-fields/{name}",
    path: `${ORG}/custom-fields/nope`,
    body: { title: "T" },
    unknown: [`${ORG}/custom-fields/nope`, 'custom field "nope" not found'],
    write: true,
  },
  {
    route: "DELETE /orgs/{id}/custom-fields/{name}",
    path: `${ORG}/custom-fields/nope`,
    unknown: [`${ORG}/custom-fields/nope`, 'custom field "nope" not found'],
    write: true,
  },
  // 4.14 Organizations
  {
    route: "GET /orgs",
    path: "/orgs",
    unknown: ["/orgs/org_nope", 'organization "org_nope" not found'],
    bad: [["?limit=x", "limit: must be a whole number from 1 to 1000"]],
  },
  { route: "GET /orgs/{id}", path: ORG, unknown: ["/orgs/org_nope", 'organization "org_nope" not found'] },
  {
    route: "PATCH /orgs/{id}",
    path: ORG,
    body: { title: "Acme Inc" },
    unknown: ["/orgs/org_nope", 'organization "org_nope" not found'],
    write: true,
    bad: [
      [{ defaultRole: "owner" }, `defaultRole: must be one of ${ROLES}`],
      [{ title: "A" }, "title: must be 2 to 255 characters, got 1"],
      [{ hostname: "ab" }, "hostname: must be 3 to 32 characters, got 2"],
      [{ emailDomains: "acme.example" }, "emailDomains: must be an array of strings, got a string"],
      [{ sso: "yes" }, "sso: must be a boolean, got a string"],
      [{ ai: 1 }, "ai: must be a boolean, got a number"],
      [{ inviteLinks: null }, "inviteLinks: must not be null"],
    ],
  },
  {
    route: "GET /orgs/{id}/link-invites/{id}",
    path: `${ORG}/link-invites/inv_acme_readers`,
    unknown: [`${ORG}/link-invites/inv_nope`, 'invite "inv_nope" not found'],
  },
  {
    route: "PATCH /orgs/{id}/link-invites/{id}",
    path: `${ORG}/link-invites/inv_acme_readers`,
    body: { role: "comment" },
    unknown: [`${ORG}/link-invites/inv_nope`, 'invite "inv_nope" not found'],
    write: true,
    bad: [[{ role: "owner" }, `role: must be one of ${ROLES}`]],
  },
  {
    route: "DELETE /orgs/{id}/link-invites/{id}",
    path: `${ORG}/link-invites/inv_acme_readers`,
    unknown: [`${ORG}/link-invites/inv_nope`, 'invite "inv_nope" not found'],
    write: true,
  },
  {
    route: "GET /orgs/{id}/search",
    path: `${ORG}/search?query=api`,
    unknown: ["/orgs/org_nope/search?query=api", 'organization "org_nope" not found'],
  },
  // A lookup by domain, not by id: an unknown domain lists no organization (see organizations.test.ts).
  { route: "GET /email-domains/{domain}/orgs", path: "/email-domains/acme.example/orgs" },
  // 4.15 Members and teams
  {
    route: "GET /orgs/{id}/members",
    path: `${ORG}/members`,
    unknown: ["/orgs/org_nope/members", 'organization "org_nope" not found'],
    bad: [["?role=owner", `role: must be one of ${ROLES}`]],
  },
  {
    route: "GET /orgs/{id}/members/{userId}",
    path: `${ORG}/members/usr_rita`,
    unknown: [`${ORG}/members/usr_nope`, 'member "usr_nope" not found'],
  },
  {
    route: "PATCH /orgs/{id}/members/{userId}",
    path: `${ORG}/members/usr_rita`,
    body: { role: "read" },
    unknown: [`${ORG}/members/usr_nope`, 'member "usr_nope" not found'],
    write: true,
    bad: [[{ role: "owner" }, `role: must be one of ${ROLES}`]],
  },
  {
    route: "DELETE /orgs/{id}/members/{userId}",
    path: `${ORG}/members/usr_rita`,
    unknown: [`${ORG}/members/usr_nope`, 'member "usr_nope" not found'],
    write: true,
  },
  {
    route: "POST /orgs/{id}/members/{userId}/sso",
    path: `${ORG}/members/usr_rita/sso`,
    unknown: [`${ORG}/members/usr_nope/sso`, 'member "usr_nope" not found'],
    write: true,
  },
  {
    route: "GET /orgs/{id}/members/{userId}/spaces",
    path: `${ORG}/members/usr_rita/spaces`,
    unknown: [`${ORG}/members/usr_nope/spaces`, 'member "usr_nope" not found'],
  },
  {
    route: "GET /orgs/{id}/members/{userId}/teams",
    path: `${ORG}/members/usr_rita/teams`,
    unknown: [`${ORG}/members/usr_nope/teams`, 'member "usr_nope" not found'],
  },
  {
    route: "POST /orgs/{id}/ping",
    path: `${ORG}/ping`,
    unknown: ["/orgs/org_nope/ping", 'organization "org_nope" not found'],
  },
  {
    route: "GET /orgs/{id}/teams",
    path: `${ORG}/teams`,
    unknown: ["/orgs/org_nope/teams", 'organization "org_nope" not found'],
  },
  {
    route: "PUT /orgs/{id}/teams",
    path: `${ORG}/teams`,
    body: { title: "T" },
    unknown: ["/orgs/org_nope/teams", 'organization "org_nope" not found'],
    write: true,
    bad: [
      [{}, "title: required"],
      [{ title: "x".repeat(65) }, "title: must be 1 to 64 characters, got 65"],
      [
        { title: "T", members: ["usr_gus"] },
        'members[0]: "usr_gus" is not a member of organization "org_acme"',
      ],
    ],
  },
  {
    route: "GET /orgs/{id}/teams/{teamId}",
    path: `${ORG}/teams/team_writers`,
    unknown: [`${ORG}/teams/team_nope`, 'team "team_nope" not found'],
  },
  {
    route: "PATCH /orgs/{id}/teams/{teamId}",
    path: `${ORG}/teams/team_writers`,
    body: { title: "Writers" },
    unknown: [`${ORG}/teams/team_nope`, 'team "team_nope" not found'],
    write: true,
    bad: [[{}, "title: required"]],
  },
  {
    route: "DELETE /orgs/{id}/teams/{teamId}",
    path: `${ORG}/teams/team_writers`,
    unknown: [`${ORG}/teams/team_nope`, 'team "team_nope" not found'],
    write: true,
  },
  // 4.17 OpenAPI specs
  {
    route: "GET /orgs/{id}/openapi",
    path: `${ORG}/openapi`,
    unknown: ["/orgs/org_nope/openapi", 'organization "org_nope" not found'],
  },
  {
    route: "POST /orgs/{id}/openapi",
    path: `${ORG}/openapi`,
    body: { slug: "api", source: { url: "https://acme.example/api.yaml" } },
    unknown: ["/orgs/org_nope/openapi", 'organization "org_nope" not found'],
    write: true,
    bad: [
      [{ source: { url: "https://acme.example/api.yaml" } }, "slug: required"],
      [{ slug: "api" }, "source: required"],
      [{ slug: "API", source: { text: "openapi: 3.1.0" } }, "slug: must match ^[a-z0-9]+(?:-[a-z0-9]+)*$"],
      [
        { slug: "api", source: { file: "api.yaml" } },
        'source: must be {"url": "<URL of the document>"} or {"text": "<the document>"}',
      ],
    ],
  },
  {
    route: "GET /orgs/{id}/openapi/{slug}",
    path: `${ORG}/openapi/nope`,
    unknown: [`${ORG}/openapi/nope`, 'OpenAPI spec "nope" not found'],
  },
  {
    route: "PUT /orgs/{id}/openapi/{slug}",
    path: `${ORG}/openapi/api`,
    body: { source: { text: "openapi: 3.1.0" } },
    unknown: ["/orgs/org_nope/openapi/api", 'organization "org_nope" not found'],
    write: true,
    bad: [
      [{}, "source: required"],
      [
        { source: { url: "ftp://acme.example/api.yaml" } },
        "source.url: must be an absolute http or https URL",
      ],
    ],
  },
  {
    route: "DELETE /orgs/{id}/openapi/{slug}",
    path: `${ORG}/openapi/nope`,
    unknown: [`${ORG}/openapi/nope`, 'OpenAPI spec "nope" not found'],
    write: true,
  },
  // 4.18 Translation settings
  {
    route: "GET /orgs/{id}/translations",
    path: `${ORG}/translations`,
    unknown: ["/orgs/org_nope/translations", 'organization "org_nope" not found'],
  },
  {
    route: "POST /orgs/{id}/translations",
    path: `${ORG}/translations`,
    body: { title: "French" },
    unknown: ["/orgs/org_nope/translations", 'organization "org_nope" not found'],
    write: true,
    bad: [
      [{}, "title: required"],
      [{ title: 5 }, "title: must be a string, got a number"],
    ],
  },
  {
    route: "GET /orgs/{id}/translations/{id}",
    path: `${ORG}/translations/trs_nope`,
    unknown: [`${ORG}/translations/trs_nope`, 'translation settings "trs_nope" not found'],
  },
  {
    route: "PUT /orgs/{id}/translations/{id}",
    path: `${ORG}/translations/trs_nope`,
    body: { title: "French" },
    unknown: [`${ORG}/translations/trs_nope`, 'translation settings "trs_nope" not found'],
    write: true,
  },
  {
    route: "DELETE /orgs/{id}/translations/{id}",
    path: `${ORG}/translations/trs_nope`,
    unknown: [`${ORG}/translations/trs_nope`, 'translation settings "trs_nope" not found'],
    write: true,
  },
];

let emulator: Emulator;
let ada: Call;
let eddie: Call;

beforeAll(async () => {
  emulator = await startEmulator();
  ada = as(emulator, "usr_ada");
  eddie = as(emulator, "usr_eddie");
});
afterAll(async () => {
  await emulator.close();
});

const methodOf = (row: Row): string => row.route.split(" ")[0] as string;

describe.each(rows)("$route", (row) => {
  const method = methodOf(row);
  const send = (call: Call, path: string, body = row.body) => call(method, path, body);

  it("answers 401 without a token and with a token no user holds", async () => {
    expectError(
      await send(withToken(emulator, null), row.path),
      401,
      "missing credentials: send the header Authorization: Bearer <token>",
    );
    expectError(
      await send(withToken(emulator, "emu_not_a_token"), row.path),
      401,
      "invalid token: it does not belong to any user",
    );
  });

  if (row.unknown !== undefined)
    it("answers 404 for what does not exist", async () => {
      const [path, message] = row.unknown ?? ["", ""];
      expectError(await send(ada, path), 404, message);
    });

  if (row.write === true)
    it("answers 403 to a member without the admin role", async () => {
      expectError(await send(eddie, row.path), 403, FORBIDDEN);
    });

  if (row.bad !== undefined)
    it("answers 400 naming what is wrong", async () => {
      for (const [input, message] of row.bad ?? []) {
        const answer =
          method === "GET"
            ? await ada("GET", `${row.path}${input as string}`)
            : await send(ada, row.path, input);
        expect(answer.body?.error?.message, JSON.stringify(input)).toBe(message);
        expectError(answer, 400, message);
      }
    });
});

it("the table holds every endpoint of the sections, once", () => {
  expect(new Set(rows.map((row) => row.route)).size).toBe(rows.length);
  // 8 + 8 + 5 (+3 team grants) + 7 + 8 + 13 + 5 + 5
  expect(rows).toHaveLength(62);
});
