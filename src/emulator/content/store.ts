// Revisions: the content of a space or of a change request at one moment, as a tree of pages
// and a list of files. A revision never changes once made: a merge, an update from main or an
// import makes a new one. A page keeps its id from revision to revision, as the service does,
// so that comments and links can follow it.

import type { EmulatorState } from "../core/state.ts";

export interface PageRecord {
  id: string;
  title: string;
  /** The page's own path segment; a page's path joins its ancestors' slugs. */
  slug: string;
  type: "document" | "group";
  emoji?: string;
  description?: string;
  markdown: string;
  hidden: boolean;
  createdAt: Date;
  updatedAt: Date;
  pages: PageRecord[];
}

export interface FileRecord {
  id: string;
  name: string;
  contentType: string;
  size: number;
  dimensions?: { width: number; height: number };
}

export interface RevisionRecord {
  id: string;
  parents: string[];
  createdAt: Date;
  pages: PageRecord[];
  files: FileRecord[];
}

const revisions = (state: EmulatorState) =>
  state.family("revisions", () => new Map<string, RevisionRecord>());

/**
 * The revision with this id. Spaces made without content (by the fixture, a site, a duplicate)
 * hold a revision id from the start; their revision is empty until something is merged.
 */
export function revisionOf(state: EmulatorState, id: string): RevisionRecord {
  const all = revisions(state);
  let revision = all.get(id);
  if (!revision) {
    revision = { id, parents: [], createdAt: state.now(), pages: [], files: [] };
    all.set(id, revision);
  }
  return revision;
}

const copyPage = (page: PageRecord): PageRecord => ({ ...page, pages: page.pages.map(copyPage) });

/** A new revision holding a copy of the given content. */
export function newRevision(
  state: EmulatorState,
  parents: string[],
  content: Pick<RevisionRecord, "pages" | "files">,
): RevisionRecord {
  const revision: RevisionRecord = {
    id: state.ids.fresh("rev", (id) => revisions(state).has(id)),
    parents,
    createdAt: state.now(),
    pages: content.pages.map(copyPage),
    files: content.files.map((file) => ({ ...file })),
  };
  revisions(state).set(revision.id, revision);
  return revision;
}

/** Same pages and files, field for field: whether a change request changed anything. */
export const sameContent = (a: RevisionRecord, b: RevisionRecord): boolean =>
  JSON.stringify([a.pages, a.files]) === JSON.stringify([b.pages, b.files]);

export interface PlacedPage {
  page: PageRecord;
  /** Slugs from the root, joined by `/`. */
  path: string;
}

/** Every page of a revision, depth first, with its path. */
export function allPages(revision: RevisionRecord): PlacedPage[] {
  const placed: PlacedPage[] = [];
  const visit = (pages: PageRecord[], prefix: string) => {
    for (const page of pages) {
      const path = prefix ? `${prefix}/${page.slug}` : page.slug;
      placed.push({ page, path });
      visit(page.pages, path);
    }
  };
  visit(revision.pages, "");
  return placed;
}

export const findPage = (revision: RevisionRecord, pageId: string): PlacedPage | undefined =>
  allPages(revision).find((placed) => placed.page.id === pageId);

/** A slug from a title: lowercase words joined by `-`. */
export const slugify = (title: string): string =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "page";
