// A site space's customization overrides: fields of its site's customization that this site
// space shows otherwise. `PATCH` sets overrides (null removes one), `DELETE` removes them all;
// `GET` answers the effective document, so the overrides are read as the leaves where it
// differs from the site's document. The configuration's mapping holds the overrides it
// manages: a value sets one, null removes one; when no override is left, the call is a DELETE.

import type { Id } from "../../model/address.ts";
import type { FieldChange } from "../../model/plan.ts";
import { compareField } from "../compare.ts";
import { liveId, sitePath, siteSpacePath, subPath } from "../paths.ts";
import { type DesiredSingleton, type LiveSingleton, singletonKind } from "../shapes/singleton.ts";
import type { CallDraft, ScopeIn } from "../types.ts";
import { valueAt, withLeaves } from "./site-customization-document.ts";
import type { DesiredSite, SiteNode } from "./site-types.ts";

type Mapping = Record<string, unknown>;

/** What a site space gives its overrides. */
export interface InSiteSpace {
  parent: { customization?: unknown } & Partial<DesiredSite>;
  parentRaw: unknown;
  parentNode: SiteNode;
  ids: { site: Id; "site space": Id };
}
type Scope = ScopeIn<InSiteSpace>;

/**
 * The groups the service changes field by field; any other field (a colour, a list, a favicon,
 * the announcement) is one override, set and removed whole.
 */
const GROUPS = new Set([
  "styling",
  "styling.sidebar",
  "styling.codeTheme",
  "internationalization",
  "header",
  "footer",
  "themes",
  "feedback",
  "externalLinks",
  "pagination",
  "trademark",
  "privacyPolicy",
  "socialPreview",
]);

const isMapping = (value: unknown): value is Mapping =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The overrides of a mapping by dotted path, following only the groups. */
export function overridesOf(document: Mapping, prefix = ""): Record<string, unknown> {
  const overrides: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(document)) {
    const path = `${prefix}${key}`;
    if (GROUPS.has(path) && isMapping(value)) Object.assign(overrides, overridesOf(value, `${path}.`));
    else overrides[path] = value;
  }
  return overrides;
}

const path = (scope: Scope) =>
  subPath(siteSpacePath(scope.organization, scope.ids.site, scope.ids["site space"]), "/customization");

/** The overrides live: where the site space's document differs from its site's. */
function liveOverrides(live: LiveSingleton): Mapping {
  const { effective, site } = live as unknown as { effective: Mapping; site: Mapping };
  const overrides: Mapping = {};
  for (const [leaf, value] of Object.entries(overridesOf(effective))) {
    if (leaf === "updatedAt") continue;
    const base = valueAt(site, leaf);
    if (JSON.stringify(base) !== JSON.stringify(value)) overrides[leaf] = value;
  }
  return overrides;
}

function diff(desired: DesiredSingleton, live: { item: LiveSingleton } | undefined): FieldChange[] {
  const overrides = live ? liveOverrides(live.item) : {};
  const effective = live ? (live.item as unknown as { effective: Mapping }).effective : {};
  const changes: FieldChange[] = [];
  for (const [leaf, value] of Object.entries(desired.fields)) {
    // null removes an override: a change only while there is one.
    if (value === null) compareField(changes, leaf, null, overrides[leaf]);
    else compareField(changes, leaf, value, valueAt(effective, leaf));
  }
  return changes;
}

/** The PATCH of the changes, or a DELETE when no override would be left. */
function calls(changes: readonly FieldChange[], overrides: Mapping, scope: Scope): CallDraft[] {
  const left = { ...overrides };
  const set: Mapping = {};
  for (const change of changes) {
    set[change.field] = change.to === undefined ? null : change.to;
    if (change.to === undefined) delete left[change.field];
    else left[change.field] = change.to;
  }
  if (Object.keys(left).length === 0)
    return [{ method: "DELETE", path: path(scope), summary: "remove site space customization overrides" }];
  return [
    {
      method: "PATCH",
      path: path(scope),
      body: withLeaves({}, set),
      summary: "update site space customization",
    },
  ];
}

const base = singletonKind<"customization", InSiteSpace>({
  kind: "customization overrides",
  plural: "customization overrides",
  collection: "customization",
  key: "site space",
  schema: { fragment: "site-space-customization" },
  // The overrides are those each configuration names: see `diff`.
  fields: [],
  path,
  summary: "update site space customization",
});

export const siteSpaceCustomizationKind: typeof base = {
  ...base,
  config: {
    ...base.config,
    resolve: (item, meta) => ({ ...meta, fields: overridesOf(item.value as Mapping) }),
  },
  async read(client, scope) {
    const site = sitePath(scope.organization, liveId(scope.ids.site));
    const [effective, document] = await Promise.all([
      client.get<Mapping>(
        `${siteSpacePath(scope.organization, liveId(scope.ids.site), liveId(scope.ids["site space"]))}/customization`,
      ),
      client.get<Mapping>(`${site}/customization`),
    ]);
    if (!effective || !document) return [];
    const item = { id: liveId(scope.ids["site space"]), effective, site: document };
    return [{ item, children: {} }];
  },
  diff,
  create: (desired, _address, scope) => {
    const changes = diff(desired, undefined);
    return changes.length === 0 ? [] : calls(changes, {}, scope);
  },
  update: (_desired, live, changes, _address, scope) => calls(changes, liveOverrides(live.item), scope),
  toConfig: (live) => {
    const overrides = liveOverrides(live.item);
    return Object.keys(overrides).length === 0 ? undefined : withLeaves({}, overrides);
  },
};
