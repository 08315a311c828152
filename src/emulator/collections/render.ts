import type { RequestContext } from "../core/context.ts";
import { appUrl } from "../core/render.ts";
import type { CollectionRecord } from "../core/state.ts";

export function renderCollection(ctx: RequestContext, collection: CollectionRecord) {
  const role = ctx.state.organizations.get(collection.organizationId)?.members.get(ctx.user.id)?.role;
  const admin = role === "admin";
  return {
    object: "collection",
    id: collection.id,
    title: collection.title,
    ...(collection.description !== undefined ? { description: collection.description } : {}),
    organization: collection.organizationId,
    ...(collection.parentId !== undefined ? { parent: collection.parentId } : {}),
    defaultLevel: collection.defaultLevel,
    urls: {
      location: `${ctx.state.baseUrl}/v1/collections/${collection.id}`,
      app: appUrl(`c/${collection.id}`),
    },
    permissions: { view: true, admin, viewInviteLinks: admin, create: admin || role === "create" },
  };
}
