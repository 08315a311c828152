// Comments and their replies (spec 2.12, 3.4), on a space or on one of its change requests.
// A comment is `open` until PUT resolves it (`resolved`), and open again when PUT un-resolves
// it. Reactions are per user: a user reacts once with a given emoji.

import { forbidden, HttpError, notFound } from "../core/http-error.ts";
import type { EmulatorState } from "../core/state.ts";

export type Reactions = Map<string, Map<string, Date>>;

export interface ReplyRecord {
  id: string;
  postedBy: string;
  postedAt: Date;
  editedAt?: Date;
  markdown: string;
  reactions: Reactions;
}

export interface CommentRecord {
  id: string;
  spaceId: string;
  /** Absent for a comment on the space itself. */
  changeRequestId?: string;
  postedBy: string;
  postedAt: Date;
  editedAt?: Date;
  markdown: string;
  reactions: Reactions;
  status: "open" | "resolved";
  resolvedAt?: Date;
  resolvedBy?: string;
  /** The revision the comment was posted on. */
  revision: string;
  page?: { id: string; title: string; path: string };
  node?: string;
  replies: ReplyRecord[];
}

/** Where comments live: a space, or a change request of it. */
export interface CommentScope {
  spaceId: string;
  changeRequestId?: string;
}

const all = (state: EmulatorState) => state.family("comments", () => new Map<string, CommentRecord>());

const inScope = (comment: CommentRecord, scope: CommentScope): boolean =>
  comment.spaceId === scope.spaceId && comment.changeRequestId === scope.changeRequestId;

/** The scope's comments in posting order. */
export const commentsIn = (state: EmulatorState, scope: CommentScope): CommentRecord[] =>
  [...all(state).values()].filter((comment) => inScope(comment, scope));

/** The `comments` counter of a space (its own comments) or of a change request: open ones. */
export const openCommentCount = (state: EmulatorState, spaceId: string, changeRequestId?: string): number =>
  commentsIn(state, { spaceId, ...(changeRequestId ? { changeRequestId } : {}) }).filter(
    (comment) => comment.status === "open",
  ).length;

export function findComment(state: EmulatorState, scope: CommentScope, id: string): CommentRecord {
  const comment = all(state).get(id);
  if (!comment || !inScope(comment, scope)) throw notFound("comment", id);
  return comment;
}

export function findReply(comment: CommentRecord, id: string): ReplyRecord {
  const reply = comment.replies.find((r) => r.id === id);
  if (!reply) throw new HttpError(404, `reply "${id}" not found in comment "${comment.id}"`);
  return reply;
}

export type NewComment = Omit<CommentRecord, "id" | "postedAt" | "reactions" | "status" | "replies"> & {
  id?: string;
  postedAt?: Date;
};

export function addComment(state: EmulatorState, input: NewComment): CommentRecord {
  const { id, postedAt, ...rest } = input;
  const comment: CommentRecord = {
    ...rest,
    id: id ?? state.ids.fresh("comment", (taken) => all(state).has(taken)),
    postedAt: postedAt ?? state.now(),
    reactions: new Map(),
    status: "open",
    replies: [],
  };
  all(state).set(comment.id, comment);
  return comment;
}

export function addReply(
  state: EmulatorState,
  comment: CommentRecord,
  input: { id?: string; postedBy: string; markdown: string },
): ReplyRecord {
  const taken = (id: string) => [...all(state).values()].some((c) => c.replies.some((r) => r.id === id));
  const reply: ReplyRecord = {
    id: input.id ?? state.ids.fresh("reply", taken),
    postedBy: input.postedBy,
    postedAt: state.now(),
    markdown: input.markdown,
    reactions: new Map(),
  };
  comment.replies.push(reply);
  return reply;
}

export function setResolved(
  state: EmulatorState,
  comment: CommentRecord,
  resolved: boolean,
  by: string,
): void {
  if (resolved && comment.status !== "resolved") {
    Object.assign(comment, { status: "resolved", resolvedAt: state.now(), resolvedBy: by });
  } else if (!resolved) {
    comment.status = "open";
    comment.resolvedAt = undefined;
    comment.resolvedBy = undefined;
  }
}

export function react(
  state: EmulatorState,
  reactions: Reactions,
  userId: string,
  added: string[],
  removed: string[],
) {
  for (const emoji of added) {
    const users = reactions.get(emoji) ?? new Map<string, Date>();
    if (!users.has(userId)) users.set(userId, state.now());
    reactions.set(emoji, users);
  }
  for (const emoji of removed) {
    reactions.get(emoji)?.delete(userId);
    if (reactions.get(emoji)?.size === 0) reactions.delete(emoji);
  }
}

/** Only its author changes what a comment or reply says. */
export function editBody(
  state: EmulatorState,
  item: CommentRecord | ReplyRecord,
  userId: string,
  markdown: string,
) {
  if (item.postedBy !== userId) throw forbidden(`only its author may change the body of "${item.id}"`);
  item.markdown = markdown;
  item.editedAt = state.now();
}

export const deleteComment = (state: EmulatorState, comment: CommentRecord): void => {
  all(state).delete(comment.id);
};

export function deleteReply(comment: CommentRecord, reply: ReplyRecord): void {
  comment.replies = comment.replies.filter((r) => r !== reply);
}
