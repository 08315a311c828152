// The service's bulk redirect operation (service facts; not in the spec):
// PUT /orgs/{organizationId}/sites/{siteId}/redirects with {redirects: [...]}, 1 to 500 items.
// The request as a whole is checked first (400 naming the item's index for a malformed item);
// then each item is applied on its own, in order, against the site as the earlier items left
// it, so that one item's error (a missing target, a source already used in this request) does
// not stop the others, and a release earlier in the list frees a source for a later claim.

import { ok, type Reply, type RequestContext } from "../core/context.ts";
import { badRequest, HttpError } from "../core/http-error.ts";
import type { EmulatorState } from "../core/state.ts";
import { type BodyShape, checkNested, parseBody } from "../core/validate.ts";
import { assertDestinationInSite, destinationForm } from "./destination.ts";
import { siteOf } from "./lookup.ts";
import type { RedirectBehaviour, RedirectDestination, SiteRecord } from "./model.ts";
import { SOURCE_MAX, SOURCE_PATTERN, SOURCE_PATTERN_TEXT } from "./paths.ts";
import { createRedirect, deleteRedirect, findRedirectBySource, updateRedirect } from "./redirect-store.ts";

export const BULK_MAX = 500;

const itemShape: BodyShape = {
  source: {
    type: "string",
    min: 1,
    max: SOURCE_MAX,
    pattern: SOURCE_PATTERN,
    patternText: SOURCE_PATTERN_TEXT,
    required: true,
  },
  destination: { type: "any", required: true },
  permanent: { type: "boolean" },
  captureWildcard: { type: "boolean" },
};

interface BulkItem extends Partial<RedirectBehaviour> {
  source: string;
  /** null deletes the redirect at the source. */
  destination: RedirectDestination | null;
}

/** The emulator has no draft redirects: every change is live, so `draft` is always false. */
type BulkResult =
  | { status: "created" | "updated"; source: string; id: string; draft: false }
  | { status: "deleted"; source: string; draft: false }
  | { status: "error"; source: string; draft: false; error: string };

function parseItems(body: unknown): BulkItem[] {
  const { redirects } = parseBody(body, { redirects: { type: "any", required: true } });
  if (!Array.isArray(redirects)) throw badRequest("redirects: must be an array of redirects");
  if (redirects.length === 0) throw badRequest("redirects: must have at least 1 item");
  if (redirects.length > BULK_MAX) {
    throw badRequest(`redirects: must have at most ${BULK_MAX} items, got ${redirects.length}`);
  }
  return redirects.map((value, index) => {
    const field = `redirects[${index}]`;
    const item = checkNested(field, value, itemShape);
    const destination =
      item.destination === null ? null : destinationForm(item.destination, `${field}.destination`);
    return {
      source: item.source as string,
      destination,
      ...(item.permanent !== undefined ? { permanent: item.permanent as boolean } : {}),
      ...(item.captureWildcard !== undefined ? { captureWildcard: item.captureWildcard as boolean } : {}),
    };
  });
}

/**
 * A new redirect is temporary and captures nothing unless the item says otherwise; an item that
 * changes a redirect keeps what it does not give.
 */
function applyItem(state: EmulatorState, site: SiteRecord, item: BulkItem): BulkResult {
  const { source, destination, ...behaviour } = item;
  const existing = findRedirectBySource(site, source);
  if (destination === null) {
    if (!existing) throw badRequest(`source: site "${site.id}" has no redirect from "${source}"`);
    deleteRedirect(site, existing);
    return { status: "deleted", source, draft: false };
  }
  assertDestinationInSite(site, destination);
  if (existing) {
    updateRedirect(site, existing, { destination, ...behaviour });
    return { status: "updated", source, id: existing.id, draft: false };
  }
  const redirect = createRedirect(state, site, source, destination, behaviour);
  return { status: "created", source, id: redirect.id, draft: false };
}

export function bulkRedirectsHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  const items = parseItems(ctx.body);
  // Index of the first item of each source: a later item with the same source is an error of
  // its own, so that the request's meaning does not depend on which of the two "wins".
  const firstIndex = new Map<string, number>();
  const results = items.map((item, index): BulkResult => {
    const earlier = firstIndex.get(item.source);
    if (earlier !== undefined) {
      return {
        status: "error",
        source: item.source,
        draft: false,
        error: `source: "${item.source}" is also the source of item ${earlier} of this request`,
      };
    }
    firstIndex.set(item.source, index);
    try {
      return applyItem(ctx.state, site, item);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return { status: "error", source: item.source, draft: false, error: error.message };
    }
  });
  return ok({ results });
}
