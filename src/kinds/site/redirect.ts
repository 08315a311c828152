// Site redirects: identity is the source path. A destination `to: { section }` names a section
// of the same site by path and is resolved to its id; a raw destination is sent as written,
// so kinds of destination that docsync does not know pass through unchanged.

import type { Located } from "../../model/desired.ts";
import type { FieldChange } from "../../model/plan.ts";
import type { ApiPath } from "../../model/references.ts";
import { compareField } from "../compare.ts";
import { childrenOf } from "../items-of.ts";
import { leafNodes } from "../live-nodes.ts";
import { below, liveId, redirectsPath } from "../paths.ts";
import { type Concerns, changing, creating, removing } from "../shapes/concerns.ts";
import type { BulkItem, CallDraft, KindConfig, KindModule, Types } from "../types.ts";
import {
  adoptOf,
  destination,
  destinationChange,
  destinationText,
  holdsDestination,
  type LiveDestination,
  partsOf,
  rawDestination,
} from "./redirect-destination.ts";
import { sectionKind } from "./section.ts";
import { navigationOf } from "./site-navigation.ts";
import type {
  DesiredRedirect,
  DesiredRedirectDestination,
  InSite,
  RawSite,
  SiteScope,
} from "./site-types.ts";

export type { DesiredRedirect, DesiredRedirectDestination } from "./site-types.ts";

export interface LiveRedirect {
  [field: string]: unknown;
  id: string;
  source: string;
  destination: LiveDestination;
}

interface RawRedirect {
  source: string;
  to?: { section: string };
  destination?: { kind: string } & Record<string, unknown>;
}

const redirectConfig: KindConfig<Located<RawRedirect>, DesiredRedirect, RawSite> = {
  schema: { fragment: "redirect" },
  identities: [{ field: "source" }, { field: "id", optional: true, hints: false }],
  check(redirects, ctx) {
    const site = ctx.parent?.item;
    if (site === undefined) return;
    const { title } = site.value;
    const navigation = navigationOf(site);
    const paths = new Set(navigation?.sections.map((s) => s.value.path));
    for (const redirect of redirects) {
      const target = redirect.value.to?.section;
      if (target === undefined || paths.has(target)) continue;
      const message =
        navigation === undefined
          ? `site "${title}" lists no sections, so "${target}" cannot be found; use destination: { kind: site-section, siteSectionId: ... }`
          : `no section with path "${target}" in site "${title}"`;
      ctx.report(redirect, ["to", "section"], message);
    }
  },
  resolve({ value: { source, to, destination } }, meta) {
    // Built field by field rather than spread together: a site may have 100,000 redirects.
    const target: DesiredRedirectDestination =
      to !== undefined
        ? { kind: "site-section", sectionPath: to.section }
        : { kind: "raw", value: { ...destination } };
    return Object.assign(meta, { source, destination: target });
  },
};

const site = (scope: SiteScope) => scope.desired;

/** The changes of an unchanged redirect: one empty list for all, which no caller adds to (frozen,
 * so that one that did would fail at once). */
const UNCHANGED = Object.freeze([]) as unknown as FieldChange[];

/** What the planner orders calls by: a source is unique in its site, and a destination may name
 * one of its sections, by id. */
const concerns: Concerns = {
  kind: "redirect",
  collection: "redirects",
  fields: [
    { name: "source", unique: true, temporary: (segment) => `/${segment}` },
    { name: "destination", answer: "destination.siteSectionId", refers: { kind: "section" } },
  ],
};

/** The service's bulk operation (service facts): an item sets, or with a null destination deletes, the redirect at a source. */
export const BULK_REDIRECTS_ROUTE = "PUT /orgs/:organizationId/sites/:siteId/redirects";

function bulkItem(
  list: ApiPath,
  source: string,
  destination: Record<string, unknown> | null | undefined,
): BulkItem {
  return {
    method: "PUT",
    path: list,
    route: BULK_REDIRECTS_ROUTE,
    field: "redirects",
    item: { source, destination },
  };
}

const sectionOf = (redirect: LiveRedirect): string[] =>
  redirect.destination?.kind === "site-section" && typeof redirect.destination.siteSectionId === "string"
    ? [redirect.destination.siteSectionId]
    : [];

export const redirectKind: KindModule<
  Types<InSite & { desired: DesiredRedirect; live: LiveRedirect; raw: Located<RawRedirect> }>
> = {
  kind: "redirect",
  collection: "redirects",
  config: redirectConfig,

  desired: (scope) => site(scope).redirects,
  read: async (client, scope) =>
    leafNodes(await client.list<LiveRedirect>(redirectsPath(scope.organization, liveId(scope.ids.site)))),

  key: (redirect) => redirect.source,
  liveKey: (redirect) => redirect.source,

  diff(desired, live, scope, ctx) {
    const wanted = destination(desired, scope, ctx);
    const was = live?.item;
    // Most of a site's redirects are unchanged: they make no list.
    if (was !== undefined && desired.source === was.source && holdsDestination(wanted, was.destination))
      return UNCHANGED;
    const changes: FieldChange[] = [];
    compareField(changes, "source", desired.source, was?.source);
    if (!holdsDestination(wanted, was?.destination))
      changes.push(destinationChange(desired, wanted, was?.destination, scope, ctx));
    return changes;
  },

  create(desired, address, scope, ctx) {
    const parts = partsOf(scope, ctx);
    const to = destination(desired, scope, ctx, parts);
    const { source } = desired;
    return [
      {
        method: "POST",
        path: parts.list,
        body: { source, destination: to },
        summary: "create redirect",
        captures: [{ address, pointer: "/id" }],
        recover: {
          list: parts.list,
          match: { source },
          // Sources are unique: one another run made meanwhile is this one when it leads there too.
          adopt: adoptOf(parts, to),
        },
        ...creating(concerns, scope, { source }, ctx),
        bulk: bulkItem(parts.list, source, to),
      },
    ];
  },

  update(desired, live, changes, _address, scope, ctx): CallDraft[] {
    const body: Record<string, unknown> = {};
    const call: CallDraft = {
      method: "PATCH",
      path: below(partsOf(scope, ctx).list, live.item.id),
      body,
      summary: "update redirect",
    };
    if (changes.some((change) => change.field === "source")) body.source = desired.source;
    let to: Record<string, unknown> | undefined;
    if (changes.some((change) => change.field === "destination")) {
      to = destination(desired, scope, ctx);
      body.destination = to;
    }
    Object.assign(call, changing(concerns, scope, { id: live.item.id, to: body, was: live.item }, ctx));
    // The bulk operation names a redirect by its source: it can change a destination, not a source.
    if (body.source === undefined) {
      call.bulk = bulkItem(partsOf(scope, ctx).list, live.item.source, to);
    }
    return [call];
  },

  remove: (live, _address, scope, ctx) => [
    {
      method: "DELETE",
      path: below(partsOf(scope, ctx).list, live.item.id),
      summary: "delete redirect",
      ...removing(concerns, scope, live.item, ctx),
      bulk: bulkItem(partsOf(scope, ctx).list, live.item.source, null),
    },
  ],

  // The destination that goes, as people read it.
  removedValues(live, scope, ctx) {
    const from = live.item.destination;
    const change: FieldChange = { field: "destination", from, main: true };
    const text = from && destinationText(from, scope, ctx);
    if (text !== undefined) change.fromText = text;
    return [change];
  },

  // A section of the same site by its path; any other destination as the API gives it.
  toConfig(live, scope) {
    const { source, destination } = live.item;
    const [sectionId] = sectionOf(live.item);
    const section = childrenOf(scope.live, sectionKind).find((node) => node.item.id === sectionId);
    if (section) return { source, to: { section: section.item.path } };
    return { source, destination: rawDestination(destination) };
  },
};
