// HTTP adapter for organization link invites (spec 4.14). PATCH takes the `{role}` form; the
// content-invite level form is not shown by the spec and is not accepted.

import { administrableOrganization, readableOrganization } from "../core/access.ts";
import { noContent, ok, param, type RequestContext, type Route } from "../core/context.ts";
import type { Role } from "../core/state.ts";
import { parseBody, ROLE_VALUES } from "../core/validate.ts";
import { deleteInvite, findInvite, type LinkInviteRecord } from "./store.ts";

const render = (invite: LinkInviteRecord) => ({ object: "invite", id: invite.id, role: invite.role });

function get(ctx: RequestContext) {
  const organization = readableOrganization(ctx, param(ctx, "organizationId"));
  return ok(render(findInvite(ctx.state, organization.id, param(ctx, "inviteId"))));
}

function update(ctx: RequestContext) {
  const organization = administrableOrganization(ctx, param(ctx, "organizationId"));
  const invite = findInvite(ctx.state, organization.id, param(ctx, "inviteId"));
  const body = parseBody(ctx.body, { role: { type: "enum", values: ROLE_VALUES, required: true } });
  invite.role = body.role as Role;
  return ok(render(invite));
}

function remove(ctx: RequestContext) {
  const organization = administrableOrganization(ctx, param(ctx, "organizationId"));
  deleteInvite(ctx.state, findInvite(ctx.state, organization.id, param(ctx, "inviteId")));
  return noContent();
}

export const linkInviteRoutes: Route[] = [
  { method: "GET", path: "/orgs/:organizationId/link-invites/:inviteId", handler: get },
  { method: "PATCH", path: "/orgs/:organizationId/link-invites/:inviteId", handler: update },
  { method: "DELETE", path: "/orgs/:organizationId/link-invites/:inviteId", handler: remove },
];
