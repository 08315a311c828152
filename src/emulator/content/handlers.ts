// HTTP adapter for the content of a change request (spec 4.7). Reading needs membership of the
// space's organization; importing needs the edit role on the space.

import { IMPORT_SOURCES, importIntoChangeRequest } from "../change-requests/import.ts";
import { findChangeRequest } from "../change-requests/store.ts";
import { FORMATS } from "../comments/scope.ts";
import { readableSpace, spaceWithRole } from "../core/access.ts";
import { ok, param, type RequestContext, type Route } from "../core/context.ts";
import { HttpError } from "../core/http-error.ts";
import { paginate } from "../core/paginate.ts";
import { booleanQuery, enumQuery } from "../core/query.ts";
import { renderSpace } from "../core/render.ts";
import type { OrganizationRecord } from "../core/state.ts";
import { parseBody } from "../core/validate.ts";
import { renderOrganization } from "../organizations/render.ts";
import { pageLinks } from "./links.ts";
import { renderFile, renderPage, renderPages, renderRevision } from "./render.ts";
import { allPages, findPage, revisionOf } from "./store.ts";

/** `metadata` and `computed` (M in the spec): checked; the emulator has no git metadata or computed pages. */
function readM(ctx: RequestContext): void {
  booleanQuery(ctx.query, "metadata", true);
  booleanQuery(ctx.query, "computed", true);
}

function place(ctx: RequestContext, edit = false) {
  const space = edit
    ? spaceWithRole(ctx, param(ctx, "spaceId"), "edit")
    : readableSpace(ctx, param(ctx, "spaceId"));
  const cr = findChangeRequest(ctx.state, space, param(ctx, "changeRequestId"));
  return { space, cr, revision: revisionOf(ctx.state, cr.revision) };
}

function content(ctx: RequestContext) {
  const { space, revision } = place(ctx);
  readM(ctx);
  return ok(renderRevision(ctx.state, space, revision));
}

function importContent(ctx: RequestContext) {
  const { space, cr } = place(ctx, true);
  const body = parseBody(ctx.body, {
    url: { type: "url", max: 2048, required: true },
    source: { type: "enum", values: IMPORT_SOURCES, required: true },
  });
  return ok(importIntoChangeRequest(ctx.state, space, cr, body.url as string, body.source as string));
}

function pages(ctx: RequestContext) {
  const { space, revision } = place(ctx);
  readM(ctx);
  return ok({ pages: renderPages(space, revision) });
}

function files(ctx: RequestContext) {
  const { space, revision } = place(ctx);
  readM(ctx);
  return ok(paginate(ctx.query, revision.files, (file) => renderFile(ctx.state, space, file)));
}

function fileOf(ctx: RequestContext) {
  const found = place(ctx);
  const fileId = param(ctx, "fileId");
  const file = found.revision.files.find((f) => f.id === fileId);
  if (!file) throw new HttpError(404, `file "${fileId}" not found in change request "${found.cr.id}"`);
  return { ...found, file };
}

function file(ctx: RequestContext) {
  const { space, file: found } = fileOf(ctx);
  readM(ctx);
  return ok(renderFile(ctx.state, space, found));
}

/** Pages of the change request whose markdown names the file (by id or by name). */
function backlinks(ctx: RequestContext) {
  const { space, cr, revision, file: target } = fileOf(ctx);
  const referring = allPages(revision).filter(
    ({ page }) => page.markdown.includes(target.id) || page.markdown.includes(target.name),
  );
  return ok(
    paginate(ctx.query, referring, ({ page, path }) => ({
      kind: "page",
      organization: renderOrganization(
        ctx,
        ctx.state.organizations.get(space.organizationId) as OrganizationRecord,
      ),
      space: renderSpace(ctx.state, space, ctx.user.id),
      versionContext: { type: "change-request", changeRequest: cr.id, revision: revision.id },
      page: { id: page.id, title: page.title, path },
      file: renderFile(ctx.state, space, target),
    })),
  );
}

function pageOf(ctx: RequestContext) {
  const found = place(ctx);
  const pageId = param(ctx, "pageId");
  const placed = findPage(found.revision, pageId);
  if (!placed) throw new HttpError(404, `page "${pageId}" not found in change request "${found.cr.id}"`);
  return { ...found, placed };
}

function page(ctx: RequestContext) {
  const { space, placed } = pageOf(ctx);
  enumQuery(ctx.query, "format", FORMATS);
  readM(ctx);
  return ok(renderPage(space, placed.page, placed.path));
}

function links(ctx: RequestContext) {
  const { cr, revision, placed } = pageOf(ctx);
  const paths = new Map(allPages(revision).map(({ page: p, path }) => [path, p.id]));
  const found = pageLinks(placed.page.markdown, paths);
  const broken = found.filter((link) => link.status === "broken").length;
  return ok({
    ...paginate(ctx.query, found, (link) => ({
      status: link.status,
      relation: "link",
      targetReference: link.pageId ? { kind: "page", page: link.pageId } : { kind: "url", url: link.target },
      locationReferences: [{ kind: "page", page: placed.page.id }],
      versionContext: { type: "change-request", changeRequest: cr.id, revision: revision.id },
    })),
    stats: { total: found.length, broken: { total: broken, changeRequest: broken } },
  });
}

const PREFIX = "/spaces/:spaceId/change-requests/:changeRequestId/content";

export const contentRoutes: Route[] = [
  { method: "GET", path: PREFIX, handler: content },
  { method: "POST", path: `${PREFIX}/import`, handler: importContent },
  { method: "GET", path: `${PREFIX}/pages`, handler: pages },
  { method: "GET", path: `${PREFIX}/files`, handler: files },
  { method: "GET", path: `${PREFIX}/files/:fileId`, handler: file },
  { method: "GET", path: `${PREFIX}/files/:fileId/backlinks`, handler: backlinks },
  { method: "GET", path: `${PREFIX}/page/:pageId`, handler: page },
  { method: "GET", path: `${PREFIX}/page/:pageId/links`, handler: links },
];
