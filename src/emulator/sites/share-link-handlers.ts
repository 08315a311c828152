// HTTP handlers of /sites/{siteId}/share-links. A link's URL carries its secret token: whoever
// has the URL can read the site, so only the site's admins list them (the routes' access).

import { created, noContent, ok, param, type Reply, type RequestContext } from "../core/context.ts";
import { notFound } from "../core/http-error.ts";
import { paginate } from "../core/paginate.ts";
import { containsFolded } from "../core/query.ts";
import { iso } from "../core/render.ts";
import { parseBody } from "../core/validate.ts";
import { siteOf } from "./lookup.ts";
import type { ShareLinkRecord, SiteRecord } from "./model.ts";
import { newSecret } from "./secrets.ts";
import { siteUrl } from "./urls.ts";

const NAME = { type: "string", min: 0, max: 50 } as const;

function renderShareLink(ctx: RequestContext, site: SiteRecord, link: ShareLinkRecord) {
  return {
    object: "share-link",
    id: link.id,
    createdAt: iso(link.createdAt),
    name: link.name,
    active: link.active,
    urls: { published: `${siteUrl(ctx.state, site)}?share-key=${link.token}` },
  };
}

function linkOf(ctx: RequestContext, site: SiteRecord): ShareLinkRecord {
  const id = param(ctx, "shareLinkId");
  const link = site.shareLinks.find((entry) => entry.id === id);
  if (!link) throw notFound("share link", id);
  return link;
}

function listHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  const search = ctx.query.get("search");
  const links = site.shareLinks.filter((link) => search === null || containsFolded(link.name, search));
  return ok(paginate(ctx.query, links, (link) => renderShareLink(ctx, site, link)));
}

function createHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  const body = parseBody(ctx.body, { name: { ...NAME, required: true } });
  const link: ShareLinkRecord = {
    id: ctx.state.ids.next("sharelink"),
    name: body.name as string,
    active: true,
    createdAt: ctx.state.now(),
    token: newSecret(),
  };
  site.shareLinks.push(link);
  return created(renderShareLink(ctx, site, link));
}

function updateHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  const link = linkOf(ctx, site);
  const body = parseBody(ctx.body, { active: { type: "boolean" }, name: NAME }, { optionalBody: true });
  if (body.active !== undefined) link.active = body.active as boolean;
  if (body.name !== undefined) link.name = body.name as string;
  return ok(renderShareLink(ctx, site, link));
}

function deleteHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  const link = linkOf(ctx, site);
  site.shareLinks = site.shareLinks.filter((entry) => entry !== link);
  return noContent();
}

export const shareLinkHandlers = {
  list: listHandler,
  create: createHandler,
  update: updateHandler,
  delete: deleteHandler,
};
