// The Integration shape (spec 2.21). `secrets` are never part of it.

import type { RequestContext } from "../core/context.ts";
import { appUrl } from "../core/render.ts";
import type { OrganizationRecord } from "../core/state.ts";
import { renderOrganization } from "../organizations/render.ts";
import type { IntegrationRecord } from "./store.ts";

export const isAdminOf = (ctx: RequestContext, organizationId: string): boolean => {
  const member = ctx.state.organizations.get(organizationId)?.members.get(ctx.user.id);
  return member !== undefined && !member.disabled && member.role === "admin";
};

export function renderIntegration(ctx: RequestContext, integration: IntegrationRecord) {
  const owner = ctx.state.organizations.get(integration.ownerId) as OrganizationRecord;
  const location = `${ctx.state.baseUrl}/v1/integrations/${encodeURIComponent(integration.name)}`;
  const admin = isAdminOf(ctx, integration.ownerId);
  return {
    object: "integration",
    name: integration.name,
    version: integration.version,
    title: integration.title,
    description: integration.description,
    ...(integration.summary !== undefined ? { summary: integration.summary } : {}),
    previewImages: integration.previewImages.map((_, i) =>
      appUrl(`integrations/${integration.name}/preview-${i + 1}.png`),
    ),
    ...(integration.target !== undefined ? { target: integration.target } : {}),
    verified: false,
    visibility: integration.visibility,
    scopes: integration.scopes,
    categories: integration.categories,
    blocks: integration.blocks,
    contentSources: integration.contentSources,
    ...(integration.configurations !== undefined ? { configurations: integration.configurations } : {}),
    externalLinks: integration.externalLinks,
    owner: renderOrganization(ctx, owner),
    urls: {
      location,
      icon: appUrl(`integrations/${integration.name}/icon.png`),
      app: appUrl(`integrations/${integration.name}`),
      assets: `https://integrations.docs.example/v${integration.version}/${integration.name}/assets`,
      publicEndpoint: `https://integrations.docs.example/v1/integrations/${integration.name}/integration`,
    },
    // Installing needs the admin role in some organization; the caller's own is enough.
    permissions: { admin, install: [...ctx.state.organizations.keys()].some((id) => isAdminOf(ctx, id)) },
    ...(integration.contentSecurityPolicy !== undefined
      ? { contentSecurityPolicy: integration.contentSecurityPolicy }
      : {}),
  };
}
