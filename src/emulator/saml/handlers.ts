// HTTP adapter for SAML single sign-on (spec 4.16).

import { administrableOrganization, readableOrganization } from "../core/access.ts";
import { created, noContent, ok, param, type RequestContext, type Route } from "../core/context.ts";
import { paginate } from "../core/paginate.ts";
import { type BodyShape, bodyChanges, parseBody, ROLE_VALUES } from "../core/validate.ts";
import { renderSamlProvider, serviceUrls } from "./render.ts";
import {
  createProvider,
  deleteProvider,
  findProvider,
  listProviders,
  type SamlChanges,
  updateProvider,
} from "./store.ts";

const FIELDS: BodyShape = {
  label: { type: "string", min: 1, max: 30 },
  entityID: { type: "string", max: 1024, nullable: true },
  certificate: { type: "string", max: 10000, nullable: true },
  ssoURL: { type: "url", max: 2048, nullable: true },
  defaultTeam: { type: "string", min: 1, nullable: true },
  defaultRole: { type: "enum", values: ROLE_VALUES, nullable: true },
};

const CREATE: BodyShape = { ...FIELDS, label: { type: "string", min: 1, max: 30, required: true } };

/** The record keeps the default team's id under `defaultTeamId`. */
function changesOf(body: Record<string, unknown>): SamlChanges {
  const { defaultTeam, ...changes } = bodyChanges(body, ["defaultRole"]);
  return ("defaultTeam" in body ? { ...changes, defaultTeamId: defaultTeam } : changes) as SamlChanges;
}

function list(ctx: RequestContext) {
  const organization = readableOrganization(ctx, param(ctx, "organizationId"));
  return ok(
    paginate(ctx.query, listProviders(ctx.state, organization.id), (provider) =>
      renderSamlProvider(ctx, provider),
    ),
  );
}

function create(ctx: RequestContext) {
  const organization = administrableOrganization(ctx, param(ctx, "organizationId"));
  const body = parseBody(ctx.body, CREATE);
  const provider = createProvider(ctx.state, organization, {
    ...changesOf(body),
    label: body.label as string,
  });
  return created(renderSamlProvider(ctx, provider));
}

function get(ctx: RequestContext) {
  const organization = readableOrganization(ctx, param(ctx, "organizationId"));
  return ok(renderSamlProvider(ctx, findProvider(ctx.state, organization.id, param(ctx, "samlProviderId"))));
}

function update(ctx: RequestContext) {
  const organization = administrableOrganization(ctx, param(ctx, "organizationId"));
  const provider = findProvider(ctx.state, organization.id, param(ctx, "samlProviderId"));
  updateProvider(ctx.state, provider, changesOf(parseBody(ctx.body, FIELDS)));
  return ok(renderSamlProvider(ctx, provider));
}

function remove(ctx: RequestContext) {
  const organization = administrableOrganization(ctx, param(ctx, "organizationId"));
  deleteProvider(ctx.state, findProvider(ctx.state, organization.id, param(ctx, "samlProviderId")));
  return noContent();
}

/** The sign-in choices shown to users of the organization: not paged. */
function loginInfo(ctx: RequestContext) {
  const organization = readableOrganization(ctx, param(ctx, "organizationId"));
  const items = listProviders(ctx.state, organization.id).map((provider) => ({
    id: provider.id,
    label: provider.label,
    startURL: serviceUrls(provider).startURL,
  }));
  return ok({ items });
}

export const samlRoutes: Route[] = [
  { method: "GET", path: "/orgs/:organizationId/saml", handler: list },
  { method: "POST", path: "/orgs/:organizationId/saml", handler: create },
  { method: "GET", path: "/orgs/:organizationId/saml/:samlProviderId", handler: get },
  { method: "PATCH", path: "/orgs/:organizationId/saml/:samlProviderId", handler: update },
  { method: "DELETE", path: "/orgs/:organizationId/saml/:samlProviderId", handler: remove },
  { method: "GET", path: "/orgs/:organizationId/sso", handler: loginInfo },
];
