// The `destination` of a redirect: one of four kinds, each with exactly its own keys; ids
// inside the site must name a section or site space of this site. The form and the targets are
// checked apart, because the bulk operation answers a malformed item with a 400 for the whole
// request but a missing target with an error of that item alone.

import { badRequest } from "../core/http-error.ts";
import { type BodyShape, checkField, checkNested } from "../core/validate.ts";
import { httpUrlRule } from "./checks.ts";
import { sectionField, siteSpaceField } from "./lookup.ts";
import type { RedirectDestination, SiteRecord } from "./model.ts";

const KINDS = ["site-section", "site-space", "site-page", "external"] as const;
const idRule = { type: "string", min: 1, required: true } as const;

const shapes: Record<(typeof KINDS)[number], BodyShape> = {
  "site-section": { kind: { type: "any" }, siteSectionId: idRule },
  "site-space": { kind: { type: "any" }, siteSpaceId: idRule },
  "site-page": { kind: { type: "any" }, siteSpaceId: idRule, pageId: idRule },
  external: { kind: { type: "any" }, url: { ...httpUrlRule, required: true } },
};

/** The destination's form alone (kind and keys); `field` names it in messages. */
export function destinationForm(value: unknown, field = "destination"): RedirectDestination {
  checkField(field, value, { type: "object" });
  const kind = (value as Record<string, unknown>).kind;
  if (kind === undefined) throw badRequest(`${field}.kind: required`);
  checkField(`${field}.kind`, kind, { type: "enum", values: KINDS });
  const fields = checkNested(field, value, shapes[kind as (typeof KINDS)[number]]) as Record<string, string>;
  switch (kind as (typeof KINDS)[number]) {
    case "site-section":
      return { kind: "site-section", siteSectionId: fields.siteSectionId! };
    case "site-space":
      return { kind: "site-space", siteSpaceId: fields.siteSpaceId! };
    case "site-page":
      return { kind: "site-page", siteSpaceId: fields.siteSpaceId!, pageId: fields.pageId! };
    case "external":
      return { kind: "external", url: fields.url! };
  }
}

/** Refuses (400) a destination whose section or site space is not in the site. */
export function assertDestinationInSite(site: SiteRecord, destination: RedirectDestination): void {
  if (destination.kind === "site-section") {
    sectionField(site, "destination.siteSectionId", destination.siteSectionId);
  } else if (destination.kind !== "external") {
    siteSpaceField(site, "destination.siteSpaceId", destination.siteSpaceId);
  }
}

export function parseDestination(site: SiteRecord, value: unknown): RedirectDestination {
  const destination = destinationForm(value);
  assertDestinationInSite(site, destination);
  return destination;
}
