import { author } from "../change-requests/render.ts";
import { pageCore } from "../content/render.ts";
import { findPage, revisionOf } from "../content/store.ts";
import type { RequestContext } from "../core/context.ts";
import { iso } from "../core/render.ts";
import type { CommentRecord, Reactions, ReplyRecord } from "./store.ts";

function renderReactions(ctx: RequestContext, reactions: Reactions) {
  return [...reactions].map(([emoji, users]) => ({
    emoji,
    count: users.size,
    users: [...users].map(([userId, at]) => ({ user: author(ctx, userId), reactedAt: iso(at) })),
  }));
}

/** The page a comment is on, as it is in `revision` now; `outdated` once the page is gone. */
function renderPage(ctx: RequestContext, comment: CommentRecord, revision: string) {
  if (!comment.page) return undefined;
  const placed = findPage(revisionOf(ctx.state, revision), comment.page.id);
  if (!placed) return { ...comment.page, outdated: true };
  const { page, path } = placed;
  return { ...pageCore(page), path, outdated: false };
}

/** `base` is the URL of the comment listing the comment belongs to; `revision` its current content. */
export function renderComment(ctx: RequestContext, comment: CommentRecord, base: string, revision: string) {
  const page = renderPage(ctx, comment, revision);
  return {
    object: "comment",
    id: comment.id,
    postedBy: author(ctx, comment.postedBy),
    postedAt: iso(comment.postedAt),
    ...(comment.editedAt ? { editedAt: iso(comment.editedAt) } : {}),
    reactions: renderReactions(ctx, comment.reactions),
    replies: comment.replies.length,
    body: { markdown: comment.markdown },
    target: {
      space: comment.spaceId,
      revision: comment.revision,
      ...(comment.changeRequestId ? { changeRequest: comment.changeRequestId } : {}),
      ...(page ? { page } : {}),
      ...(comment.node ? { node: { id: comment.node, preview: "" } } : {}),
    },
    urls: { location: `${base}/${comment.id}` },
    status: comment.status,
    ...(comment.resolvedAt ? { resolvedAt: iso(comment.resolvedAt) } : {}),
    ...(comment.resolvedBy ? { resolvedBy: author(ctx, comment.resolvedBy) } : {}),
  };
}

export function renderReply(ctx: RequestContext, reply: ReplyRecord, commentUrl: string) {
  return {
    object: "comment-reply",
    id: reply.id,
    postedBy: author(ctx, reply.postedBy),
    postedAt: iso(reply.postedAt),
    ...(reply.editedAt ? { editedAt: iso(reply.editedAt) } : {}),
    reactions: renderReactions(ctx, reply.reactions),
    body: { markdown: reply.markdown },
    urls: { location: `${commentUrl}/replies/${reply.id}` },
  };
}
