// HTTP adapter for OpenAPI specs (spec 4.17). PUT creates or replaces by slug.

import { administrableOrganization, readableOrganization } from "../core/access.ts";
import { created, noContent, ok, param, type RequestContext, type Route } from "../core/context.ts";
import { badRequest } from "../core/http-error.ts";
import { paginate } from "../core/paginate.ts";
import { checkField, parseBody } from "../core/validate.ts";
import { renderOpenApiSpec } from "./render.ts";
import {
  createSpec,
  deleteSpec,
  findSpec,
  getSpec,
  listSpecs,
  type OpenApiSource,
  updateSpec,
} from "./store.ts";

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function checkSlug(slug: unknown): string {
  checkField("slug", slug, { type: "string", min: 1, max: 100, pattern: SLUG });
  return slug as string;
}

/** `source` is `{url}` or `{text}`, exactly one key. */
function parseSource(value: unknown): OpenApiSource {
  checkField("source", value, { type: "object" });
  const source = value as Record<string, unknown>;
  const keys = Object.keys(source);
  if (keys.length !== 1 || (keys[0] !== "url" && keys[0] !== "text")) {
    throw badRequest('source: must be {"url": "<URL of the document>"} or {"text": "<the document>"}');
  }
  if ("url" in source) {
    checkField("source.url", source.url, { type: "url", max: 2048 });
    return { url: source.url as string };
  }
  checkField("source.text", source.text, { type: "string", min: 1 });
  return { text: source.text as string };
}

function list(ctx: RequestContext) {
  const organization = readableOrganization(ctx, param(ctx, "organizationId"));
  return ok(
    paginate(ctx.query, listSpecs(ctx.state, organization.id), (spec) => renderOpenApiSpec(ctx, spec)),
  );
}

function create(ctx: RequestContext) {
  const organization = administrableOrganization(ctx, param(ctx, "organizationId"));
  const body = parseBody(ctx.body, {
    slug: { type: "any", required: true },
    source: { type: "any", required: true },
  });
  const spec = createSpec(ctx.state, organization, checkSlug(body.slug), parseSource(body.source));
  return created(renderOpenApiSpec(ctx, spec));
}

function get(ctx: RequestContext) {
  const organization = readableOrganization(ctx, param(ctx, "organizationId"));
  return ok(renderOpenApiSpec(ctx, getSpec(ctx.state, organization.id, param(ctx, "specSlug"))));
}

function put(ctx: RequestContext) {
  const organization = administrableOrganization(ctx, param(ctx, "organizationId"));
  const slug = param(ctx, "specSlug");
  const body = parseBody(ctx.body, { source: { type: "any", required: true } });
  const source = parseSource(body.source);
  const existing = findSpec(ctx.state, organization.id, slug);
  if (existing) {
    updateSpec(ctx.state, existing, source);
    return ok(renderOpenApiSpec(ctx, existing));
  }
  return created(renderOpenApiSpec(ctx, createSpec(ctx.state, organization, checkSlug(slug), source)));
}

function remove(ctx: RequestContext) {
  const organization = administrableOrganization(ctx, param(ctx, "organizationId"));
  deleteSpec(ctx.state, getSpec(ctx.state, organization.id, param(ctx, "specSlug")));
  return noContent();
}

export const openApiRoutes: Route[] = [
  { method: "GET", path: "/orgs/:organizationId/openapi", handler: list },
  { method: "POST", path: "/orgs/:organizationId/openapi", handler: create },
  { method: "GET", path: "/orgs/:organizationId/openapi/:specSlug", handler: get },
  { method: "PUT", path: "/orgs/:organizationId/openapi/:specSlug", handler: put },
  { method: "DELETE", path: "/orgs/:organizationId/openapi/:specSlug", handler: remove },
];
