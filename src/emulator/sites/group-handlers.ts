// HTTP handlers of /sites/{siteId}/section-groups.

import { created, noContent, ok, type Reply, type RequestContext } from "../core/context.ts";
import { badRequest } from "../core/http-error.ts";
import { jsonText } from "../core/json-text.ts";
import { paginate } from "../core/paginate.ts";
import { type BodyShape, parseBody } from "../core/validate.ts";
import { ICON_MAX } from "./checks.ts";
import {
  addMember,
  createGroup,
  deleteGroup,
  moveGroup,
  orderedGroups,
  removeMember,
  updateGroup,
} from "./group-store.ts";
import { groupOf, sectionField, sectionOf, siteOf } from "./lookup.ts";
import type { SectionRecord } from "./model.ts";
import { movePlacement } from "./positions.ts";
import { renderGroup } from "./render.ts";

const createShape: BodyShape = {
  title: { type: "string", min: 1, max: 100, required: true },
  icon: { type: "string", max: ICON_MAX },
  sections: { type: "string[]" },
};

const updateShape: BodyShape = {
  title: { type: "string", min: 1, max: 100 },
  icon: { type: "string", max: ICON_MAX, nullable: true },
};

function listHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "read");
  return ok(jsonText(paginate(ctx.query, orderedGroups(site), (group) => renderGroup(ctx, site, group))));
}

function createHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  const body = parseBody(ctx.body, createShape);
  const sections: SectionRecord[] = [];
  ((body.sections as string[] | undefined) ?? []).forEach((id, i) => {
    const section = sectionField(site, `sections[${i}]`, id);
    if (sections.includes(section)) throw badRequest(`sections[${i}]: site section "${id}" is listed twice`);
    sections.push(section);
  });
  const group = createGroup(ctx.state, site, {
    title: body.title as string,
    icon: body.icon as string | undefined,
    sections,
  });
  return created(renderGroup(ctx, site, group));
}

function updateHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  const group = groupOf(ctx, site);
  const body = parseBody(ctx.body, updateShape, { optionalBody: true });
  updateGroup(group, {
    title: body.title as string | undefined,
    icon: body.icon as string | null | undefined,
  });
  return ok(renderGroup(ctx, site, group));
}

/** 201 when the section joins the group, 200 when it already was a member. */
function addSectionHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  const group = groupOf(ctx, site);
  const body = parseBody(ctx.body, { sectionId: { type: "string", min: 1, required: true } });
  const joined = addMember(group, sectionField(site, "sectionId", body.sectionId as string));
  const rendered = renderGroup(ctx, site, group);
  return joined ? created(rendered) : ok(rendered);
}

function removeSectionHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  const group = groupOf(ctx, site);
  removeMember(group, sectionOf(ctx, site));
  return noContent();
}

function moveHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  const group = groupOf(ctx, site);
  const placement = movePlacement(ctx.body, { type: "site-section", idKey: "id" }, (id, field) => {
    if (sectionField(site, field, id).groupId === group.id) {
      throw badRequest(`${field}: site section "${id}" is a member of the group being moved`);
    }
  });
  moveGroup(site, group, placement);
  return ok(renderGroup(ctx, site, group));
}

function deleteHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  deleteGroup(site, groupOf(ctx, site));
  return noContent();
}

export const groupHandlers = {
  list: listHandler,
  create: createHandler,
  update: updateHandler,
  addSection: addSectionHandler,
  removeSection: removeSectionHandler,
  move: moveHandler,
  delete: deleteHandler,
};
