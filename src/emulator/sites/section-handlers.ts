// HTTP handlers of /sites/{siteId}/sections.

import { created, noContent, ok, type Reply, type RequestContext } from "../core/context.ts";
import { badRequest } from "../core/http-error.ts";
import { jsonText } from "../core/json-text.ts";
import { paginate } from "../core/paginate.ts";
import { type BodyShape, parseBody } from "../core/validate.ts";
import { conditionRule, ICON_MAX, segmentRule } from "./checks.ts";
import { addMember } from "./group-store.ts";
import { groupField, sectionField, sectionOf, siteOf, spaceField } from "./lookup.ts";
import type { GroupRecord, SectionRecord, SiteRecord } from "./model.ts";
import { movePlacement } from "./positions.ts";
import { renderSection } from "./render.ts";
import { createSection, deleteSection, moveSection, updateSection } from "./section-store.ts";

// Membership of a group is also a field of the section, as the service publishes it: a group
// id joins that group (leaving any other), null leaves the section's group.
const groupRule = { type: "string", min: 1, nullable: true } as const;

const createShape: BodyShape = {
  spaceId: { type: "string", min: 1, required: true },
  title: { type: "string", min: 2, max: 64 },
  siteSectionGroupId: groupRule,
};

const updateShape: BodyShape = {
  title: { type: "string", min: 2, max: 128 },
  path: segmentRule,
  defaultSiteSpace: { type: "string", min: 1 },
  condition: conditionRule,
  icon: { type: "string", max: ICON_MAX, nullable: true },
  description: { type: "string", max: 256, nullable: true },
  siteSectionGroupId: groupRule,
};

/** The group a body's `siteSectionGroupId` names: a group, null to leave, undefined to keep. */
function groupChange(site: SiteRecord, value: unknown): GroupRecord | null | undefined {
  return typeof value === "string"
    ? groupField(site, "siteSectionGroupId", value)
    : (value as null | undefined);
}

function setGroup(section: SectionRecord, group: GroupRecord | null | undefined): void {
  if (group) addMember(group, section);
  else if (group === null) delete section.groupId;
}

function listHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "read");
  return ok(jsonText(paginate(ctx.query, site.sections, (section) => renderSection(ctx, site, section))));
}

function createHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  const body = parseBody(ctx.body, createShape);
  const space = spaceField(ctx, site.organizationId, "spaceId", body.spaceId as string);
  const group = groupChange(site, body.siteSectionGroupId);
  const section = createSection(ctx.state, site, space, (body.title as string | undefined) ?? space.title);
  setGroup(section, group);
  return created(renderSection(ctx, site, section));
}

function updateHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  const section = sectionOf(ctx, site);
  const body = parseBody(ctx.body, updateShape, { optionalBody: true });
  const defaultSiteSpaceId = body.defaultSiteSpace as string | undefined;
  if (
    defaultSiteSpaceId !== undefined &&
    !section.siteSpaces.some((entry) => entry.id === defaultSiteSpaceId)
  ) {
    throw badRequest(
      `defaultSiteSpace: site space "${defaultSiteSpaceId}" is not in site section "${section.id}"`,
    );
  }
  const group = groupChange(site, body.siteSectionGroupId);
  updateSection(site, section, {
    title: body.title as string | undefined,
    path: body.path as string | undefined,
    defaultSiteSpaceId,
    condition: body.condition as string | null | undefined,
    icon: body.icon as string | null | undefined,
    description: body.description as string | null | undefined,
  });
  setGroup(section, group);
  return ok(renderSection(ctx, site, section));
}

function moveHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  const section = sectionOf(ctx, site);
  const placement = movePlacement(ctx.body, { type: "site-section", idKey: "siteSection" }, (id, field) => {
    if (sectionField(site, field, id) === section) {
      throw badRequest(`${field}: must be another section than the one moved`);
    }
  });
  moveSection(site, section, placement);
  return ok(renderSection(ctx, site, section));
}

function deleteHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  deleteSection(site, sectionOf(ctx, site));
  return noContent();
}

export const sectionHandlers = {
  list: listHandler,
  create: createHandler,
  update: updateHandler,
  move: moveHandler,
  delete: deleteHandler,
};
