// HTTP adapter for comments (spec 4.4, 4.5): reading needs membership of the space's
// organization; posting, reacting and resolving need the comment role on the space; only its
// author edits a comment's body; its author or a space admin deletes it.

import { findPage, revisionOf } from "../content/store.ts";
import { created, noContent, ok, param, type RequestContext, type Route } from "../core/context.ts";
import { badRequest } from "../core/http-error.ts";
import { paginate } from "../core/paginate.ts";
import { enumQuery, stringQuery } from "../core/query.ts";
import { parseBody } from "../core/validate.ts";
import { assertLive } from "../spaces/store.ts";
import { renderComment } from "./render.ts";
import { replyRoutes } from "./reply-handlers.ts";
import {
  applyEdits,
  assertMayDelete,
  type CommentPlace,
  changeRequestPlace,
  FORMATS,
  type PlaceResolver,
  REACTIONS,
  readBody,
  spacePlace,
} from "./scope.ts";
import { addComment, type CommentRecord, commentsIn, deleteComment, findComment } from "./store.ts";

const STATUSES = ["all", "open", "resolved"] as const;

const render = (ctx: RequestContext, place: CommentPlace, comment: CommentRecord) =>
  renderComment(ctx, comment, place.base, place.revision);

function list(resolve: PlaceResolver) {
  return (ctx: RequestContext) => {
    const place = resolve(ctx);
    const order = enumQuery(ctx.query, "order", ["asc", "desc"] as const, "desc");
    const status = enumQuery(ctx.query, "status", STATUSES, "all");
    enumQuery(ctx.query, "format", FORMATS);
    const page = stringQuery(ctx.query, "targetPage");
    const comments = commentsIn(ctx.state, place.scope).filter(
      (c) => (status === "all" || c.status === status) && (page === undefined || c.page?.id === page),
    );
    // Posting order is time order; equal times keep it, reversed for descending order.
    if (order === "desc") comments.reverse();
    return ok(paginate(ctx.query, comments, (comment) => render(ctx, place, comment)));
  };
}

function create(resolve: PlaceResolver) {
  return (ctx: RequestContext) => {
    const place = resolve(ctx, "comment");
    assertLive(place.space);
    const body = parseBody(ctx.body, {
      node: { type: "string", min: 1, max: 100 },
      page: { type: "string", min: 1 },
      body: { type: "any", required: true },
    });
    const markdown = readBody(body.body);
    let page: CommentRecord["page"];
    if (body.page !== undefined) {
      const placed = findPage(revisionOf(ctx.state, place.revision), body.page as string);
      if (!placed) throw badRequest(`page: page "${body.page}" not found in revision "${place.revision}"`);
      page = { id: placed.page.id, title: placed.page.title, path: placed.path };
    }
    const comment = addComment(ctx.state, {
      ...place.scope,
      postedBy: ctx.user.id,
      markdown,
      revision: place.revision,
      ...(page ? { page } : {}),
      ...(body.node !== undefined ? { node: body.node as string } : {}),
    });
    return created(render(ctx, place, comment));
  };
}

function get(resolve: PlaceResolver) {
  return (ctx: RequestContext) => {
    const place = resolve(ctx);
    enumQuery(ctx.query, "format", FORMATS);
    return ok(render(ctx, place, findComment(ctx.state, place.scope, param(ctx, "commentId"))));
  };
}

function update(resolve: PlaceResolver) {
  return (ctx: RequestContext) => {
    const place = resolve(ctx, "comment");
    const comment = findComment(ctx.state, place.scope, param(ctx, "commentId"));
    const body = parseBody(ctx.body, {
      resolved: { type: "boolean" },
      body: { type: "any" },
      addedReactions: REACTIONS,
      removedReactions: REACTIONS,
    });
    applyEdits(ctx, body, comment, comment);
    return ok(render(ctx, place, comment));
  };
}

function remove(resolve: PlaceResolver) {
  return (ctx: RequestContext) => {
    const place = resolve(ctx, "comment");
    const comment = findComment(ctx.state, place.scope, param(ctx, "commentId"));
    assertMayDelete(ctx, place, comment);
    deleteComment(ctx.state, comment);
    return noContent();
  };
}

function routesAt(prefix: string, resolve: PlaceResolver, replyResolves: boolean): Route[] {
  return [
    { method: "GET", path: prefix, handler: list(resolve) },
    { method: "POST", path: prefix, handler: create(resolve) },
    { method: "GET", path: `${prefix}/:commentId`, handler: get(resolve) },
    { method: "PUT", path: `${prefix}/:commentId`, handler: update(resolve) },
    { method: "DELETE", path: `${prefix}/:commentId`, handler: remove(resolve) },
    ...replyRoutes(`${prefix}/:commentId/replies`, resolve, replyResolves),
  ];
}

export const commentRoutes: Route[] = [
  ...routesAt("/spaces/:spaceId/comments", spacePlace, false),
  ...routesAt("/spaces/:spaceId/change-requests/:changeRequestId/comments", changeRequestPlace, true),
];
