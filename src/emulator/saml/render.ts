import type { RequestContext } from "../core/context.ts";
import { appUrl, iso } from "../core/render.ts";
import { renderTeam } from "../teams/render.ts";
import { findTeam } from "../teams/store.ts";
import type { SamlProviderRecord } from "./store.ts";

/** Where the identity provider sends its assertions and users start signing in. */
export function serviceUrls(provider: SamlProviderRecord) {
  const base = appUrl(`__auth/saml/${provider.organizationId}/${provider.id}`);
  return { acsURL: `${base}/acs`, startURL: `${base}/start`, entityID: `${base}/metadata` };
}

/**
 * A provider can sign users in once it knows where to send them (`ssoURL`), who the identity
 * provider is (`entityID`) and how to check its assertions (`certificate`): until then it is
 * `pending`. Derived on every read, so it follows the fields as they are set and removed.
 */
function samlStatus(provider: SamlProviderRecord): "active" | "pending" {
  const configured =
    provider.ssoURL !== undefined && provider.entityID !== undefined && provider.certificate !== undefined;
  return configured ? "active" : "pending";
}

export function renderSamlProvider(ctx: RequestContext, provider: SamlProviderRecord) {
  const team = provider.defaultTeamId && findTeam(ctx.state, provider.organizationId, provider.defaultTeamId);
  return {
    object: "saml-provider",
    id: provider.id,
    label: provider.label,
    ...(provider.ssoURL !== undefined ? { ssoURL: provider.ssoURL } : {}),
    ...(provider.entityID !== undefined ? { entityID: provider.entityID } : {}),
    ...(provider.certificate !== undefined ? { certificate: provider.certificate } : {}),
    ...(team ? { defaultTeam: renderTeam(ctx, team) } : {}),
    defaultRole: provider.defaultRole,
    createdAt: iso(provider.createdAt),
    status: samlStatus(provider),
    service: serviceUrls(provider),
    urls: { location: `${ctx.state.baseUrl}/v1/orgs/${provider.organizationId}/saml/${provider.id}` },
  };
}
