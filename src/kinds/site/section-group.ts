// Section groups: identity is the title within the site. A group's place in the navigation
// follows its member sections (the site keeps one order of sections); moving a group moves its
// members as one block, which the section kind's order uses. Membership is part of the group's
// change.

import { addressOf, addressText, type Id } from "../../model/address.ts";
import type { Located } from "../../model/desired.ts";
import type { Consequence, FieldChange } from "../../model/plan.ts";
import { compareField, patchBody } from "../compare.ts";
import { defined } from "../configured.ts";
import { childrenOf } from "../items-of.ts";
import { leafNodes } from "../live-nodes.ts";
import { below, groupPath, groupsPath, liveId, sectionPath, subPath } from "../paths.ts";
import type { CallDraft, KindModule, PlanContext, Types } from "../types.ts";
import { navigationOf, type RawSectionGroup } from "./site-navigation.ts";
import type { DesiredSectionGroup, InSite, LiveSection, SiteScope } from "./site-types.ts";

export type { DesiredSectionGroup } from "./site-types.ts";

export interface LiveSectionGroup {
  [field: string]: unknown;
  id: string;
  title: string;
  icon?: string | null;
  /** Its member sections; the service's answer may give each one's path. */
  sections: { id: string; path?: string }[];
}

const PATCHABLE = ["title", "icon"] as const;

// The routes of membership through the group, and the same change through the section's
// `siteSectionGroupId`, for a service without them (service-facts.md).
const GROUP = "/orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId";
const ADD_MEMBER_ROUTE = `POST ${GROUP}/sections`;
const REMOVE_MEMBER_ROUTE = `DELETE ${GROUP}/sections/:siteSectionId`;

function membershipOnSection(route: string, scope: SiteScope, sectionId: Id, groupId: Id | null) {
  return {
    route,
    method: "PATCH" as const,
    path: sectionPath(scope.organization, scope.ids.site, sectionId),
    body: { siteSectionGroupId: groupId },
  };
}

const site = (scope: SiteScope) => scope.desired;
const sectionAddress = (scope: SiteScope, path: string) => addressOf(scope.address, "section", path);
const memberPaths = (sections: LiveSectionGroup["sections"]): string[] =>
  sections.map((section) => section.path ?? section.id);

/** The live member sections of a group that this plan does not delete (a deleted one leaves it). */
function keptMembers(group: LiveSectionGroup, scope: SiteScope, ctx: PlanContext) {
  return group.sections.filter((section) => {
    const { path } = section;
    return path === undefined || ctx.deletes(sectionAddress(scope, path)) !== section.id;
  });
}

/**
 * What deleting a section does to the group it is in, as a consequence of that delete: the
 * group loses it. None when the plan deletes the group too, whose delete says what it does.
 */
export function groupLosing(
  section: LiveSection,
  scope: SiteScope,
  ctx: PlanContext,
): Consequence | undefined {
  const id = section.sectionGroup;
  if (typeof id !== "string") return undefined;
  const title = childrenOf(scope.live, sectionGroupKind).find((node) => node.item.id === id)?.item.title;
  // Where a title is shared, the address tells the group by its id; unread, the id names it.
  const addresses =
    title === undefined
      ? [addressOf(scope.address, "group", id)]
      : [title, `${title}#${id}`].map((key) => addressOf(scope.address, "group", key));
  if (addresses.some((address) => ctx.deletes(address) === id)) return undefined;
  const address = addresses.find((candidate) => ctx.liveIdOf(candidate) === id) ?? addresses[0]!;
  return {
    action: "update",
    kind: "group",
    address: addressText(address),
    liveId: id,
    note: `section ${JSON.stringify(section.path)} leaves it`,
  };
}

/** The configured group of each live section id that the configuration keeps. */
function desiredGroupBySectionId(scope: SiteScope, ctx: PlanContext): Map<string, string | undefined> {
  const groups = new Map<string, string | undefined>();
  for (const section of site(scope).sections ?? []) {
    const id = ctx.liveIdOf(sectionAddress(scope, section.path));
    if (id) groups.set(id, section.group);
  }
  return groups;
}

export const sectionGroupKind: KindModule<
  Types<InSite & { desired: DesiredSectionGroup; live: LiveSectionGroup; raw: Located<RawSectionGroup> }>
> = {
  kind: "group",
  collection: "sectionGroups",
  keyKeptUnique: false,
  config: {
    schema: { fragment: "section-group" },
    // Groups are written among the sections, as `group: <title>`.
    items: (site) => navigationOf(site)?.groups,
    identities: [
      { field: "group", noun: "title" },
      { field: "id", optional: true, hints: false },
    ],
    resolve: ({ value }, meta) => ({
      ...meta,
      title: value.group,
      ...defined({ icon: value.icon }),
      // Its external links are the link kind's.
      sections: value.sections.flatMap((entry) => ("path" in entry ? [entry.path] : [])),
    }),
  },

  desired: (scope) => site(scope).sectionGroups,
  read: async (client, scope) =>
    leafNodes(await client.list<LiveSectionGroup>(groupsPath(scope.organization, liveId(scope.ids.site)))),

  key: (group) => group.title,
  liveKey: (group) => group.title,
  // What a group holds is its sections: one that has fewer than configured is still a copy that
  // two runs at once made (the other took them); one with a section configured elsewhere is not.
  holdingFields: ["sections"],
  holds(live, desired, scope, ctx) {
    const wanted = new Set(desired.sections.map((path) => ctx.idOf(sectionAddress(scope, path))));
    return live.item.sections
      .filter((section) => !wanted.has(section.id))
      .map((section) => `section ${JSON.stringify(section.path ?? section.id)}`);
  },

  diff(desired, live, scope, ctx) {
    const changes: FieldChange[] = [];
    for (const field of PATCHABLE) compareField(changes, field, desired[field], live?.item[field]);
    // A section the plan deletes leaves its group by itself: no change of the group's. Members
    // are sections, whatever their paths: a member renamed by this plan stays one.
    const kept = live ? keptMembers(live.item, scope, ctx) : [];
    const have = memberPaths(kept);
    const ids = new Set(kept.map((section) => section.id));
    const same =
      have.length === desired.sections.length &&
      desired.sections.every((path) => {
        const id = ctx.idOf(sectionAddress(scope, path));
        return typeof id === "string" && ids.has(id);
      });
    if (!same)
      changes.push(
        live
          ? { field: "sections", from: have, to: desired.sections }
          : { field: "sections", to: desired.sections },
      );
    return changes;
  },

  create(desired, address, scope, ctx) {
    const body: Record<string, unknown> = { title: desired.title };
    if (typeof desired.icon === "string") body.icon = desired.icon;
    const members = desired.sections.map((path) => ctx.idOf(sectionAddress(scope, path)));
    if (members.length > 0) body.sections = members;
    return [
      {
        method: "POST",
        path: groupsPath(scope.organization, scope.ids.site),
        body,
        summary: "create group",
        captures: [{ address, pointer: "/id" }],
        recover: { list: groupsPath(scope.organization, scope.ids.site), match: { title: desired.title } },
      },
    ];
  },

  update(desired, live, changes, _address, scope, ctx) {
    const org = scope.organization;
    const siteId = scope.ids.site;
    const calls: CallDraft[] = [];
    const body = patchBody(changes, PATCHABLE);
    if (Object.keys(body).length > 0) {
      calls.push({
        method: "PATCH",
        path: groupPath(org, siteId, live.item.id),
        body,
        summary: "update group",
      });
    }
    const have = new Set(live.item.sections.map((section) => section.id));
    for (const path of desired.sections) {
      const id = ctx.idOf(sectionAddress(scope, path));
      if (typeof id === "string" && have.has(id)) continue;
      // Adding a section to a group takes it out of any other group.
      calls.push({
        method: "POST",
        path: subPath(groupPath(org, siteId, live.item.id), "/sections"),
        body: { sectionId: id },
        summary: "add section to group",
        alternate: membershipOnSection(ADD_MEMBER_ROUTE, scope, id, live.item.id),
      });
    }
    const wanted = desiredGroupBySectionId(scope, ctx);
    for (const id of have) {
      // Leaving alone: sections that are deleted, or that join another group (which moves them).
      if (!wanted.has(id) || wanted.get(id) !== undefined) continue;
      calls.push({
        method: "DELETE",
        path: below(subPath(groupPath(org, siteId, live.item.id), "/sections"), id),
        summary: "remove section from group",
        alternate: membershipOnSection(REMOVE_MEMBER_ROUTE, scope, id, null),
      });
    }
    return calls;
  },

  // The anchor is a section that is not a member: `{type: site-section, id}` (the spec's form).
  move: (id, position, scope) => {
    const [where, anchor] = position.after ? ["after", position.after] : ["before", position.before];
    return {
      method: "POST",
      path: subPath(groupPath(scope.organization, scope.ids.site, id), "/move"),
      body: { position: { [where]: { type: "site-section", id: anchor } } },
      summary: "move group",
    };
  },

  remove: (live, _address, scope) => [
    {
      method: "DELETE",
      path: groupPath(scope.organization, scope.ids.site, live.item.id),
      summary: "delete group",
    },
  ],
  // Its sections stay where they are, ungrouped (those the plan deletes say so themselves).
  consequences: (live, _address, scope, ctx) =>
    keptMembers(live.item, scope, ctx).map((section) => {
      const path = section.path ?? section.id;
      return {
        action: "update",
        kind: "section",
        address: addressText(sectionAddress(scope, path)),
        liveId: section.id,
        note: "leaves the group, and stays where it is",
      };
    }),

  // The group's own fields; `nestSections` gives it its `sections`.
  toConfig(live) {
    const config: Record<string, unknown> = { group: live.item.title };
    if (typeof live.item.icon === "string") config.icon = live.item.icon;
    return config;
  },
};
