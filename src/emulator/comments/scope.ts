// Where a comment request points: a space's own comments (spec 4.4) or a change request's
// (4.5). Both families of routes share their handlers; only this resolution differs.

import { findChangeRequest } from "../change-requests/store.ts";
import { readableSpace, spaceWithRole } from "../core/access.ts";
import { param, type RequestContext } from "../core/context.ts";
import { forbidden } from "../core/http-error.ts";
import { atLeast, effectiveRole } from "../core/space-roles.ts";
import type { Role, SpaceRecord } from "../core/state.ts";
import { checkNested } from "../core/validate.ts";
import {
  type CommentRecord,
  type CommentScope,
  editBody,
  type ReplyRecord,
  react,
  setResolved,
} from "./store.ts";

export interface CommentPlace {
  space: SpaceRecord;
  scope: CommentScope;
  /** The content comments are read against: the space's revision or the change request's. */
  revision: string;
  /** URL of the comment listing, for `urls.location`. */
  base: string;
}

/** Resolves the place; with `needed`, the caller must hold at least that role on the space. */
export type PlaceResolver = (ctx: RequestContext, needed?: Role) => CommentPlace;

const spaceOf = (ctx: RequestContext, needed?: Role) =>
  needed ? spaceWithRole(ctx, param(ctx, "spaceId"), needed) : readableSpace(ctx, param(ctx, "spaceId"));

export const spacePlace: PlaceResolver = (ctx, needed) => {
  const space = spaceOf(ctx, needed);
  return {
    space,
    scope: { spaceId: space.id },
    revision: space.revision,
    base: `${ctx.state.baseUrl}/v1/spaces/${space.id}/comments`,
  };
};

export const changeRequestPlace: PlaceResolver = (ctx, needed) => {
  const space = spaceOf(ctx, needed);
  const cr = findChangeRequest(ctx.state, space, param(ctx, "changeRequestId"));
  return {
    space,
    scope: { spaceId: space.id, changeRequestId: cr.id },
    revision: cr.revision,
    base: `${ctx.state.baseUrl}/v1/spaces/${space.id}/change-requests/${cr.id}/comments`,
  };
};

/** Values of the `format` query; the body is always answered as `{markdown}`. */
export const FORMATS = ["markdown", "document"] as const;

/** The body form of comments and replies: `{markdown}`, 1 to 20000 characters. */
export const readBody = (value: unknown): string =>
  checkNested("body", value, { markdown: { type: "string", min: 1, max: 20_000, required: true } })
    .markdown as string;

export const REACTIONS = { type: "string[]", itemMax: 50 } as const;

/** A comment or reply is deleted by its author or by an admin of the space. */
export function assertMayDelete(
  ctx: RequestContext,
  place: CommentPlace,
  item: { id: string; postedBy: string },
) {
  if (item.postedBy === ctx.user.id) return;
  if (atLeast(effectiveRole(ctx.state, place.space, ctx.user.id), "admin")) return;
  throw forbidden(`only its author or an admin of space "${place.space.id}" may delete "${item.id}"`);
}

/**
 * The edits of a PUT on a comment or a reply (`item`): its body and its reactions, and the
 * resolution of its comment when the body gives one.
 */
export function applyEdits(
  ctx: RequestContext,
  body: Record<string, unknown>,
  item: CommentRecord | ReplyRecord,
  comment: CommentRecord,
): void {
  const markdown = body.body === undefined ? undefined : readBody(body.body);
  if (markdown !== undefined) editBody(ctx.state, item, ctx.user.id, markdown);
  if (body.resolved !== undefined) setResolved(ctx.state, comment, body.resolved as boolean, ctx.user.id);
  react(
    ctx.state,
    item.reactions,
    ctx.user.id,
    (body.addedReactions as string[] | undefined) ?? [],
    (body.removedReactions as string[] | undefined) ?? [],
  );
}
