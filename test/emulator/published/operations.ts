// The operations docsync uses, as the service publishes them: the answer of each (a definition
// of objects.ts, a list of them, or no body) and, where the service's published description says
// more than the spec (design/service-facts.md), the request body it takes. Operations are named
// `METHOD /path` with the emulator's names for path parameters, as its request log names them.

import {
  anything,
  arrayOf,
  constant,
  destination,
  LANGUAGES,
  object,
  oneOfValues,
  openObject,
  paged,
  ref,
  type Schema,
  string,
  taggedUnion,
} from "./objects.ts";

const ORG = "/orgs/:organizationId";
const SITE = `${ORG}/sites/:siteId`;
const SPACE = "/spaces/:spaceId";

/** No body: a 204. */
export const NO_BODY = "no body";
export type Answer = Schema | typeof NO_BODY;

const list = (name: string): Schema => paged(ref(name));
const one = ref;

/** The answer of each operation on success; every failure answers the Error definition. */
export const answers: Record<string, Answer> = {
  "GET /user": one("User"),
  "GET /users/:userId": one("User"),
  "GET /orgs": list("Organization"),
  [`GET ${ORG}`]: one("Organization"),
  [`PATCH ${ORG}`]: one("Organization"),
  "GET /email-domains/:emailDomain/orgs": object({ organizations: arrayOf(ref("Organization")) }),

  [`GET ${ORG}/members`]: list("Member"),
  [`GET ${ORG}/members/:userId`]: one("Member"),
  [`PATCH ${ORG}/members/:userId`]: one("Member"),
  [`DELETE ${ORG}/members/:userId`]: NO_BODY,
  [`POST ${ORG}/members/:userId/sso`]: one("Member"),
  [`GET ${ORG}/members/:userId/spaces`]: paged(
    object({ permission: ref("RoleOrGuest"), space: ref("Space") }),
  ),
  [`GET ${ORG}/members/:userId/teams`]: list("TeamMembership"),
  [`GET ${ORG}/teams`]: list("Team"),
  [`PUT ${ORG}/teams`]: one("Team"),
  [`GET ${ORG}/teams/:teamId`]: one("Team"),
  [`PATCH ${ORG}/teams/:teamId`]: one("Team"),
  [`DELETE ${ORG}/teams/:teamId`]: NO_BODY,

  [`GET ${ORG}/collections`]: list("Collection"),
  [`POST ${ORG}/collections`]: one("Collection"),
  "GET /collections/:collectionId": one("Collection"),
  "PATCH /collections/:collectionId": one("Collection"),
  "DELETE /collections/:collectionId": NO_BODY,
  "POST /collections/:collectionId/move": one("Collection"),
  "GET /collections/:collectionId/spaces": list("Space"),

  [`GET ${SPACE}`]: one("Space"),
  [`PATCH ${SPACE}`]: one("Space"),
  [`POST ${SPACE}/move`]: one("Space"),
  [`POST ${SPACE}/restore`]: one("Space"),
  [`POST ${SPACE}/duplicate`]: one("Space"),
  [`DELETE ${SPACE}`]: NO_BODY,
  [`POST ${SPACE}/permissions`]: NO_BODY,
  [`GET ${SPACE}/permissions/users`]: list("SpaceUserGrant"),
  [`PATCH ${SPACE}/permissions/users/:userId`]: NO_BODY,
  [`DELETE ${SPACE}/permissions/users/:userId`]: NO_BODY,
  [`GET ${SPACE}/permissions/teams`]: list("SpaceTeamGrant"),
  [`GET ${SPACE}/permissions/aggregate`]: list("SpaceUserGrant"),
  [`PATCH ${SPACE}/permissions/teams/:teamId`]: NO_BODY,
  [`DELETE ${SPACE}/permissions/teams/:teamId`]: NO_BODY,
  [`GET ${SPACE}/custom-fields`]: arrayOf(ref("SpaceCustomFieldValue")),
  [`PATCH ${SPACE}/custom-fields`]: NO_BODY,

  [`GET ${ORG}/custom-fields`]: list("CustomField"),
  [`POST ${ORG}/custom-fields`]: one("CustomField"),
  [`PATCH ${ORG}/custom-fields/:fieldName`]: one("CustomField"),
  [`DELETE ${ORG}/custom-fields/:fieldName`]: NO_BODY,

  [`GET ${ORG}/sites`]: list("Site"),
  [`POST ${ORG}/sites`]: one("Site"),
  [`GET ${SITE}`]: one("Site"),
  [`PATCH ${SITE}`]: one("Site"),
  [`DELETE ${SITE}`]: NO_BODY,
  [`GET ${SITE}/adaptive-schema`]: one("SiteAdaptiveSchema"),
  [`PUT ${SITE}/adaptive-schema`]: one("SiteAdaptiveSchema"),
  [`GET ${SITE}/published`]: one("PublishedSite"),
  [`GET ${SITE}/sections`]: list("SiteSection"),
  [`POST ${SITE}/sections`]: one("SiteSection"),
  [`PATCH ${SITE}/sections/:siteSectionId`]: one("SiteSection"),
  [`DELETE ${SITE}/sections/:siteSectionId`]: NO_BODY,
  [`POST ${SITE}/sections/:siteSectionId/move`]: one("SiteSection"),
  [`GET ${SITE}/section-groups`]: list("SiteSectionGroup"),
  [`POST ${SITE}/section-groups`]: one("SiteSectionGroup"),
  [`PATCH ${SITE}/section-groups/:siteSectionGroupId`]: one("SiteSectionGroup"),
  [`DELETE ${SITE}/section-groups/:siteSectionGroupId`]: NO_BODY,
  [`POST ${SITE}/section-groups/:siteSectionGroupId/sections`]: one("SiteSectionGroup"),
  [`DELETE ${SITE}/section-groups/:siteSectionGroupId/sections/:siteSectionId`]: NO_BODY,
  [`POST ${SITE}/section-groups/:siteSectionGroupId/move`]: one("SiteSectionGroup"),
  [`GET ${SITE}/site-spaces`]: list("SiteSpace"),
  [`POST ${SITE}/site-spaces`]: one("SiteSpace"),
  [`PATCH ${SITE}/site-spaces/:siteSpaceId`]: one("SiteSpace"),
  [`DELETE ${SITE}/site-spaces/:siteSpaceId`]: NO_BODY,
  [`POST ${SITE}/site-spaces/:siteSpaceId/move`]: one("SiteSpace"),
  [`GET ${SITE}/redirects`]: list("SiteRedirect"),
  [`POST ${SITE}/redirects`]: one("SiteRedirect"),
  [`PUT ${SITE}/redirects`]: one("BulkRedirectResults"),
  [`PATCH ${SITE}/redirects/:siteRedirectId`]: one("SiteRedirect"),
  [`DELETE ${SITE}/redirects/:siteRedirectId`]: NO_BODY,
  [`GET ${SITE}/redirect`]: object({ redirect: ref("SiteRedirect"), target: string }),
  [`GET ${SITE}/customization`]: one("SiteCustomizationSettings"),
  [`PUT ${SITE}/customization`]: one("SiteCustomizationSettings"),
  [`GET ${SITE}/site-spaces/:siteSpaceId/customization`]: one("SiteCustomizationSettings"),
  [`PATCH ${SITE}/site-spaces/:siteSpaceId/customization`]: one("SiteCustomizationSettings"),
  [`DELETE ${SITE}/site-spaces/:siteSpaceId/customization`]: NO_BODY,
  [`GET ${SITE}/structure`]: one("SiteStructure"),
  [`PATCH ${SITE}/structure/sort`]: one("SiteStructureItem"),
  [`POST ${SITE}/external-links`]: one("SiteExternalLink"),
  [`PATCH ${SITE}/external-links/:siteExternalLinkId`]: one("SiteExternalLink"),
  [`DELETE ${SITE}/external-links/:siteExternalLinkId`]: NO_BODY,
  [`POST ${SITE}/publish`]: one("PublishAnswer"),
  [`POST ${SITE}/unpublish`]: one("Site"),
  [`GET ${SITE}/share-links`]: list("ShareLink"),
  [`POST ${SITE}/share-links`]: one("ShareLink"),
  [`PATCH ${SITE}/share-links/:shareLinkId`]: one("ShareLink"),
  [`DELETE ${SITE}/share-links/:shareLinkId`]: NO_BODY,
  [`GET ${SITE}/publishing/auth`]: one("SitePublishingAuth"),
  [`PATCH ${SITE}/publishing/auth`]: one("SitePublishingAuth"),
  [`POST ${SITE}/permissions`]: NO_BODY,
  [`GET ${SITE}/permissions/teams`]: list("TeamSitePermission"),
  [`PATCH ${SITE}/permissions/teams/:teamId`]: NO_BODY,
  [`DELETE ${SITE}/permissions/teams/:teamId`]: NO_BODY,
  [`GET ${SITE}/permissions/users`]: list("UserSitePermission"),
  [`PATCH ${SITE}/permissions/users/:userId`]: NO_BODY,
  [`DELETE ${SITE}/permissions/users/:userId`]: NO_BODY,

  [`GET ${ORG}/saml`]: list("SamlProvider"),
  [`POST ${ORG}/saml`]: one("SamlProvider"),
  [`GET ${ORG}/saml/:samlProviderId`]: one("SamlProvider"),
  [`PATCH ${ORG}/saml/:samlProviderId`]: one("SamlProvider"),
  [`DELETE ${ORG}/saml/:samlProviderId`]: NO_BODY,
  [`GET ${ORG}/sso`]: object({ items: arrayOf(object({ id: string, label: string, startURL: string })) }),
  [`GET ${ORG}/openapi`]: list("OpenApiSpec"),
  [`POST ${ORG}/openapi`]: one("OpenApiSpec"),
  [`GET ${ORG}/openapi/:specSlug`]: one("OpenApiSpec"),
  [`PUT ${ORG}/openapi/:specSlug`]: one("OpenApiSpec"),
  [`DELETE ${ORG}/openapi/:specSlug`]: NO_BODY,
  [`GET ${ORG}/translations`]: list("Translation"),
  [`POST ${ORG}/translations`]: one("Translation"),
  [`GET ${ORG}/translations/:translationSettingsId`]: one("Translation"),
  [`PUT ${ORG}/translations/:translationSettingsId`]: one("Translation"),
  [`DELETE ${ORG}/translations/:translationSettingsId`]: NO_BODY,
};

/** The published request schemas are open objects unless they say otherwise. */
const body = openObject;
const nullable = (schema: Schema): Schema => ({ anyOf: [schema, { type: "null" }] });
const ids: Schema = arrayOf(string, { minItems: 1 });
const language = oneOfValues(...LANGUAGES);
const description: Schema = string;
const pointer: Schema = body({
  type: oneOfValues("site-space", "site-section", "site-section-group", "site-external-link"),
  id: string,
});

/** A claim of an adaptive schema; `description` on every one, no other key. */
const primitiveClaims = [
  object({ type: constant("boolean"), description }),
  object({ type: constant("string"), description }, { enum: arrayOf(string) }),
  object({ type: constant("number"), description }),
];
const claimDefinitions: Record<string, Schema> = {
  PrimitiveClaim: taggedUnion("type", primitiveClaims),
  Claim: taggedUnion("type", [
    ...primitiveClaims,
    object({ type: constant("array"), description, items: ref("PrimitiveClaim") }),
    object({
      type: constant("object"),
      description,
      properties: { type: "object", additionalProperties: ref("Claim") },
      additionalProperties: constant(false),
    }),
  ]),
};

const PROXY_WITHOUT_SCHEME = "^([\\w-]+\\.)*[\\w-]+\\.[a-zA-Z]{2,}(\\/[\\w-]+)+$";

/** Request bodies where the published description is known to differ from, or add to, the spec. */
export const requests: Record<string, Schema> = {
  [`PATCH ${SITE}`]: body(
    {},
    { proxy: nullable({ type: "string", maxLength: 512, pattern: PROXY_WITHOUT_SCHEME }) },
  ),
  [`PUT ${SITE}/adaptive-schema`]: body({
    jsonSchema: {
      type: "object",
      required: ["additionalProperties"],
      properties: {
        properties: { type: "object", additionalProperties: ref("Claim") },
        additionalProperties: constant(false),
      },
    },
  }),
  [`PUT ${SITE}/redirects`]: body({
    redirects: arrayOf(
      body(
        { source: string, destination: nullable(destination) },
        { permanent: { type: "boolean" }, captureWildcard: { type: "boolean" } },
      ),
      { minItems: 1, maxItems: 500 },
    ),
  }),
  // Creating a section takes only what the spec lists, and the group a section joins.
  [`POST ${SITE}/sections`]: object(
    { spaceId: string },
    { title: string, siteSectionGroupId: nullable(string) },
  ),
  [`PATCH ${SITE}/sections/:siteSectionId`]: body({}, { siteSectionGroupId: nullable(string) }),
  [`POST ${SPACE}/permissions`]: {
    ...body({ role: ref("RoleOrGuest") }, { teams: ids, users: ids }),
    anyOf: [{ required: ["teams"] }, { required: ["users"] }],
  },
  [`PATCH ${SPACE}/permissions/teams/:teamId`]: body({ role: ref("RoleOrGuest") }),
  [`POST ${ORG}/translations`]: body(
    { source: body({ space: string, language }), language },
    { instructions: anything },
  ),
  [`PUT ${ORG}/translations/:translationSettingsId`]: object({ instructions: ref("Document") }),
  [`PATCH ${ORG}`]: body({}, { hostname: { type: "string" } }),
  [`PUT ${SITE}/customization`]: body(
    Object.fromEntries(
      [
        ...["styling", "internationalization", "favicon", "header", "footer", "themes", "feedback", "ai"],
        ...["advancedCustomization", "pageActions", "externalLinks", "pagination", "trademark"],
        ...["privacyPolicy", "socialPreview", "socialAccounts", "insights"],
      ].map((group) => [group, anything]),
    ),
  ),
  [`POST ${SITE}/external-links`]: body(
    { title: { type: "string", minLength: 2, maxLength: 128 }, url: { type: "string", maxLength: 2048 } },
    { parent: string, draft: { type: "boolean" } },
  ),
  [`PATCH ${SITE}/structure/sort`]: body({
    item: pointer,
    position: body({}, { before: pointer, after: pointer }),
  }),
  [`POST ${SITE}/share-links`]: body({ name: { type: "string", maxLength: 50 } }),
  [`PATCH ${SITE}/publishing/auth`]: body({ backend: oneOfValues("custom", "integration") }),
  [`POST ${SITE}/permissions`]: {
    ...body({}, { teams: ids, users: ids }),
    oneOf: [{ required: ["teams"] }, { required: ["users"] }],
  },
  [`PATCH ${SITE}/permissions/teams/:teamId`]: body({}, { role: ref("Role") }),
  [`PATCH ${SITE}/permissions/users/:userId`]: body({}, { role: ref("Role") }),
};

export const requestDefinitions = claimDefinitions;
