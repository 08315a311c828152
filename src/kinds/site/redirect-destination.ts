// The destination of a site's redirect: what a call sends (one object per section, shared by the
// redirects that lead there), how people read it, and whether a live redirect already holds it.

import { isDeepStrictEqual } from "node:util";
import { addressOf } from "../../model/address.ts";
import type { FieldChange } from "../../model/plan.ts";
import type { ApiPath } from "../../model/references.ts";
import { childrenOf } from "../items-of.ts";
import { redirectsPath } from "../paths.ts";
import type { PlanContext } from "../types.ts";
import { sectionKind } from "./section.ts";
import type { DesiredRedirect, SiteScope } from "./site-types.ts";

/** A redirect's destination as the service holds it. */
export type LiveDestination = { kind: string; [field: string]: unknown };

/** What the calls of a site's redirects share, built once per site: a site may have 100,000 redirects. */
export interface SiteParts {
  /** The path of the site's redirects. */
  list: ApiPath;
  /** Destinations by section path: many redirects go to few sections. */
  destinations: Map<string, Record<string, unknown>>;
  /** The paths of the site's live sections by id, once a destination is shown. */
  sectionPaths?: Map<string, string>;
  /** What an item another run made must hold to be a create's result, by destination: shared
   * by the creates that lead to the same place. */
  adopts: Map<Record<string, unknown>, Record<string, unknown>>;
}

/** The parts of the site of `scope`, made once per run (its memo). */
export const partsOf = (scope: SiteScope, ctx: PlanContext): SiteParts =>
  ctx.once(scope, "redirect parts", () => ({
    list: redirectsPath(scope.organization, scope.ids.site),
    destinations: new Map(),
    adopts: new Map(),
  }));

/** The destination a call sends: one object per section, shared by the redirects that go there. */
export function destination(
  desired: DesiredRedirect,
  scope: SiteScope,
  ctx: PlanContext,
  parts = partsOf(scope, ctx),
): Record<string, unknown> {
  if (desired.destination.kind === "raw") return desired.destination.value;
  const path = desired.destination.sectionPath;
  const known = parts.destinations;
  let value = known.get(path);
  if (!value) {
    value = { kind: "site-section", siteSectionId: ctx.idOf(addressOf(scope.address, "section", path)) };
    known.set(path, value);
  }
  return value;
}

/** What a live redirect must hold to be the create's own: its destination's fields, made once per destination. */
export function adoptOf(parts: SiteParts, to: Record<string, unknown>): Record<string, unknown> {
  let adopt = parts.adopts.get(to);
  if (adopt === undefined) {
    adopt = {};
    for (const key of Object.keys(to)) adopt[`destination.${key}`] = to[key];
    parts.adopts.set(to, adopt);
  }
  return adopt;
}

/** A destination as people read it: `section "api"`, a URL; undefined when its JSON says it best. */
export function destinationText(value: Record<string, unknown>, scope: SiteScope, ctx: PlanContext) {
  if (value.kind === "external" && typeof value.url === "string") return value.url;
  if (value.kind !== "site-section" || typeof value.siteSectionId !== "string") return undefined;
  const parts = partsOf(scope, ctx);
  parts.sectionPaths ??= new Map(
    childrenOf(scope.live, sectionKind).map((node) => [node.item.id, node.item.path]),
  );
  const path = parts.sectionPaths.get(value.siteSectionId);
  return path === undefined ? undefined : `section ${JSON.stringify(path)}`;
}

/** The change of a destination, with how people read both sides. */
export function destinationChange(
  desired: DesiredRedirect,
  wanted: Record<string, unknown>,
  live: LiveDestination | undefined,
  scope: SiteScope,
  ctx: PlanContext,
): FieldChange {
  const change: FieldChange = live
    ? { field: "destination", from: live, to: wanted }
    : { field: "destination", to: wanted };
  change.main = true;
  const fromText = live && destinationText(live, scope, ctx);
  if (fromText !== undefined) change.fromText = fromText;
  const toText =
    desired.destination.kind === "site-section"
      ? `section ${JSON.stringify(desired.destination.sectionPath)}`
      : destinationText(wanted, scope, ctx);
  if (toText !== undefined) change.toText = toText;
  return change;
}

/** Whether the live destination holds every key the configuration sets (the API may add others). */
export function holdsDestination(
  wanted: Record<string, unknown>,
  live: LiveDestination | undefined,
): boolean {
  if (!live) return false;
  for (const key in wanted) {
    const value = wanted[key];
    const have = live[key];
    if (value !== have && (typeof value !== "object" || !isDeepStrictEqual(value, have))) return false;
  }
  return true;
}

/** The fields of each destination kind the configuration format knows. */
const DESTINATION_FIELDS: Record<string, readonly string[]> = {
  "site-section": ["siteSectionId"],
  "site-space": ["siteSpaceId"],
  "site-page": ["siteSpaceId", "pageId"],
  external: ["url"],
};

/** A live destination in the configuration's raw form: a known kind with its own fields only. */
export function rawDestination(live: LiveDestination): Record<string, unknown> {
  const fields = DESTINATION_FIELDS[live.kind];
  if (!fields) return { ...live };
  const raw: Record<string, unknown> = { kind: live.kind };
  for (const field of fields) if (live[field] !== undefined) raw[field] = live[field];
  return raw;
}
