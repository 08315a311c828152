// Site spaces: a space placed in a container (site root or section) under a path that is
// unique in that container; a space appears at most once per container.

import { conflict } from "../core/http-error.ts";
import type { EmulatorState, SpaceRecord } from "../core/state.ts";
import { appendTo, type Located, removeFrom } from "./containers.ts";
import type { Container, SectionRecord, SiteRecord, SiteSpaceRecord } from "./model.ts";
import { applyOptional } from "./nullable.ts";
import type { Placement } from "./order.ts";
import { placeBlock } from "./order.ts";
import { slugify, uniquePath } from "./paths.ts";
import { assertNotRedirectTarget } from "./redirect-store.ts";

function describeContainer(site: SiteRecord, section: SectionRecord | undefined): string {
  return section ? `site section "${section.id}"` : `the root of site "${site.id}"`;
}

/** A new site space for `space`, with a path derived from the space title, unique in `container`. */
export function newSiteSpace(
  state: EmulatorState,
  container: Container,
  space: SpaceRecord,
): SiteSpaceRecord {
  return {
    id: state.ids.next("sitesp"),
    spaceId: space.id,
    spaceSnapshot: { ...space },
    path: uniquePath(
      slugify(space.title, "space"),
      container.siteSpaces.map((entry) => entry.path),
    ),
  };
}

export function addSiteSpace(
  state: EmulatorState,
  site: SiteRecord,
  section: SectionRecord | undefined,
  space: SpaceRecord,
): SiteSpaceRecord {
  const container = section ?? site.root;
  if (container.siteSpaces.some((entry) => entry.spaceId === space.id)) {
    throw conflict(`spaceId: space "${space.id}" is already in ${describeContainer(site, section)}`);
  }
  const siteSpace = newSiteSpace(state, container, space);
  appendTo(container, siteSpace);
  return siteSpace;
}

export function updateSiteSpace(
  site: SiteRecord,
  { siteSpace, container, section }: Located,
  changes: { path?: string; condition?: string | null },
): void {
  const { path, condition } = changes;
  if (
    path !== undefined &&
    container.siteSpaces.some((other) => other.id !== siteSpace.id && other.path === path)
  ) {
    throw conflict(
      `path: another site space of ${describeContainer(site, section)} already has path "${path}"`,
    );
  }
  if (path !== undefined) siteSpace.path = path;
  applyOptional(siteSpace, "condition", condition);
}

export function moveSiteSpace({ siteSpace, container }: Located, placement: Placement): void {
  placeBlock(container.siteSpaces, [siteSpace], placement);
}

export function deleteSiteSpace(site: SiteRecord, { siteSpace, container, section }: Located): void {
  // A section always shows at least one space; removing its last one is deleting the section.
  if (section && container.siteSpaces.length === 1) {
    throw conflict(
      `site space "${siteSpace.id}" is the last site space of site section "${section.id}": delete the section instead`,
    );
  }
  assertNotRedirectTarget(site, `site space "${siteSpace.id}"`, { siteSpaceIds: [siteSpace.id] });
  removeFrom(container, siteSpace);
}
