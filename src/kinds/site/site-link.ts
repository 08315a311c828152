// External links: entries of a site's navigation that lead out of the site, at the root or in a
// section group. Identity is the title within its container, so a link that changes group is a
// new link. The API lists them only in the site's structure, which says where each stands; a
// link's place is the pair of items next to it, and one that differs is set with the structure
// sort operation once the sections and groups stand where the plan puts them.

import { addressOf, type Id } from "../../model/address.ts";
import type { FieldChange } from "../../model/plan.ts";
import { compareField, definedFields, patchBody } from "../compare.ts";
import { defined } from "../configured.ts";
import { below, liveId, sitePath, subPath } from "../paths.ts";
import type { CallDraft, CheckContext, KindModule, Types } from "../types.ts";
import { type LocatedLink, linkKey, linksOf } from "./site-navigation.ts";
import type { DesiredLink, InSite, NavigationRef, SiteScope } from "./site-types.ts";

export type { DesiredLink } from "./site-types.ts";

export interface LiveLink {
  [field: string]: unknown;
  id: string;
  title: string;
  url: string;
  icon?: string | null;
  description?: string | null;
  condition?: string | null;
  draft?: boolean;
  sectionGroup?: string | null;
  /** Read from the structure: the title of its group, and the items next to it there. */
  group?: string;
  after?: NavigationRef;
  before?: NavigationRef;
}

const PATCHABLE = ["title", "url", "icon", "description", "condition", "draft"] as const;
const POINTER_TYPES = {
  section: "site-section",
  group: "site-section-group",
  link: "site-external-link",
} as const;

const linksPath = <S extends Id>(org: string, site: S) => subPath(sitePath(org, site), "/external-links");
const structurePath = (org: string, site: string) => subPath(sitePath(org, site), "/structure");

const refText = (ref: NavigationRef) => `${ref.kind} ${JSON.stringify(ref.key)}`;

/** Where a link stands, for people and for comparing: the items before and after it. */
function placeOf(item: { after?: NavigationRef; before?: NavigationRef }): string {
  const after = item.after ? `after ${refText(item.after)}` : "first";
  const before = item.before ? `before ${refText(item.before)}` : "last";
  return `${after}, ${before}`;
}

/** The structure sort call that puts a link next to its configured neighbour. */
function placeCall(linkId: Id, desired: DesiredLink, scope: SiteScope, idOf: (ref: NavigationRef) => Id) {
  const anchor = desired.after ?? desired.before;
  if (!anchor) return undefined;
  const side = desired.after ? "after" : "before";
  return {
    method: "PATCH" as const,
    path: subPath(sitePath(scope.organization, scope.ids.site), "/structure/sort"),
    body: {
      item: { type: POINTER_TYPES.link, id: linkId },
      position: { [side]: { type: POINTER_TYPES[anchor.kind], id: idOf(anchor) } },
    },
    summary: "place link",
    // Sections and groups move first, and links in configured order: each then stands next
    // to an item already in its place.
    follows: ["section", "group", "link"],
  } satisfies CallDraft;
}

interface StructureEntry {
  object?: string;
  id: string;
  title?: string;
  path?: string;
  children?: StructureEntry[];
}

const refOfEntry = (entry: StructureEntry | undefined, group: string | undefined) => {
  if (entry === undefined) return undefined;
  if (entry.object === "site-section-group") return { kind: "group" as const, key: String(entry.title) };
  if (entry.object === "site-external-link")
    return { kind: "link" as const, key: linkKey(String(entry.title), group) };
  return { kind: "section" as const, key: String(entry.path ?? entry.id) };
};

/** The links of one level of the structure, each with its group and neighbours. */
function liveLinksIn(entries: readonly StructureEntry[], group: string | undefined): LiveLink[] {
  const links: LiveLink[] = [];
  entries.forEach((entry, index) => {
    if (entry.object !== "site-external-link") return;
    const after = refOfEntry(entries[index - 1], group);
    const before = refOfEntry(entries[index + 1], group);
    links.push({
      ...(entry as unknown as LiveLink),
      ...defined({ group, after, before }),
    });
  });
  return links;
}

/** Two links with one title in one container, and rename hints that name a listed title. */
function checkTitles(links: readonly LocatedLink[], ctx: CheckContext): void {
  const byKey = new Map<string, LocatedLink>();
  for (const link of links) {
    const key = linkKey(link.value.link, link.group);
    const first = byKey.get(key);
    if (first) {
      ctx.report(
        link,
        ["link"],
        `duplicate link title "${link.value.link}" (first at ${ctx.where(first, "link", link)})`,
      );
    } else byKey.set(key, link);
  }
  for (const link of links) {
    const was = link.value.was;
    if (was === undefined || was === link.value.link) continue;
    const owner = byKey.get(linkKey(was, link.group));
    if (owner) {
      ctx.report(
        link,
        ["was"],
        `was "${was}" is the title of the link at ${ctx.where(owner, "link", link)}; a rename hint names a title that is no longer listed`,
      );
    }
  }
}

export const siteLinkKind: KindModule<
  Types<InSite & { desired: DesiredLink; live: LiveLink; raw: LocatedLink }>
> = {
  kind: "link",
  collection: "externalLinks",
  config: {
    schema: { fragment: "link" },
    // Links are written among the sections and in groups, as `link: <title>`.
    items: (site) => linksOf(site),
    identities: [],
    check: checkTitles,
    resolve(link, meta) {
      const { link: title, url, icon, description, condition, draft, was } = link.value;
      return {
        ...meta,
        // A rename hint names the old title in the same container.
        ...(was !== undefined ? { was: linkKey(was, link.group) } : {}),
        title,
        url,
        ...defined({ icon, description, condition, draft, group: link.group }),
        ...defined({ after: link.after, before: link.before }),
      };
    },
  },

  // Only a site whose structure is sections has links.
  async read(client, scope) {
    const site = liveId(scope.ids.site);
    const structure = await client.get<{ type?: string; structure?: StructureEntry[] }>(
      structurePath(scope.organization, site),
    );
    if (structure?.type !== "sections") return [];
    const entries = structure.structure ?? [];
    const links = liveLinksIn(entries, undefined);
    for (const entry of entries) {
      if (entry.object === "site-section-group")
        links.push(...liveLinksIn(entry.children ?? [], String(entry.title)));
    }
    return links.map((item) => ({ item, children: {} }));
  },

  key: (link) => linkKey(link.title, link.group),
  liveKey: (link) => linkKey(link.title, link.group),

  // Not ordered by the planner (its place is a field), but drawn among the sections.
  outline: { fields: ["url"] },
  among: {
    after: (link) => link.after,
    block: (link) => link.group,
    external: true,
    placeField: "place",
  },

  diff(desired, live) {
    const changes: FieldChange[] = [];
    for (const field of PATCHABLE) {
      // A new link is a draft only when configured so.
      if (field === "draft" && desired.draft === undefined) continue;
      compareField(changes, field, desired[field], live?.item[field]);
    }
    const place = placeOf(desired);
    if (!live) return changes;
    const was = placeOf(live.item);
    if (was !== place) changes.push({ field: "place", from: was, to: place });
    return changes;
  },

  create(desired, address, scope, ctx) {
    const org = scope.organization;
    const siteId = scope.ids.site;
    const body: Record<string, unknown> = { title: desired.title, url: desired.url };
    for (const field of ["icon", "description", "condition", "draft"] as const) {
      if (desired[field] !== undefined && desired[field] !== null) body[field] = desired[field];
    }
    if (desired.group !== undefined) body.parent = ctx.idOf(addressOf(scope.address, "group", desired.group));
    const calls: CallDraft[] = [
      {
        method: "POST",
        path: linksPath(org, siteId),
        body,
        summary: "create link",
        captures: [{ address, pointer: "/id" }],
        // The service takes links only in a site that has sections.
        follows: ["section", "group", "link"],
      },
    ];
    const idOf = (ref: NavigationRef) => ctx.idOf(addressOf(scope.address, ref.kind, ref.key));
    const place = placeCall(ctx.idOf(address), desired, scope, idOf);
    if (place) calls.push(place);
    return calls;
  },

  update(desired, live, changes, _address, scope, ctx) {
    const calls: CallDraft[] = [];
    const body = patchBody(changes, PATCHABLE);
    if (Object.keys(body).length > 0) {
      calls.push({
        method: "PATCH",
        path: below(linksPath(scope.organization, scope.ids.site), live.item.id),
        body,
        summary: "update link",
      });
    }
    if (changes.some((change) => change.field === "place")) {
      const idOf = (ref: NavigationRef) => ctx.idOf(addressOf(scope.address, ref.kind, ref.key));
      const place = placeCall(live.item.id, desired, scope, idOf);
      if (place) calls.push(place);
    }
    return calls;
  },

  remove: (live, _address, scope) => [
    {
      method: "DELETE",
      path: below(linksPath(scope.organization, scope.ids.site), live.item.id),
      summary: "delete link",
    },
  ],

  // The site's toConfig places it among the sections (`placeLinks`).
  toConfig(live) {
    const config: Record<string, unknown> = { link: live.item.title, url: live.item.url };
    Object.assign(config, definedFields(live.item, ["icon", "description", "condition"]));
    if (live.item.draft === true) config.draft = true;
    return config;
  },
};
