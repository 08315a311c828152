// The `destination` of a redirect: one of four kinds, each with exactly its own keys; ids
// inside the site must name a section or site space of this site.

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

export function parseDestination(site: SiteRecord, value: unknown): RedirectDestination {
  checkField("destination", value, { type: "object" });
  const kind = (value as Record<string, unknown>).kind;
  if (kind === undefined) throw badRequest("destination.kind: required");
  checkField("destination.kind", kind, { type: "enum", values: KINDS });
  const fields = checkNested("destination", value, shapes[kind as (typeof KINDS)[number]]) as Record<
    string,
    string
  >;
  switch (kind as (typeof KINDS)[number]) {
    case "site-section":
      sectionField(site, "destination.siteSectionId", fields.siteSectionId!);
      return { kind: "site-section", siteSectionId: fields.siteSectionId! };
    case "site-space":
      siteSpaceField(site, "destination.siteSpaceId", fields.siteSpaceId!);
      return { kind: "site-space", siteSpaceId: fields.siteSpaceId! };
    case "site-page":
      siteSpaceField(site, "destination.siteSpaceId", fields.siteSpaceId!);
      return { kind: "site-page", siteSpaceId: fields.siteSpaceId!, pageId: fields.pageId! };
    case "external":
      return { kind: "external", url: fields.url! };
  }
}
