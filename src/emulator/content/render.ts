// API shapes of content (spec 2.14): revisions, pages and files. Git metadata is never present:
// no space of the emulator is synchronized with a repository.

import { appUrl, iso, publishedHost } from "../core/render.ts";
import type { EmulatorState, SpaceRecord } from "../core/state.ts";
import type { FileRecord, PageRecord, RevisionRecord } from "./store.ts";

/** What every view of a page starts with (a page, or the page a comment is on). */
export function pageCore(page: PageRecord): Record<string, unknown> {
  return {
    id: page.id,
    title: page.title,
    ...(page.emoji ? { emoji: page.emoji } : {}),
    createdAt: iso(page.createdAt),
    updatedAt: iso(page.updatedAt),
  };
}

export function renderPage(space: SpaceRecord, page: PageRecord, path: string): Record<string, unknown> {
  return {
    ...pageCore(page),
    markdown: page.markdown,
    type: page.type,
    urls: { app: appUrl(`s/${space.id}/${path}`) },
    slug: page.slug,
    path,
    ...(page.description ? { description: page.description } : {}),
    documentId: `doc_${page.id}`,
    pages: page.pages.map((child) => renderPage(space, child, `${path}/${child.slug}`)),
    hidden: page.hidden,
    noIndex: false,
    noRobotsIndex: false,
  };
}

export function renderFile(state: EmulatorState, space: SpaceRecord, file: FileRecord) {
  return {
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    downloadURL: `${publishedHost(state, space.organizationId)}/~/files/${space.id}/${file.id}/${encodeURIComponent(file.name)}`,
    size: file.size,
    ...(file.dimensions ? { dimensions: file.dimensions } : {}),
  };
}

export const renderPages = (space: SpaceRecord, revision: RevisionRecord) =>
  revision.pages.map((page) => renderPage(space, page, page.slug));

export function renderRevision(state: EmulatorState, space: SpaceRecord, revision: RevisionRecord) {
  const published = `${publishedHost(state, space.organizationId)}/${space.id}`;
  return {
    object: "revision",
    id: revision.id,
    parents: revision.parents,
    pages: renderPages(space, revision),
    files: revision.files.map((file) => renderFile(state, space, file)),
    reusableContents: [],
    createdAt: iso(revision.createdAt),
    urls: { app: appUrl(`s/${space.id}/~/revisions/${revision.id}`), published, public: published },
    type: revision.parents.length > 1 ? "merge" : "edits",
  };
}
