// HTTP handlers of a site's audience: publishing it (with the checkout the service answers when
// the plan requires payment), and the authentication of its visitors (`publishing/auth`).

import { ok, type Reply, type RequestContext } from "../core/context.ts";
import { badRequest } from "../core/http-error.ts";
import { type BodyShape, parseBody } from "../core/validate.ts";
import { httpUrlRule } from "./checks.ts";
import { siteOf } from "./lookup.ts";
import type { PublishingAuthRecord, SiteRecord } from "./model.ts";
import { applyOptional } from "./nullable.ts";
import { renderSite } from "./render.ts";

/**
 * The emulator's rule for a plan that requires payment: a site of a paid type (premium,
 * ultimate) in an organization on the `free` plan. Publishing it answers a checkout session and
 * leaves it unpublished.
 */
function needsPayment(ctx: RequestContext, site: SiteRecord): boolean {
  const plan = ctx.state.organizations.get(site.organizationId)?.plan;
  return plan === "free" && (site.type === "premium" || site.type === "ultimate");
}

function publishHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  if (needsPayment(ctx, site)) {
    return ok({ type: "checkout", sessionId: ctx.state.ids.next("cs") });
  }
  site.published = true;
  return ok(renderSite(ctx, site));
}

function unpublishHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  site.published = false;
  return ok(renderSite(ctx, site));
}

/** SitePublishingAuth; `privateKey` is a secret, shown to the site's admins only (the routes' access). */
function renderAuth(auth: PublishingAuthRecord) {
  return {
    object: "publishing-auth",
    backend: auth.backend,
    privateKey: auth.privateKey,
    ...(auth.fallbackURL !== undefined ? { fallbackURL: auth.fallbackURL } : {}),
    ...(auth.logoutURL !== undefined ? { logoutURL: auth.logoutURL } : {}),
    ...(auth.integration !== undefined ? { integration: auth.integration } : {}),
  };
}

const authShape: BodyShape = {
  backend: { type: "enum", values: ["custom", "integration"], required: true },
  // The published VisitorAuth names the integration of the integration backend.
  integration: { type: "string", min: 1 },
  fallbackURL: { ...httpUrlRule, nullable: true },
  logoutURL: { ...httpUrlRule, nullable: true },
};

/** Reading the key that signs visitors' tokens needs the admin role, as changing it does. */
function getAuthHandler(ctx: RequestContext): Reply {
  return ok(renderAuth(siteOf(ctx, "write").publishingAuth));
}

function patchAuthHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  const body = parseBody(ctx.body, authShape);
  const backend = body.backend as PublishingAuthRecord["backend"];
  if (body.integration !== undefined && backend !== "integration") {
    throw badRequest("integration: only with backend integration");
  }
  const auth = site.publishingAuth;
  auth.backend = backend;
  if (backend === "integration") applyOptional(auth, "integration", body.integration as string | undefined);
  else delete auth.integration;
  applyOptional(auth, "fallbackURL", body.fallbackURL as string | null | undefined);
  applyOptional(auth, "logoutURL", body.logoutURL as string | null | undefined);
  return ok(renderAuth(auth));
}

export const audienceHandlers = {
  publish: publishHandler,
  unpublish: unpublishHandler,
  getAuth: getAuthHandler,
  patchAuth: patchAuthHandler,
};
