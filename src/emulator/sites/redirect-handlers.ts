// HTTP handlers of /sites/{siteId}/redirects and the lookup /sites/{siteId}/redirect.

import { created, noContent, ok, type Reply, type RequestContext } from "../core/context.ts";
import { badRequest, notFound } from "../core/http-error.ts";
import { jsonText } from "../core/json-text.ts";
import { paginate } from "../core/paginate.ts";
import { type BodyShape, checkField, type FieldRule, parseBody } from "../core/validate.ts";
import { parseDestination } from "./destination.ts";
import { redirectOf, siteOf } from "./lookup.ts";
import { SOURCE_MAX, SOURCE_PATTERN, SOURCE_PATTERN_TEXT } from "./paths.ts";
import { createRedirect, deleteRedirect, findRedirectBySource, updateRedirect } from "./redirect-store.ts";
import { renderRedirect } from "./render.ts";
import { redirectTarget } from "./urls.ts";

const sourceRule: FieldRule = {
  type: "string",
  min: 1,
  max: SOURCE_MAX,
  pattern: SOURCE_PATTERN,
  patternText: SOURCE_PATTERN_TEXT,
};

const createShape: BodyShape = {
  source: { ...sourceRule, required: true },
  destination: { type: "object", required: true },
};

const updateShape: BodyShape = {
  source: sourceRule,
  destination: { type: "object" },
};

function listHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "read");
  return ok(jsonText(paginate(ctx.query, site.redirects, (redirect) => renderRedirect(ctx.state, redirect))));
}

function createHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  const body = parseBody(ctx.body, createShape);
  const destination = parseDestination(site, body.destination);
  return created(
    renderRedirect(ctx.state, createRedirect(ctx.state, site, body.source as string, destination)),
  );
}

function updateHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  const redirect = redirectOf(ctx, site);
  const body = parseBody(ctx.body, updateShape, { optionalBody: true });
  updateRedirect(site, redirect, {
    source: body.source as string | undefined,
    destination: body.destination === undefined ? undefined : parseDestination(site, body.destination),
  });
  return ok(renderRedirect(ctx.state, redirect));
}

function deleteHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  deleteRedirect(site, redirectOf(ctx, site));
  return noContent();
}

/** `shareKey` is accepted and not checked, as for the published site. */
function lookupHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "read");
  const source = ctx.query.get("source");
  if (source === null) throw badRequest("source: required");
  checkField("source", source, sourceRule);
  const redirect = findRedirectBySource(site, source);
  if (!redirect) throw notFound("site redirect with source", source);
  return ok(
    jsonText({
      redirect: renderRedirect(ctx.state, redirect),
      target: redirectTarget(ctx.state, site, redirect.destination),
    }),
  );
}

export const redirectHandlers = {
  list: listHandler,
  create: createHandler,
  update: updateHandler,
  delete: deleteHandler,
  lookup: lookupHandler,
};
