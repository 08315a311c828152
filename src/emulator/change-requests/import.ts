// Import into a change request (spec 4.7): the emulator fetches nothing; it adds one page for
// the imported URL, titled after its last path segment (or its host), in a new revision.

import { allPages, newRevision, type PageRecord, revisionOf, slugify } from "../content/store.ts";
import type { EmulatorState, SpaceRecord } from "../core/state.ts";
import { assertLive } from "../spaces/store.ts";
import { assertActive, type ChangeRequestRecord } from "./store.ts";

/** Import sources: `website` is the spec's; the others are the emulator's choice. */
export const IMPORT_SOURCES = [
  "website",
  "github",
  "gitlab",
  "markdown",
  "docx",
  "notion",
  "confluence",
] as const;

function titleOf(url: URL): string {
  const segment = decodeURIComponent(url.pathname.split("/").filter(Boolean).at(-1) ?? "");
  const title =
    segment
      .replace(/\.[a-z0-9]+$/i, "")
      .replace(/[-_]+/g, " ")
      .trim() || url.hostname;
  return title.slice(0, 100);
}

export function importIntoChangeRequest(
  state: EmulatorState,
  space: SpaceRecord,
  cr: ChangeRequestRecord,
  url: string,
  source: string,
): { revision: string; importedResources: number; totalResources: number } {
  assertLive(space);
  assertActive(cr);
  const current = revisionOf(state, cr.revision);
  const next = newRevision(state, [cr.revision], current);
  const title = titleOf(new URL(url));
  const taken = new Set(allPages(next).map((placed) => placed.page.slug));
  let slug = slugify(title);
  for (let n = 2; taken.has(slug); n++) slug = `${slugify(title)}-${n}`;
  const now = state.now();
  const page: PageRecord = {
    id: state.ids.next("page"),
    title,
    slug,
    type: "document",
    markdown: `Imported from ${url} (${source}).`,
    hidden: false,
    createdAt: now,
    updatedAt: now,
    pages: [],
  };
  next.pages.push(page);
  Object.assign(cr, { revision: next.id, updatedAt: now });
  return { revision: next.id, importedResources: 1, totalResources: 1 };
}
