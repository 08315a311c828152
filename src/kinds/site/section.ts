// Site sections: identity is the path within the site; their order is the site's navigation.
// The API creates a section from a space (POST takes only `spaceId` and `title`), which also
// makes the section's first site space; everything else is set by a PATCH that follows.

import { addressOf, addressText, type Id } from "../../model/address.ts";
import type { FieldChange } from "../../model/plan.ts";
import { compareField, definedFields, patchBody } from "../compare.ts";
import { checkSingleDefault, defined } from "../configured.ts";
import { childrenOf } from "../items-of.ts";
import { leafNodes } from "../live-nodes.ts";
import { liveId, movePosition, sectionPath, sectionsPath, sitePath, subPath } from "../paths.ts";
import { type Concerns, changing, removing } from "../shapes/concerns.ts";
import { addressKey, type CallDraft, type KindModule, type Types } from "../types.ts";
import { derivedPath, isTemporaryOfNew } from "../unique.ts";
import { groupLosing, sectionGroupKind } from "./section-group.ts";
import { type LocatedSection, navigationOf } from "./site-navigation.ts";
import { sectionSiteSpaceKind } from "./site-space.ts";
import type { DesiredSection, InSite, LiveSection, SiteScope } from "./site-types.ts";

export type { DesiredSection, LiveSection, SectionNode } from "./site-types.ts";

const PATCHABLE = ["title", "path", "description", "icon", "condition"] as const;
/** The API takes at most this many title characters when creating a section. */
const CREATE_TITLE_MAX = 64;

const site = (scope: SiteScope) => scope.desired;
/** What the planner orders calls by: a path is unique in its site. */
const concerns: Concerns = {
  kind: "section",
  collection: "sections",
  fields: [{ name: "path", unique: true }],
};

function makeDefault(scope: SiteScope, sectionId: Id): CallDraft {
  return {
    method: "PATCH",
    path: sitePath(scope.organization, scope.ids.site),
    body: { defaultSiteSection: sectionId },
    summary: "make default section",
  };
}

export const sectionKind: KindModule<
  Types<InSite & { desired: DesiredSection; live: LiveSection; raw: LocatedSection }>
> = {
  kind: "section",
  collection: "sections",
  config: {
    schema: { fragment: "section" },
    // Sections are written in navigation order, some nested in groups.
    items: (site) => navigationOf(site)?.sections,
    identities: [{ field: "path" }, { field: "id", optional: true, hints: false }],
    check(sections, ctx) {
      checkSingleDefault(sections, `section in site "${ctx.parent?.item.value.title}"`, ctx);
    },
    resolve(section, meta) {
      const { path, title, description, icon, condition, default: isDefault } = section.value;
      return {
        ...meta,
        path,
        title,
        ...defined({ description, icon, condition, default: isDefault, group: section.group }),
      };
    },
  },
  ordered: true,
  inheritsRoot: sectionSiteSpaceKind.kind,
  // The sections of a group stand together and the group moves them as one.
  blocks: {
    kind: sectionGroupKind,
    of: (section) => section.group,
    liveOf: (section) => section.sectionGroup ?? undefined,
  },
  outline: { fields: ["title"], flag: "default" },
  children: [sectionSiteSpaceKind],

  // Redirects and groups name sections by path, so sections are read to resolve them; a site
  // configured with root site spaces must have none.
  readAnyway: (scope) =>
    site(scope).redirects !== undefined ||
    site(scope).sectionGroups !== undefined ||
    site(scope).siteSpaces !== undefined,
  async read(client, scope) {
    const sections = await client.list<LiveSection>(sectionsPath(scope.organization, liveId(scope.ids.site)));
    return sections.map((item) => ({
      item,
      children: { [sectionSiteSpaceKind.kind]: leafNodes(item.siteSpaces ?? []) },
    }));
  },

  key: (section) => section.path,
  liveKey: (section) => section.path,
  // A section an interrupted apply created but did not configure still has the path the API
  // derived from its title (or the temporary one an exchange of paths moved it to first), the
  // configured title (a long one is not sent: the API gives the space's), and only spaces the
  // configured section lists, its first among them.
  adopts(desired, live) {
    const spaces = new Set(desired.siteSpaces.map((siteSpace) => siteSpace.spaceId));
    const liveSpaces = (live.siteSpaces ?? []).map((siteSpace) => siteSpace.space.id);
    const derived = derivedPath(live.title);
    const pathIsDerived =
      derived !== "" && (live.path === derived || new RegExp(`^${derived}-\\d+$`).test(live.path));
    return (
      (pathIsDerived || isTemporaryOfNew(live.path)) &&
      (desired.title.length > CREATE_TITLE_MAX || live.title === desired.title) &&
      liveSpaces.includes(desired.siteSpaces[0]!.spaceId) &&
      liveSpaces.every((space) => spaces.has(space))
    );
  },

  diff(desired, live) {
    const changes: FieldChange[] = [];
    for (const field of PATCHABLE) compareField(changes, field, desired[field], live?.item[field]);
    if (desired.default === true && live?.item.default !== true) {
      changes.push(live ? { field: "default", from: false, to: true } : { field: "default", to: true });
    }
    return changes;
  },

  create(desired, address, scope, ctx, info) {
    const org = scope.organization;
    const siteId = scope.ids.site;
    const id = ctx.idOf(address);
    const first = desired.siteSpaces[0]!;
    const shortTitle = desired.title.length <= CREATE_TITLE_MAX;
    const existing = childrenOf(scope.live, sectionKind).map((node) => node.item.id);
    const calls: CallDraft[] = [
      {
        method: "POST",
        path: sectionsPath(org, siteId),
        body: shortTitle ? { spaceId: first.spaceId, title: desired.title } : { spaceId: first.spaceId },
        summary: "create section",
        captures: [
          { address, pointer: "/id" },
          {
            address: addressOf(address, sectionSiteSpaceKind.kind, addressKey(sectionSiteSpaceKind, first)),
            find: { array: "/siteSpaces", match: { "space.id": first.spaceId } },
          },
        ],
        recover: {
          list: sectionsPath(org, siteId),
          match: shortTitle ? { title: desired.title } : {},
          exclude: existing,
        },
      },
    ];
    const settings: Record<string, unknown> = { path: desired.path };
    if (!shortTitle) settings.title = desired.title;
    for (const field of ["description", "icon", "condition"] as const) {
      if (desired[field] !== undefined && desired[field] !== null) settings[field] = desired[field];
    }
    // The API gives the new section a path of its own, derived from the title, until this PATCH.
    const derived = shortTitle ? derivedPath(desired.title) : "";
    const made = derived === "" || derived === desired.path ? {} : { path: derived };
    calls.push({
      method: "PATCH",
      path: sectionPath(org, siteId, id),
      body: settings,
      summary: "configure section",
      ...changing(concerns, scope, { id, to: { path: desired.path }, was: made }, ctx),
    });
    // The first section of a site becomes its default by itself.
    if (desired.default && !info.firstInEmptyContainer) calls.push(makeDefault(scope, id));
    return calls;
  },

  update(_desired, live, changes, _address, scope, ctx) {
    const calls: CallDraft[] = [];
    const body = patchBody(changes, PATCHABLE);
    if (Object.keys(body).length > 0) {
      calls.push({
        method: "PATCH",
        path: sectionPath(scope.organization, scope.ids.site, live.item.id),
        body,
        summary: "update section",
        ...changing(concerns, scope, { id: live.item.id, to: body, was: live.item }, ctx),
      });
    }
    if (changes.some((change) => change.field === "default")) calls.push(makeDefault(scope, live.item.id));
    return calls;
  },

  remove: (live, _address, scope, ctx) => [
    {
      method: "DELETE",
      path: sectionPath(scope.organization, scope.ids.site, live.item.id),
      summary: "delete section",
      ...removing(concerns, scope, live.item, ctx),
    },
  ],
  // Its site spaces go with it, and it leaves its group.
  consequences(live, address, scope, ctx, configuration) {
    const kind = sectionSiteSpaceKind;
    const siteSpaces = (live.item.siteSpaces ?? []).map((siteSpace) => ({
      action: "delete" as const,
      kind: kind.kind,
      address: addressText(
        addressOf(address, kind.kind, kind.liveLabel?.(siteSpace, configuration) ?? siteSpace.id),
      ),
      liveId: siteSpace.id,
    }));
    const group = groupLosing(live.item, scope, ctx);
    return group ? [...siteSpaces, group] : siteSpaces;
  },

  move: (id, position, scope) => ({
    method: "POST",
    path: subPath(sectionPath(scope.organization, scope.ids.site, id), "/move"),
    body: movePosition("site-section", "siteSection", position),
    summary: "move section",
  }),

  toConfig(live, _scope, ctx) {
    const section = live.item;
    const config: Record<string, unknown> = {
      path: section.path,
      title: section.title,
      ...definedFields(section, ["icon", "description", "condition"]),
    };
    if (section.default === true) config.default = true;
    config.siteSpaces = ctx.children(sectionSiteSpaceKind).map((siteSpace) => siteSpace.config);
    return config;
  },
};
