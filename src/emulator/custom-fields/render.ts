import { isAdmin } from "../core/access.ts";
import type { RequestContext } from "../core/context.ts";
import { iso } from "../core/render.ts";
import type { CustomFieldRecord } from "./store.ts";

/** Custom fields carry no `object` field (spec 2.15). */
export function renderCustomField(ctx: RequestContext, field: CustomFieldRecord) {
  return {
    id: field.id,
    name: field.name,
    type: field.type,
    ...(field.title !== undefined ? { title: field.title } : {}),
    ...(field.description !== undefined ? { description: field.description } : {}),
    ...(field.placeholder !== undefined ? { placeholder: field.placeholder } : {}),
    ...(field.options !== undefined ? { options: field.options } : {}),
    createdAt: iso(field.createdAt),
    updatedAt: iso(field.updatedAt),
    urls: {
      location: `${ctx.state.baseUrl}/v1/orgs/${field.organizationId}/custom-fields/${encodeURIComponent(field.name)}`,
    },
    permissions: { view: true, edit: isAdmin(ctx, field.organizationId) },
  };
}
