// The objects of the Docs Platform API as the service publishes them, as JSON Schemas (draft-07):
// the spec's fields (/work/shared/spec, section 2) with the fields, enums and forms that the
// service's published description adds (design/service-facts.md). What neither says is left
// open (a type, no enum). Objects are closed: a field that neither lists is a difference, so
// an answer cannot drift from both unnoticed. Absent means absent: no field admits `null`
// unless null is one of its values (a guest's role).

export type Schema = Record<string, unknown>;

export const string: Schema = { type: "string" };
export const boolean: Schema = { type: "boolean" };
export const number: Schema = { type: "number" };
export const anything: Schema = {};
export const timestamp: Schema = {
  type: "string",
  pattern: "^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?(Z|[+-]\\d\\d:\\d\\d)$",
};
export const url: Schema = { type: "string", pattern: "^https?://" };
export const ref = (name: string): Schema => ({ $ref: `#/definitions/${name}` });
export const constant = (value: unknown): Schema => ({ const: value });
export const oneOfValues = (...values: unknown[]): Schema => ({ enum: values });
export const arrayOf = (items: Schema, bounds: { minItems?: number; maxItems?: number } = {}): Schema => ({
  type: "array",
  items,
  ...bounds,
});

/** A closed object: the `required` fields, the `optional` ones, nothing else. */
export function object(required: Record<string, Schema>, optional: Record<string, Schema> = {}): Schema {
  return {
    type: "object",
    required: Object.keys(required),
    properties: { ...required, ...optional },
    additionalProperties: false,
  };
}

/** An open object: the fields it is known to hold, and any others. */
export function openObject(required: Record<string, Schema>, optional: Record<string, Schema> = {}): Schema {
  return { type: "object", required: Object.keys(required), properties: { ...required, ...optional } };
}

/** An object of booleans holding at least `keys` (the service adds keys of its own). */
const permissions = (...keys: string[]): Schema => ({
  type: "object",
  required: keys,
  properties: Object.fromEntries(keys.map((key) => [key, boolean])),
  additionalProperties: boolean,
});

/** A list envelope: `next` is absent on the last page. */
export const paged = (item: Schema): Schema =>
  object({ items: arrayOf(item), count: number }, { next: object({ page: string }) });

export const ROLES = ["admin", "create", "review", "edit", "comment", "read"];
const SITE_TYPES = ["basic", "premium", "ultimate", "sponsored", "legacy-basic", "legacy-premium"];
const SITE_VISIBILITIES = ["public", "unlisted", "share-link", "visitor-auth"];
export const LANGUAGES = [
  ...["en", "fr", "de", "es", "it", "pt", "pt-br", "ru", "ja", "zh", "zh-tw", "yue", "ko", "ar"],
  ...["hi", "nl", "pl", "tr", "sv", "no", "da", "fi", "el", "cs", "hu", "ro", "th", "vi", "id"],
  ...["ms", "he", "uk", "sk", "bg", "hr", "lt", "lv", "et", "sl"],
];

/** One of several object forms told apart by the value of `property`. */
export const taggedUnion = (property: string, forms: Schema[]): Schema => ({
  type: "object",
  discriminator: { propertyName: property },
  oneOf: forms,
});

/** The four destination kinds the service is seen to use (section 2.11 and the facts). */
export const destination = taggedUnion("kind", [
  object({ kind: constant("site-section"), siteSectionId: string }),
  object({ kind: constant("site-space"), siteSpaceId: string }),
  object({ kind: constant("site-page"), siteSpaceId: string, pageId: string }),
  object({ kind: constant("external"), url: string }),
]);

/** Merge rules: the facts name the field, not its forms; every form has a `type`. */
const mergeRules: Schema = openObject({ type: string });

export const definitions: Record<string, Schema> = {
  Role: oneOfValues(...ROLES),
  RoleOrGuest: oneOfValues(...ROLES, null),
  User: object({
    object: constant("user"),
    id: string,
    displayName: string,
    email: string,
    photoURL: string,
    urls: object({ location: url }),
  }),
  Organization: object(
    {
      object: constant("organization"),
      id: string,
      title: string,
      createdAt: timestamp,
      emailDomains: arrayOf(string),
      type: string,
      inviteLinks: boolean,
      plan: string,
      urls: object({ location: url, app: url }, { logo: url }),
      trial: object(
        {
          status: oneOfValues("notapplicable", "none", "active", "ended", "expired"),
          count: { type: "integer" },
        },
        { endDate: timestamp, decision: string },
      ),
      mergeRules,
      permissions: permissions(
        ...["view", "admin", "ownTeam", "viewBilling", "listMembers", "listTeams", "createContent"],
        "listIntegrations",
      ),
    },
    {
      hostname: string,
      useCase: string,
      communityType: string,
      defaultRole: ref("RoleOrGuest"),
      defaultContent: openObject({ type: string }),
      sso: boolean,
      ai: boolean,
      billing: object(
        {},
        { interval: string, endDate: timestamp, hasPaymentFailed: boolean, isScheduledToCancel: boolean },
      ),
      customHostname: string,
      blocked: object({ reason: string }),
      internal_isOnNewTrial: boolean,
      internal_billingMigration: object(
        {},
        { deadline: timestamp, discountPercent: number, discountEndDate: timestamp },
      ),
    },
  ),
  Member: object({
    object: constant("member"),
    id: string,
    role: ref("RoleOrGuest"),
    user: ref("User"),
    disabled: boolean,
    joinedAt: timestamp,
    lastSeenAt: timestamp,
    sso: boolean,
    spaces: number,
    teams: number,
    sites: number,
  }),
  Team: object({
    object: constant("team"),
    id: string,
    title: string,
    members: number,
    spaces: number,
    createdAt: timestamp,
    permissions: permissions("admin", "view"),
  }),
  TeamMembership: object({ team: ref("Team"), member: object({ role: string }) }),
  Collection: object(
    {
      object: constant("collection"),
      id: string,
      title: string,
      organization: string,
      defaultLevel: ref("Role"),
      urls: object({ location: url, app: url }),
      permissions: permissions("view", "admin", "viewInviteLinks", "create"),
    },
    { description: string, parent: string },
  ),
  Space: object(
    {
      object: constant("space"),
      id: string,
      title: string,
      emoji: string,
      visibility: oneOfValues("public", "unlisted", "share-link", "visitor-auth", "in-collection", "private"),
      createdAt: timestamp,
      updatedAt: timestamp,
      urls: object({ location: url, app: url }, { published: url, public: url, icon: url }),
      organization: string,
      revision: string,
      defaultLevel: ref("Role"),
      comments: number,
      changeRequests: number,
      changeRequestsOpen: number,
      changeRequestsDraft: number,
      mergeRules,
      permissions: permissions(
        ...["view", "access", "admin", "viewInviteLinks", "edit", "triggerGitSync", "comment", "merge"],
        "review",
      ),
    },
    {
      deletedAt: timestamp,
      editMode: oneOfValues("live", "locked"),
      parent: string,
      gitSync: { type: "object" },
      visitorAuth: openObject({ backend: string }),
    },
  ),
  SpaceUserGrant: object({ permission: ref("RoleOrGuest"), user: ref("User") }),
  SpaceTeamGrant: object({ permission: ref("RoleOrGuest"), team: ref("Team") }),
  Site: object(
    {
      object: constant("site"),
      id: string,
      type: oneOfValues(...SITE_TYPES),
      appliedType: oneOfValues(...SITE_TYPES),
      title: string,
      visibility: oneOfValues(...SITE_VISIBILITIES),
      published: boolean,
      siteSpaces: number,
      createdAt: timestamp,
      defaultLevel: ref("RoleOrGuest"),
      permissions: permissions(
        ...["view", "access", "edit", "create", "admin", "installIntegration", "viewAdaptiveSchema"],
        "editAdaptiveSchema",
      ),
      features: arrayOf(
        object({
          id: { type: "string", pattern: "^sites-" },
          plan: oneOfValues(...SITE_TYPES),
          frozen: boolean,
        }),
      ),
      urls: object({ location: url, app: url, preview: url }, { published: url }),
    },
    {
      hostname: string,
      basename: string,
      proxy: object({ origin: string, target: string }),
      adaptiveContent: object({ enabled: boolean }),
      ads: object({}, { status: string, submittable: boolean }),
    },
  ),
  SiteAdaptiveSchema: object({
    object: constant("site-adaptive-schema"),
    jsonSchema: { type: "object" },
    updatedAt: timestamp,
  }),
  SiteSpace: object(
    {
      object: constant("site-space"),
      id: string,
      path: string,
      space: ref("Space"),
      title: string,
      draft: boolean,
      urls: object({}, { published: url }),
    },
    { section: string, default: boolean, condition: string, hasAdvancedCustomizationFeature: boolean },
  ),
  SiteSection: object(
    {
      object: constant("site-section"),
      id: string,
      title: string,
      path: string,
      draft: boolean,
      siteSpaces: arrayOf(ref("SiteSpace")),
      urls: object({}, { published: url }),
    },
    { description: string, default: boolean, condition: string, sectionGroup: string, icon: string },
  ),
  SiteSectionGroup: object(
    {
      object: constant("site-section-group"),
      id: string,
      title: string,
      draft: boolean,
      sections: arrayOf(ref("SiteSection")),
      children: arrayOf(taggedUnion("object", [ref("SiteSection"), ref("SiteExternalLink")])),
    },
    { icon: string },
  ),
  SiteRedirect: object({
    object: constant("site-redirect"),
    id: string,
    source: string,
    destination,
    draft: boolean,
    captureWildcard: boolean,
    permanent: boolean,
    createdAt: timestamp,
  }),
  PublishedSite: object({
    object: constant("published-content-site"),
    site: ref("Site"),
    structure: object({
      type: string,
      structure: arrayOf(taggedUnion("object", [ref("SiteSection"), ref("SiteSpace")])),
    }),
    customizations: openObject({ site: { type: "object" } }),
  }),
  BulkRedirectResults: object({
    results: arrayOf(
      taggedUnion("status", [
        object({ status: constant("created"), source: string, id: string, draft: boolean }),
        object({ status: constant("updated"), source: string, id: string, draft: boolean }),
        object({ status: constant("deleted"), source: string, draft: boolean }),
        object({ status: constant("error"), source: string, draft: boolean, error: string }),
      ]),
    ),
  }),
  CustomField: object(
    {
      id: string,
      name: string,
      type: string,
      createdAt: timestamp,
      updatedAt: timestamp,
      urls: object({ location: url }),
      permissions: permissions("view", "edit"),
    },
    { title: string, description: string, placeholder: string, options: arrayOf(string) },
  ),
  SpaceCustomFieldValue: object({ customField: ref("CustomField"), value: anything }),
  SamlProvider: object(
    {
      object: constant("saml-provider"),
      id: string,
      label: string,
      defaultRole: ref("RoleOrGuest"),
      createdAt: timestamp,
      status: string,
      service: object({ acsURL: url, startURL: url, entityID: string }),
      urls: object({ location: url }),
    },
    { ssoURL: string, entityID: string, certificate: string, defaultTeam: ref("Team") },
  ),
  OpenApiSpec: object(
    {
      object: constant("openapi-spec"),
      id: string,
      createdAt: timestamp,
      updatedAt: timestamp,
      slug: string,
      processingState: oneOfValues("pending", "progress", "complete"),
      lastProcessedErrorCount: { type: "integer", minimum: 0 },
      permissions: permissions("view", "edit"),
      urls: object({ location: url, app: url }),
    },
    { sourceURL: string, lastVersion: string, lastProcessedAt: timestamp, lastProcessErrorCode: string },
  ),
  /** The service's translation sync, which it publishes in place of the spec's settings. */
  Translation: object(
    {
      object: constant("translation"),
      id: string,
      status: oneOfValues("pending", "running", "completed"),
      source: object({ space: string, language: oneOfValues(...LANGUAGES) }),
      language: oneOfValues(...LANGUAGES),
      instructions: ref("Document"),
      stats: object(
        Object.fromEntries(
          ["runs", "totalWords", "totalPages", "totalDuration", "latestRunDuration"].map((key) => [
            key,
            { type: "integer" },
          ]),
        ),
      ),
      permissions: permissions("view", "edit"),
      urls: object({ location: url }),
      createdAt: timestamp,
      updatedAt: timestamp,
    },
    {
      result: object({ space: string, revision: string, language: oneOfValues(...LANGUAGES) }),
    },
  ),
  Error: object({ error: object({ code: { type: "integer" }, message: string }) }),
  /** The form of page content, and of a translation's instructions. */
  Document: object({
    object: constant("document"),
    data: object({}, { schemaVersion: { type: "integer" } }),
    nodes: arrayOf({ type: "object" }),
  }),
};
