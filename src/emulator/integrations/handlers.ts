// HTTP adapter for integrations (spec 4.19). The listing shows public integrations to every
// caller; one integration reads for anyone when public or unlisted, and only for members of
// its owner when private. Publishing and unpublishing need the admin role in the owner.

import { administrableOrganization } from "../core/access.ts";
import { created, noContent, ok, param, type RequestContext, type Route } from "../core/context.ts";
import { badRequest, forbidden } from "../core/http-error.ts";
import { paginate } from "../core/paginate.ts";
import { booleanQuery, containsFolded, enumQuery, stringQuery } from "../core/query.ts";
import { CATEGORIES, NAME, parsePublishBody } from "./body.ts";
import { isAdminOf, renderIntegration } from "./render.ts";
import { findIntegration, type IntegrationRecord, listIntegrations, publish, unpublish } from "./store.ts";

function nameOf(ctx: RequestContext): string {
  const name = param(ctx, "integrationName");
  if (name.length > 100 || !NAME.test(name)) {
    throw badRequest(`integrationName: must be at most 100 characters matching ${NAME.source}`);
  }
  return name;
}

function canSee(ctx: RequestContext) {
  return (integration: IntegrationRecord) => {
    if (integration.visibility !== "private") return true;
    const member = ctx.state.organizations.get(integration.ownerId)?.members.get(ctx.user.id);
    return member !== undefined && !member.disabled;
  };
}

const hostOf = (url: unknown): string | undefined =>
  typeof url === "string" && URL.canParse(url) ? new URL(url).hostname : undefined;

function hasBlockDomain(integration: IntegrationRecord, domain: string): boolean {
  const wanted = domain.toLowerCase();
  return integration.blocks.some((block) =>
    ((block.urlUnfurl as string[] | undefined) ?? []).some((url) => {
      const host = hostOf(url) ?? url.toLowerCase();
      return host === wanted || host.endsWith(`.${wanted}`);
    }),
  );
}

function list(ctx: RequestContext) {
  const search = stringQuery(ctx.query, "search");
  const category = enumQuery(ctx.query, "category", CATEGORIES);
  const blockDomain = stringQuery(ctx.query, "blockDomain", { max: 100 });
  if (blockDomain !== undefined && !NAME.test(blockDomain))
    throw badRequest(`blockDomain: must match ${NAME.source}`);
  const blocks = ctx.query.has("blocks") ? booleanQuery(ctx.query, "blocks", false) : undefined;
  const sources = ctx.query.has("contentSources")
    ? booleanQuery(ctx.query, "contentSources", false)
    : undefined;
  const owner = stringQuery(ctx.query, "owner");
  const found = listIntegrations(ctx.state).filter(
    (i) =>
      i.visibility === "public" &&
      (search === undefined || containsFolded(i.name, search) || containsFolded(i.title, search)) &&
      (category === undefined || i.categories.includes(category)) &&
      (blockDomain === undefined || hasBlockDomain(i, blockDomain)) &&
      (blocks === undefined || i.blocks.length > 0 === blocks) &&
      (sources === undefined || i.contentSources.length > 0 === sources) &&
      (owner === undefined || i.ownerId === owner),
  );
  return ok(paginate(ctx.query, found, (integration) => renderIntegration(ctx, integration)));
}

function get(ctx: RequestContext) {
  return ok(renderIntegration(ctx, findIntegration(ctx.state, nameOf(ctx), canSee(ctx))));
}

/** The publishing organization, by id or by hostname (its subdomain). */
function ownerOf(ctx: RequestContext, ref: string) {
  const byHostname = [...ctx.state.organizations.values()].find((o) => o.hostname === ref);
  return administrableOrganization(ctx, ctx.state.organizations.has(ref) ? ref : (byHostname?.id ?? ref));
}

function publishOne(ctx: RequestContext) {
  const name = nameOf(ctx);
  const { organization, input } = parsePublishBody(ctx.body);
  const owner = ownerOf(ctx, organization);
  const { integration, created: isNew } = publish(ctx.state, { ...input, name, ownerId: owner.id });
  const rendered = renderIntegration(ctx, integration);
  return isNew ? created(rendered) : ok(rendered);
}

function unpublishOne(ctx: RequestContext) {
  const integration = findIntegration(ctx.state, nameOf(ctx), canSee(ctx));
  if (!isAdminOf(ctx, integration.ownerId)) {
    throw forbidden(
      `unpublishing integration "${integration.name}" needs the admin role in its organization`,
    );
  }
  unpublish(ctx.state, integration);
  return noContent();
}

export const integrationRoutes: Route[] = [
  { method: "GET", path: "/integrations", handler: list },
  { method: "GET", path: "/integrations/:integrationName", handler: get },
  { method: "POST", path: "/integrations/:integrationName", handler: publishOne },
  { method: "DELETE", path: "/integrations/:integrationName", handler: unpublishOne },
];
