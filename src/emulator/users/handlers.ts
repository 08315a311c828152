// HTTP adapter for users: the user an API token belongs to (`GET /user`), and one user by id
// (`GET /users/{userId}`, where every embedded User's `urls.location` points). The spec lists
// neither; the service's published reference has both. A client needs the first to know which
// member it acts as, e.g. so that it never takes away its own admin access.

import { ok, param, type RequestContext, type Route } from "../core/context.ts";
import { notFound } from "../core/http-error.ts";
import { renderUser } from "../core/render.ts";

function current(ctx: RequestContext) {
  return ok(renderUser(ctx.state, ctx.user));
}

/** Whether the two users are active members of one organization. */
function shareAnOrganization(ctx: RequestContext, userId: string): boolean {
  const active = (organizationId: string, id: string) => {
    const member = ctx.state.organizations.get(organizationId)?.members.get(id);
    return member !== undefined && !member.disabled;
  };
  return [...ctx.state.organizations.keys()].some((id) => active(id, ctx.user.id) && active(id, userId));
}

/** Users the caller shares no organization with answer 404, as ids of other organizations do. */
function byId(ctx: RequestContext) {
  const userId = param(ctx, "userId");
  const user = ctx.state.users.get(userId);
  if (!user || (userId !== ctx.user.id && !shareAnOrganization(ctx, userId))) throw notFound("user", userId);
  return ok(renderUser(ctx.state, user));
}

export const userRoutes: Route[] = [
  { method: "GET", path: "/user", handler: current },
  { method: "GET", path: "/users/:userId", handler: byId },
];
