import { openCommentCount } from "../comments/store.ts";
import type { RequestContext } from "../core/context.ts";
import { appUrl, iso, renderUser } from "../core/render.ts";
import type { SpaceRecord, UserRecord } from "../core/state.ts";
import { type ChangeRequestRecord, isOutdated } from "./store.ts";

/** A user who has left keeps appearing as the author under its id. */
function author(ctx: RequestContext, userId: string) {
  const user: UserRecord = ctx.state.users.get(userId) ?? {
    id: userId,
    displayName: userId,
    email: "",
    photoURL: appUrl(`avatars/${userId}.png`),
  };
  return renderUser(ctx.state, user);
}

export function renderChangeRequest(ctx: RequestContext, space: SpaceRecord, cr: ChangeRequestRecord) {
  return {
    object: "change-request",
    id: cr.id,
    number: cr.number,
    status: cr.status,
    subject: cr.subject,
    createdBy: author(ctx, cr.createdBy),
    createdAt: iso(cr.createdAt),
    updatedAt: iso(cr.updatedAt),
    revision: cr.revision,
    revisionInitial: cr.revisionInitial,
    ...(cr.revisionMergedAncestor ? { revisionMergedAncestor: cr.revisionMergedAncestor } : {}),
    ...(cr.revisionMerged ? { revisionMerged: cr.revisionMerged } : {}),
    comments: openCommentCount(ctx.state, space.id, cr.id),
    outdated: isOutdated(cr, space),
    urls: {
      app: appUrl(`s/${space.id}/~/changes/${cr.number}`),
      location: `${ctx.state.baseUrl}/v1/spaces/${space.id}/change-requests/${cr.id}`,
    },
  };
}

export { author };
