// HTTP adapter for spaces (spec 4.2). Reads need membership of the space's organization,
// changes need its admin role.

import { administrableOrganization, administrableSpace, readableSpace } from "../core/access.ts";
import { created, noContent, ok, param, type RequestContext, type Route } from "../core/context.ts";
import { paginate } from "../core/paginate.ts";
import { enumQuery } from "../core/query.ts";
import { renderSpace } from "../core/render.ts";
import type { SpaceRecord } from "../core/state.ts";
import { parseBody, ROLE_VALUES } from "../core/validate.ts";
import { parsePosition } from "../tree/position.ts";
import {
  deleteSpace,
  duplicateSpace,
  moveSpace,
  restoreSpace,
  type SpaceChanges,
  transferSpace,
  updateSpace,
} from "./store.ts";

const LINK_STATUSES = ["ok", "broken", "in-app"] as const;

const render = (ctx: RequestContext, space: SpaceRecord) => renderSpace(ctx.state, space, ctx.user.id);

/** `shareKey` only resolves published URLs of share-link sites, which the answer does not depend on. */
function get(ctx: RequestContext) {
  return ok(render(ctx, readableSpace(ctx, param(ctx, "spaceId"))));
}

function update(ctx: RequestContext) {
  const space = administrableSpace(ctx, param(ctx, "spaceId"));
  const body = parseBody(ctx.body, {
    editMode: { type: "enum", values: ["live", "locked"] },
    title: { type: "string", min: 1, max: 50 },
    defaultLevel: { type: "enum", values: ROLE_VALUES },
    emoji: { type: "string", min: 1, max: 50 },
  });
  updateSpace(ctx.state, space, body as SpaceChanges);
  return ok(render(ctx, space));
}

function remove(ctx: RequestContext) {
  deleteSpace(ctx.state, administrableSpace(ctx, param(ctx, "spaceId")));
  return noContent();
}

function duplicate(ctx: RequestContext) {
  const space = administrableSpace(ctx, param(ctx, "spaceId"));
  parseBody(ctx.body, {}, { optionalBody: true });
  return created(render(ctx, duplicateSpace(ctx.state, space)));
}

function restore(ctx: RequestContext) {
  const space = administrableSpace(ctx, param(ctx, "spaceId"));
  parseBody(ctx.body, {}, { optionalBody: true });
  restoreSpace(ctx.state, space);
  return ok(render(ctx, space));
}

function move(ctx: RequestContext) {
  const space = administrableSpace(ctx, param(ctx, "spaceId"));
  const body = parseBody(
    ctx.body,
    { parent: { type: "string", min: 1, nullable: true }, position: { type: "any" } },
    { optionalBody: true },
  );
  moveSpace(ctx.state, space, body.parent as string | null | undefined, parsePosition(body.position));
  return ok(render(ctx, space));
}

function transfer(ctx: RequestContext) {
  const space = administrableSpace(ctx, param(ctx, "spaceId"));
  const body = parseBody(ctx.body, { organization: { type: "string", min: 1, required: true } });
  transferSpace(ctx.state, space, administrableOrganization(ctx, body.organization as string));
  return ok(render(ctx, space));
}

/** The emulator holds no page content, so a space has no links to report. */
function links(ctx: RequestContext) {
  readableSpace(ctx, param(ctx, "spaceId"));
  enumQuery(ctx.query, "status", LINK_STATUSES);
  return ok({
    ...paginate(ctx.query, [], () => ({})),
    stats: { total: 0, broken: { total: 0, changeRequest: 0 } },
  });
}

export const spaceRoutes: Route[] = [
  { method: "GET", path: "/spaces/:spaceId", handler: get },
  { method: "PATCH", path: "/spaces/:spaceId", handler: update },
  { method: "DELETE", path: "/spaces/:spaceId", handler: remove },
  { method: "POST", path: "/spaces/:spaceId/duplicate", handler: duplicate },
  { method: "POST", path: "/spaces/:spaceId/restore", handler: restore },
  { method: "POST", path: "/spaces/:spaceId/move", handler: move },
  { method: "POST", path: "/spaces/:spaceId/transfer", handler: transfer },
  { method: "GET", path: "/spaces/:spaceId/links", handler: links },
];
