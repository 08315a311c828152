// HTTP handlers of a site's customization and of its site spaces' overrides.

import { noContent, ok, type Reply, type RequestContext } from "../core/context.ts";
import {
  applyOverride,
  checkCustomization,
  clearOverride,
  overrideChanges,
  renderCustomization,
  replaceCustomization,
} from "./customization.ts";
import { siteOf, siteSpaceOf } from "./lookup.ts";

function getSiteHandler(ctx: RequestContext): Reply {
  return ok(renderCustomization(siteOf(ctx, "read")));
}

function putSiteHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  replaceCustomization(ctx.state, site, checkCustomization(ctx.body));
  return ok(renderCustomization(site));
}

function getSiteSpaceHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "read");
  return ok(renderCustomization(site, siteSpaceOf(ctx, site).siteSpace));
}

function patchSiteSpaceHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  const { siteSpace } = siteSpaceOf(ctx, site);
  applyOverride(ctx.state, siteSpace, overrideChanges(ctx.body));
  return ok(renderCustomization(site, siteSpace));
}

function deleteSiteSpaceHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  clearOverride(siteSpaceOf(ctx, site).siteSpace);
  return noContent();
}

export const customizationHandlers = {
  getSite: getSiteHandler,
  putSite: putSiteHandler,
  getSiteSpace: getSiteSpaceHandler,
  patchSiteSpace: patchSiteSpaceHandler,
  deleteSiteSpace: deleteSiteSpaceHandler,
};
