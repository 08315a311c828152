// What a deleted collection takes with it: the spaces in it. A space that the configuration
// keeps (under `spaces:` or on a site) must not sit in a collection the plan deletes, unless its
// own configuration moves it out (`collection:`), which the delete then waits for. What a live
// collection holds beyond its configuration tells a copy that two runs at once made.

import type { LiveReader } from "../../api/client-types.ts";
import { isGoneOrHidden } from "../../api/errors.ts";
import { DocsyncError } from "../../errors.ts";
import { addressOf, addressText, ROOT } from "../../model/address.ts";
import type { DesiredOrganization } from "../../model/desired.ts";
import { type ItemMeta, placeOf } from "../../model/desired.ts";
import type { Consequence } from "../../model/plan.ts";
import { listIn } from "../organization.ts";
import { collectionPath } from "../paths.ts";
import { siteKind } from "../site/site.ts";
import type { DesiredSiteSpace } from "../site/site-space.ts";
import {
  type CollectionNode,
  type CollectionRef,
  collectionKindRef,
  type DesiredCollection,
  type SpaceInside,
} from "./collection-types.ts";
import { type DesiredSpace, spaceKindRef } from "./space-types.ts";

/** The spaces directly in a collection, one read per page; none when it has gone since. */
export async function spacesIn<S extends { id: string }>(
  client: LiveReader,
  collection: string,
): Promise<S[]> {
  try {
    return await client.list<S>(`${collectionPath(collection)}/spaces`);
  } catch (error) {
    if (isGoneOrHidden(error)) return [];
    throw error;
  }
}

/** The spaces directly in a collection, with what the plan says of them. */
export const spacesInside = async (client: LiveReader, collection: string): Promise<SpaceInside[]> =>
  (await spacesIn<SpaceInside>(client, collection)).map(({ id, title, deletedAt }) => ({
    id,
    ...(typeof title === "string" ? { title } : {}),
    ...(typeof deletedAt === "string" ? { deletedAt } : {}),
  }));

/**
 * What deleting a collection does to the spaces in it (the emulator's choice, where the spec says
 * nothing): each live one goes to the trash, restorable for 7 days, as a consequence of the
 * delete. A space the file names is not among them: the plan moves it out first, or stops
 * (spaceKeptInside); the others are told by their ids.
 */
export function spacesToTrash(
  spaces: readonly SpaceInside[],
  configuration: { spaces: Record<string, string> },
): Consequence[] {
  const named = new Set(Object.values(configuration.spaces));
  return spaces
    .filter((space) => space.deletedAt === undefined && !named.has(space.id))
    .map((space) => {
      const title = space.title === undefined ? "" : `${JSON.stringify(space.title)} `;
      return {
        action: "delete",
        kind: "space",
        address: addressText(addressOf(ROOT, "space", space.id)),
        liveId: space.id,
        note: `${title}goes to the trash, restorable for 7 days`,
      };
    });
}

const where = (item: ItemMeta) => placeOf(item.at);

/** Every site space of the configuration, at a site's root or in its sections. */
function siteSpacesOf(desired: DesiredOrganization): DesiredSiteSpace[] {
  const all: DesiredSiteSpace[] = [];
  for (const site of listIn(desired, siteKind) ?? []) {
    all.push(...(site.siteSpaces ?? []));
    for (const section of site.sections ?? []) all.push(...(section.siteSpaces ?? []));
  }
  return all;
}

/**
 * A plan error for the first space in `spaceIds` that the configuration keeps without moving it
 * out of the collection `title`, which the plan deletes; undefined when there is none.
 */
export function spaceKeptInside(
  desired: DesiredOrganization,
  collection: { id: string; title: string },
  spaceIds: readonly string[],
): DocsyncError | undefined {
  const { title } = collection;
  const inside = new Set(spaceIds);
  // A space moves out when its configuration names another collection (or the root).
  const movesOut = (space: DesiredSpace) =>
    space.collection !== undefined &&
    !(space.collection !== null && "id" in space.collection && space.collection.id === collection.id);
  const fix = (name: string) =>
    `list "${title}" under collections:, or move the space out with spaces: { ${name}: { id, collection: <another collection> } }`;
  const spaces = listIn(desired, spaceKindRef) ?? [];
  for (const space of spaces) {
    if (!inside.has(space.spaceId) || movesOut(space)) continue;
    return new DocsyncError(
      "plan.kept-inside-deleted",
      `${where(space)}: space "${space.name}" is in collection "${title}", which policy.prune deletes with what it holds: ${fix(space.name)}`,
    );
  }
  const moved = new Set(spaces.filter(movesOut).map((space) => space.spaceId));
  for (const siteSpace of siteSpacesOf(desired)) {
    if (!inside.has(siteSpace.spaceId) || moved.has(siteSpace.spaceId)) continue;
    return new DocsyncError(
      "plan.kept-inside-deleted",
      `${where(siteSpace)}: site space "${siteSpace.spaceName}" publishes a space in collection "${title}", which policy.prune deletes with what it holds: ${fix(siteSpace.spaceName)}`,
    );
  }
  // A space the file only names (`name: id`) is kept too: a site or a later change may use it.
  for (const [name, id] of Object.entries(desired.spaces ?? {})) {
    if (!inside.has(id) || moved.has(id)) continue;
    const at = desired.spacesAt?.[name];
    const place = at ? `${placeOf(at)}: ` : "";
    return new DocsyncError(
      "plan.kept-inside-deleted",
      `${place}space "${name}" (${id}) is in collection "${title}", which policy.prune deletes with what it holds: ${fix(name)}, or remove "${name}" from spaces: if it may go`,
    );
  }
  return undefined;
}

/**
 * What a live collection holds that the configured one does not put in it: spaces that no
 * configured space places in it (`details.spaces`, as spacesInside reads them), and collections inside it whose
 * title the configuration places elsewhere or not at all. `collections`: every live collection.
 */
export function heldBeyond(
  live: CollectionNode,
  configured: DesiredCollection,
  desired: DesiredOrganization,
  collections: readonly CollectionNode[],
): string[] {
  const { id } = live.item;
  const names = (ref: CollectionRef | undefined) =>
    ref != null && ("id" in ref ? ref.id === id : ref.title === configured.title);
  const spaces = live.details?.spaces;
  if (spaces === undefined) return ["its spaces, which were not read"];
  const placed = new Set(
    (listIn(desired, spaceKindRef) ?? []).filter((s) => names(s.collection)).map((s) => s.spaceId),
  );
  const configuredCollections = listIn(desired, collectionKindRef) ?? [];
  const inside = new Set(configuredCollections.filter((c) => names(c.parent)).map((c) => c.title));
  return [
    // One in the trash too: a copy two runs made never held it.
    ...spaces.filter((space) => !placed.has(space.id)).map((space) => `space ${space.id}`),
    ...collections
      .filter((node) => node.item.parent === id && !inside.has(node.item.title))
      .map((node) => `collection "${node.item.title}" (${node.item.id})`),
  ];
}
