// HTTP handlers of /sites/{siteId}/external-links: entries of a navigation of sections that
// lead out of the site, at the root or in a section group (`parent`), never in a section.

import { created, noContent, ok, param, type Reply, type RequestContext } from "../core/context.ts";
import { badRequest, notFound } from "../core/http-error.ts";
import { type BodyShape, parseBody } from "../core/validate.ts";
import { httpUrlRule } from "./checks.ts";
import { groupField, siteOf } from "./lookup.ts";
import type { ExternalLinkRecord, SiteRecord } from "./model.ts";
import { applyOptional } from "./nullable.ts";
import { renderExternalLink } from "./render.ts";
import { clean, type Spec } from "./schema.ts";

const localized = (max: number): Spec => ({ type: "map", values: { type: "string", max } });

const fields = {
  title: { type: "string", min: 2, max: 128 },
  localizedTitle: { type: "any" },
  description: { type: "string", min: 0, max: 256, nullable: true },
  localizedDescription: { type: "any" },
  icon: { type: "string", max: 50, nullable: true },
  url: httpUrlRule,
  parent: { type: "string", min: 1 },
  draft: { type: "boolean" },
  condition: { type: "string", min: 0, max: 1024, nullable: true },
} as const satisfies BodyShape;

const createShape: BodyShape = {
  ...fields,
  title: { ...fields.title, required: true },
  url: { ...fields.url, required: true },
};
const updateShape: BodyShape = {
  ...fields,
  parent: { ...fields.parent, nullable: true },
};

type Changes = Partial<Record<keyof typeof fields, unknown>>;

/** The localized texts: mappings of a language to a text; null removes them on an update. */
function checkLocalized(body: Changes): void {
  if (body.localizedTitle !== undefined && body.localizedTitle !== null) {
    clean("localizedTitle", body.localizedTitle, localized(128));
  }
  if (body.localizedDescription !== undefined && body.localizedDescription !== null) {
    clean("localizedDescription", body.localizedDescription, localized(256));
  }
}

function applyChanges(site: SiteRecord, link: ExternalLinkRecord, body: Changes): void {
  if (typeof body.parent === "string") link.groupId = groupField(site, "parent", body.parent).id;
  else if (body.parent === null) delete link.groupId;
  if (body.title !== undefined) link.title = body.title as string;
  if (body.url !== undefined) link.url = body.url as string;
  if (body.draft !== undefined) link.draft = body.draft as boolean;
  applyOptional(link, "localizedTitle", body.localizedTitle as Record<string, string> | null | undefined);
  applyOptional(link, "description", body.description as string | null | undefined);
  applyOptional(
    link,
    "localizedDescription",
    body.localizedDescription as Record<string, string> | null | undefined,
  );
  applyOptional(link, "icon", body.icon as string | null | undefined);
  applyOptional(link, "condition", body.condition as string | null | undefined);
}

function linkOf(ctx: RequestContext, site: SiteRecord): ExternalLinkRecord {
  const id = param(ctx, "siteExternalLinkId");
  const link = site.externalLinks.find((entry) => entry.id === id);
  if (!link) throw notFound("site external link", id);
  return link;
}

function createHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  const body = parseBody(ctx.body, createShape) as Changes;
  if (body.localizedTitle === null) throw badRequest("localizedTitle: must not be null");
  checkLocalized(body);
  if (site.sections.length === 0) {
    throw badRequest(
      `site "${site.id}" has no sections: external links are entries of a navigation of sections`,
    );
  }
  const link: ExternalLinkRecord = {
    id: ctx.state.ids.next("sitelink"),
    title: body.title as string,
    url: body.url as string,
    draft: false,
  };
  applyChanges(site, link, body);
  site.externalLinks.push(link);
  return created(renderExternalLink(link));
}

function updateHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  const link = linkOf(ctx, site);
  const body = parseBody(ctx.body, updateShape, { optionalBody: true }) as Changes;
  checkLocalized(body);
  applyChanges(site, link, body);
  return ok(renderExternalLink(link));
}

function deleteHandler(ctx: RequestContext): Reply {
  const site = siteOf(ctx, "write");
  const link = linkOf(ctx, site);
  site.externalLinks = site.externalLinks.filter((entry) => entry !== link);
  return noContent();
}

export const externalLinkHandlers = { create: createHandler, update: updateHandler, delete: deleteHandler };
