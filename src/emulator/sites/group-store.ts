// Section groups overlay the flat section order: membership is a field of the section, a
// group's members are read off the flat order, and a group shows at its first member.

import { HttpError } from "../core/http-error.ts";
import type { EmulatorState } from "../core/state.ts";
import type { GroupRecord, SectionRecord, SiteRecord } from "./model.ts";
import { applyOptional } from "./nullable.ts";
import { type Placement, placeBlock } from "./order.ts";

export function membersOf(site: SiteRecord, group: GroupRecord): SectionRecord[] {
  return site.sections.filter((section) => section.groupId === group.id);
}

/** Groups at the position of their first member; empty groups after, in creation order. */
export function orderedGroups(site: SiteRecord): GroupRecord[] {
  const firstMember = new Map<string, number>();
  site.sections.forEach((section, index) => {
    if (section.groupId !== undefined && !firstMember.has(section.groupId)) {
      firstMember.set(section.groupId, index);
    }
  });
  const placed = site.groups
    .filter((group) => firstMember.has(group.id))
    .sort((a, b) => firstMember.get(a.id)! - firstMember.get(b.id)!);
  return [...placed, ...site.groups.filter((group) => !firstMember.has(group.id))];
}

export function createGroup(
  state: EmulatorState,
  site: SiteRecord,
  fields: { title: string; icon?: string; sections: readonly SectionRecord[] },
): GroupRecord {
  const group: GroupRecord = { id: state.ids.next("sitesg"), title: fields.title };
  if (fields.icon !== undefined) group.icon = fields.icon;
  site.groups.push(group);
  for (const section of fields.sections) section.groupId = group.id;
  return group;
}

export function updateGroup(group: GroupRecord, changes: { title?: string; icon?: string | null }): void {
  if (changes.title !== undefined) group.title = changes.title;
  applyOptional(group, "icon", changes.icon);
}

/** Adds the section, taking it out of any other group; false when it already was a member. */
export function addMember(group: GroupRecord, section: SectionRecord): boolean {
  if (section.groupId === group.id) return false;
  section.groupId = group.id;
  return true;
}

export function removeMember(group: GroupRecord, section: SectionRecord): void {
  if (section.groupId !== group.id) {
    throw new HttpError(404, `site section "${section.id}" is not a member of section group "${group.id}"`);
  }
  delete section.groupId;
}

/** Moves the members as one block, keeping their relative order (an empty block moves nothing). */
export function moveGroup(site: SiteRecord, group: GroupRecord, placement: Placement): void {
  placeBlock(site.sections, membersOf(site, group), placement);
}

/** Deletes the group; its members (sections and external links) stay where they are, ungrouped. */
export function deleteGroup(site: SiteRecord, group: GroupRecord): void {
  for (const section of membersOf(site, group)) delete section.groupId;
  for (const link of site.externalLinks) if (link.groupId === group.id) delete link.groupId;
  site.groups = site.groups.filter((entry) => entry.id !== group.id);
}
