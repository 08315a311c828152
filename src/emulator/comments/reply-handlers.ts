// HTTP adapter for comment replies (spec 4.4, 4.5), with the access rules of comments. A
// change request's reply PUT also takes `resolved` (spec 4.5), which resolves its comment.

import { created, noContent, ok, param, type RequestContext, type Route } from "../core/context.ts";
import { paginate } from "../core/paginate.ts";
import { enumQuery } from "../core/query.ts";
import { type BodyShape, parseBody } from "../core/validate.ts";
import { assertLive } from "../spaces/store.ts";
import { renderReply } from "./render.ts";
import {
  applyEdits,
  assertMayDelete,
  type CommentPlace,
  FORMATS,
  type PlaceResolver,
  REACTIONS,
  readBody,
} from "./scope.ts";
import { addReply, deleteReply, findComment, findReply } from "./store.ts";

const commentOf = (ctx: RequestContext, place: CommentPlace) =>
  findComment(ctx.state, place.scope, param(ctx, "commentId"));

function list(resolve: PlaceResolver) {
  return (ctx: RequestContext) => {
    const place = resolve(ctx);
    enumQuery(ctx.query, "format", FORMATS);
    const comment = commentOf(ctx, place);
    const url = `${place.base}/${comment.id}`;
    return ok(paginate(ctx.query, comment.replies, (reply) => renderReply(ctx, reply, url)));
  };
}

function create(resolve: PlaceResolver) {
  return (ctx: RequestContext) => {
    const place = resolve(ctx, "comment");
    assertLive(place.space);
    enumQuery(ctx.query, "format", FORMATS);
    const comment = commentOf(ctx, place);
    const body = parseBody(ctx.body, { body: { type: "any", required: true } });
    const reply = addReply(ctx.state, comment, { postedBy: ctx.user.id, markdown: readBody(body.body) });
    return created(renderReply(ctx, reply, `${place.base}/${comment.id}`));
  };
}

function get(resolve: PlaceResolver) {
  return (ctx: RequestContext) => {
    const place = resolve(ctx);
    enumQuery(ctx.query, "format", FORMATS);
    const comment = commentOf(ctx, place);
    const reply = findReply(comment, param(ctx, "commentReplyId"));
    return ok(renderReply(ctx, reply, `${place.base}/${comment.id}`));
  };
}

function update(resolve: PlaceResolver, resolves: boolean) {
  const shape: BodyShape = {
    body: { type: "any" },
    addedReactions: REACTIONS,
    removedReactions: REACTIONS,
    ...(resolves ? { resolved: { type: "boolean" } } : {}),
  };
  return (ctx: RequestContext) => {
    const place = resolve(ctx, "comment");
    const comment = commentOf(ctx, place);
    const reply = findReply(comment, param(ctx, "commentReplyId"));
    const body = parseBody(ctx.body, shape);
    applyEdits(ctx, body, reply, comment);
    return ok(renderReply(ctx, reply, `${place.base}/${comment.id}`));
  };
}

function remove(resolve: PlaceResolver) {
  return (ctx: RequestContext) => {
    const place = resolve(ctx, "comment");
    const comment = commentOf(ctx, place);
    const reply = findReply(comment, param(ctx, "commentReplyId"));
    assertMayDelete(ctx, place, reply);
    deleteReply(comment, reply);
    return noContent();
  };
}

export function replyRoutes(prefix: string, resolve: PlaceResolver, resolves: boolean): Route[] {
  return [
    { method: "GET", path: prefix, handler: list(resolve) },
    { method: "POST", path: prefix, handler: create(resolve) },
    { method: "GET", path: `${prefix}/:commentReplyId`, handler: get(resolve) },
    { method: "PUT", path: `${prefix}/:commentReplyId`, handler: update(resolve, resolves) },
    { method: "DELETE", path: `${prefix}/:commentReplyId`, handler: remove(resolve) },
  ];
}
