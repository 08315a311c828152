// HTTP handlers of /sites/{siteId}/site-spaces.

import { created, noContent, ok, type Reply, type RequestContext } from "../core/context.ts";
import { badRequest } from "../core/http-error.ts";
import { jsonText } from "../core/json-text.ts";
import { paginate } from "../core/paginate.ts";
import { type BodyShape, parseBody } from "../core/validate.ts";
import { conditionRule, optionalBooleanQuery, segmentRule } from "./checks.ts";
import { isDefaultIn, locateAll } from "./containers.ts";
import { sectionField, siteOf, siteSpaceField, siteSpaceOf, spaceField } from "./lookup.ts";
import { movePlacement } from "./positions.ts";
import { renderSiteSpace } from "./render.ts";
import { addSiteSpace, deleteSiteSpace, moveSiteSpace, updateSiteSpace } from "./site-space-store.ts";

const createShape: BodyShape = {
  spaceId: { type: "string", min: 1, required: true },
  sectionId: { type: "string", min: 1 },
};

const updateShape: BodyShape = {
  path: segmentRule,
  condition: conditionRule,
};

function listHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "read");
  const wantDefault = optionalBooleanQuery(ctx.query, "default");
  const entries = locateAll(site).filter(
    ({ siteSpace, container }) =>
      wantDefault === undefined || isDefaultIn(container, siteSpace) === wantDefault,
  );
  return ok(
    jsonText(
      paginate(ctx.query, entries, ({ siteSpace, container, section }) =>
        renderSiteSpace(ctx, site, siteSpace, container, section),
      ),
    ),
  );
}

/** Without `sectionId`: the default section, or the root while the site has no sections. */
function createHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  const body = parseBody(ctx.body, createShape);
  const section =
    typeof body.sectionId === "string"
      ? sectionField(site, "sectionId", body.sectionId)
      : site.sections.find((entry) => entry.id === site.defaultSectionId);
  const space = spaceField(ctx, site.organizationId, "spaceId", body.spaceId as string);
  const siteSpace = addSiteSpace(ctx.state, site, section, space);
  return created(renderSiteSpace(ctx, site, siteSpace, section ?? site.root, section));
}

function updateHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  const located = siteSpaceOf(ctx, site);
  const body = parseBody(ctx.body, updateShape, { optionalBody: true });
  updateSiteSpace(site, located, {
    path: body.path as string | undefined,
    condition: body.condition as string | null | undefined,
  });
  return ok(renderSiteSpace(ctx, site, located.siteSpace, located.container, located.section));
}

function moveHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  const located = siteSpaceOf(ctx, site);
  const placement = movePlacement(ctx.body, { type: "site-space", idKey: "siteSpace" }, (id, field) => {
    const anchor = siteSpaceField(site, field, id);
    if (anchor.container !== located.container) {
      throw badRequest(`${field}: site space "${id}" is in another section or level`);
    }
    if (anchor.siteSpace === located.siteSpace) {
      throw badRequest(`${field}: must be another site space than the one moved`);
    }
  });
  moveSiteSpace(located, placement);
  return ok(renderSiteSpace(ctx, site, located.siteSpace, located.container, located.section));
}

function deleteHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  deleteSiteSpace(site, siteSpaceOf(ctx, site));
  return noContent();
}

export const siteSpaceHandlers = {
  list: listHandler,
  create: createHandler,
  update: updateHandler,
  move: moveHandler,
  delete: deleteHandler,
};
