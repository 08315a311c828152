// Redirects of a site: sources are unique within the site, and every destination inside the
// site names a live section or site space, so a lookup can always compute its target.

import { conflict } from "../core/http-error.ts";
import type { EmulatorState } from "../core/state.ts";
import type { RedirectBehaviour, RedirectDestination, RedirectRecord, SiteRecord } from "./model.ts";

export function findRedirectBySource(site: SiteRecord, source: string): RedirectRecord | undefined {
  return site.redirects.find((redirect) => redirect.source === source);
}

function assertSourceFree(site: SiteRecord, source: string): void {
  if (findRedirectBySource(site, source)) {
    throw conflict(`source: site "${site.id}" already has a redirect from "${source}"`);
  }
}

export function createRedirect(
  state: EmulatorState,
  site: SiteRecord,
  source: string,
  destination: RedirectDestination,
  behaviour: Partial<RedirectBehaviour> = {},
): RedirectRecord {
  assertSourceFree(site, source);
  const redirect: RedirectRecord = {
    id: state.ids.next("siteredir"),
    source,
    destination,
    permanent: behaviour.permanent ?? false,
    captureWildcard: behaviour.captureWildcard ?? false,
    createdAt: state.now(),
  };
  site.redirects.push(redirect);
  return redirect;
}

export function updateRedirect(
  site: SiteRecord,
  redirect: RedirectRecord,
  changes: { source?: string; destination?: RedirectDestination } & Partial<RedirectBehaviour>,
): void {
  if (changes.source !== undefined && changes.source !== redirect.source) {
    assertSourceFree(site, changes.source);
  }
  if (changes.source !== undefined) redirect.source = changes.source;
  if (changes.destination !== undefined) redirect.destination = changes.destination;
  if (changes.permanent !== undefined) redirect.permanent = changes.permanent;
  if (changes.captureWildcard !== undefined) redirect.captureWildcard = changes.captureWildcard;
}

export function deleteRedirect(site: SiteRecord, redirect: RedirectRecord): void {
  site.redirects = site.redirects.filter((entry) => entry.id !== redirect.id);
}

/** The site spaces a destination points into (a page destination points into its site space). */
function siteSpaceOf(destination: RedirectDestination): string | undefined {
  return destination.kind === "site-space" || destination.kind === "site-page"
    ? destination.siteSpaceId
    : undefined;
}

/**
 * Refuses to delete a section or site space that redirects lead to (409), rather than leave
 * redirects with no target: the caller changes or deletes the redirects first.
 */
export function assertNotRedirectTarget(
  site: SiteRecord,
  what: string,
  target: { sectionId?: string; siteSpaceIds: readonly string[] },
): void {
  const siteSpaceIds = new Set(target.siteSpaceIds);
  const blocking = site.redirects.filter(({ destination }) => {
    if (destination.kind === "site-section") return destination.siteSectionId === target.sectionId;
    const siteSpaceId = siteSpaceOf(destination);
    return siteSpaceId !== undefined && siteSpaceIds.has(siteSpaceId);
  });
  const first = blocking[0];
  if (first) {
    const count = blocking.length === 1 ? "1 redirect" : `${blocking.length} redirects`;
    throw conflict(
      `${what} is the destination of ${count} (first source: "${first.source}"): change or delete them first`,
    );
  }
}
