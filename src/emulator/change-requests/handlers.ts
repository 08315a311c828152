// HTTP adapter for change requests (spec 4.6). Reading needs membership of the space's
// organization; creating, changing, merging and updating need the edit role on the space.

import { findPage, revisionOf } from "../content/store.ts";
import { readableSpace, spaceWithRole } from "../core/access.ts";
import { created, ok, param, type RequestContext, type Route } from "../core/context.ts";
import { badRequest } from "../core/http-error.ts";
import { paginate } from "../core/paginate.ts";
import { booleanQuery, enumQuery, stringQuery } from "../core/query.ts";
import { appUrl } from "../core/render.ts";
import { parseBody } from "../core/validate.ts";
import { renderChangeRequest } from "./render.ts";
import {
  changeRequestsOf,
  createChangeRequest,
  findChangeRequest,
  mergeChangeRequest,
  STATUSES,
  type Status,
  updateChangeRequest,
  updateFromMain,
} from "./store.ts";

const SUBJECT = { type: "string", max: 100 } as const;

function list(ctx: RequestContext) {
  const space = readableSpace(ctx, param(ctx, "spaceId"));
  const status = enumQuery(ctx.query, "status", STATUSES, "open");
  const contributor = stringQuery(ctx.query, "contributor");
  const crs = changeRequestsOf(ctx.state, space.id).filter(
    (cr) => cr.status === status && (contributor === undefined || cr.createdBy === contributor),
  );
  return ok(paginate(ctx.query, crs, (cr) => renderChangeRequest(ctx, space, cr)));
}

function create(ctx: RequestContext) {
  const space = spaceWithRole(ctx, param(ctx, "spaceId"), "edit");
  const body = parseBody(ctx.body, { subject: SUBJECT }, { optionalBody: true });
  const cr = createChangeRequest(ctx.state, space, {
    createdBy: ctx.user.id,
    ...(body.subject !== undefined ? { subject: body.subject as string } : {}),
  });
  return created(renderChangeRequest(ctx, space, cr));
}

function get(ctx: RequestContext) {
  const space = readableSpace(ctx, param(ctx, "spaceId"));
  return ok(
    renderChangeRequest(ctx, space, findChangeRequest(ctx.state, space, param(ctx, "changeRequestId"))),
  );
}

function update(ctx: RequestContext) {
  const space = spaceWithRole(ctx, param(ctx, "spaceId"), "edit");
  const cr = findChangeRequest(ctx.state, space, param(ctx, "changeRequestId"));
  const body = parseBody(ctx.body, { subject: SUBJECT, status: { type: "enum", values: STATUSES } });
  updateChangeRequest(ctx.state, space, cr, body as { subject?: string; status?: Status });
  return ok(renderChangeRequest(ctx, space, cr));
}

function merge(ctx: RequestContext) {
  const space = spaceWithRole(ctx, param(ctx, "spaceId"), "edit");
  const cr = findChangeRequest(ctx.state, space, param(ctx, "changeRequestId"));
  parseBody(ctx.body, {}, { optionalBody: true });
  return ok({ revision: mergeChangeRequest(ctx.state, space, cr), result: "merge" });
}

function updateWithMain(ctx: RequestContext) {
  const space = spaceWithRole(ctx, param(ctx, "spaceId"), "edit");
  const cr = findChangeRequest(ctx.state, space, param(ctx, "changeRequestId"));
  parseBody(ctx.body, {}, { optionalBody: true });
  return ok({ revision: updateFromMain(ctx.state, space, cr), result: "update" });
}

/** The emulator renders no PDF: it answers where the service would put it. */
function pdf(ctx: RequestContext) {
  const space = readableSpace(ctx, param(ctx, "spaceId"));
  const cr = findChangeRequest(ctx.state, space, param(ctx, "changeRequestId"));
  const only = booleanQuery(ctx.query, "only", false);
  const page = stringQuery(ctx.query, "page");
  if (only && page === undefined) throw badRequest("page: required when only is true");
  if (page !== undefined && !findPage(revisionOf(ctx.state, cr.revision), page)) {
    throw badRequest(`page: page "${page}" not found in change request "${cr.id}"`);
  }
  const query = new URLSearchParams({ ...(page ? { page } : {}), ...(only ? { only: "true" } : {}) });
  const suffix = query.size > 0 ? `?${query}` : "";
  return ok({ url: appUrl(`s/${space.id}/~/changes/${cr.number}/pdf${suffix}`) });
}

const PREFIX = "/spaces/:spaceId/change-requests";

export const changeRequestRoutes: Route[] = [
  { method: "GET", path: PREFIX, handler: list },
  { method: "POST", path: PREFIX, handler: create },
  { method: "GET", path: `${PREFIX}/:changeRequestId`, handler: get },
  { method: "PATCH", path: `${PREFIX}/:changeRequestId`, handler: update },
  { method: "POST", path: `${PREFIX}/:changeRequestId/merge`, handler: merge },
  { method: "POST", path: `${PREFIX}/:changeRequestId/update`, handler: updateWithMain },
  { method: "GET", path: `${PREFIX}/:changeRequestId/pdf`, handler: pdf },
];
