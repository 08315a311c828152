// How `docsync export` writes spaces. Which: no call lists an organization's spaces, so the
// export finds those the file names (site spaces publish them) and those of every collection
// (GET /collections/{id}/spaces); a space at the organization's root that no site uses cannot be
// found. Each is written as `name: {id, ...}` with every setting docsync manages and all of its
// direct grants: its `permissions` list is the truth for the space, so a grant left out would be
// removed by the next apply.

import type { LiveReader } from "../../api/client-types.ts";
import { ROLES } from "../../model/desired.ts";
import { spacePermissionKind } from "../access/space-permission.ts";
import { childrenOf } from "../items-of.ts";
import type { OrganizationScope } from "../organization.ts";
import type { ExportContext } from "../types.ts";
import { spacesIn } from "./collection-contents.ts";
import { exportedCollection } from "./collection-titles.ts";
import { collectionKindRef } from "./collection-types.ts";
import { customFieldKindRef } from "./custom-field-types.ts";
import type { DesiredSpace, LiveSpace, SpaceNode } from "./space-types.ts";

const NOWHERE = { file: "", line: 0, column: 0 };

/**
 * The spaces the export can find: those it names, then those of each collection, each as a
 * configured space that asks for everything (its custom field values and grants).
 */
export async function findSpaces(
  client: LiveReader,
  scope: OrganizationScope,
  named: { spaces: readonly string[] },
): Promise<DesiredSpace[]> {
  const collections = childrenOf(scope.live, collectionKindRef);
  const inCollections = await Promise.all(
    collections.map(({ item }) => spacesIn<LiveSpace>(client, item.id)),
  );
  const ids = new Set(named.spaces);
  for (const space of inCollections.flat()) if (!space.deletedAt) ids.add(space.id);
  return [...ids].map((id) => ({ at: NOWHERE, name: id, spaceId: id, customFields: {}, permissions: [] }));
}

const text = (value: unknown): value is string => typeof value === "string" && value !== "";
const describe = (space: LiveSpace) => `space "${space.title ?? space.id}" (${space.id})`;

/** The space's collection: its title as the file lists it, `{ id }` otherwise, null at the root. */
function collectionOf(space: LiveSpace, scope: OrganizationScope, ctx: ExportContext): unknown {
  const id = space.parent;
  if (!id) return null;
  return exportedCollection(id, scope, ctx);
}

/** The custom field values the file can name: those of fields it lists. */
function customFieldValues(
  live: SpaceNode,
  scope: OrganizationScope,
  ctx: ExportContext,
): Record<string, unknown> {
  const read = live.details?.customFields ?? {};
  const fields = childrenOf(scope.live, customFieldKindRef);
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(read)) {
    if (value === null || value === undefined) continue;
    const field = fields.find((node) => node.item.name === name);
    if (field && ctx.exportedKey(customFieldKindRef.kind, field.item.id) !== undefined) values[name] = value;
    else
      ctx.warn(
        `${describe(live.item)}: the value of custom field "${name}" is not exported, since the field is not (see the warnings about it); it is left as it is`,
      );
  }
  return values;
}

/** A live space as `docsync export` writes it: the mapping of its entry under `spaces:`. */
export function spaceConfig(
  live: SpaceNode,
  scope: OrganizationScope,
  ctx: ExportContext,
): Record<string, unknown> {
  const space = live.item;
  // Named under `spaces:` like every space the file mentions.
  ctx.space(space.id);
  const config: Record<string, unknown> = { id: space.id };
  if (text(space.title)) config.title = space.title;
  if (text(space.emoji)) config.emoji = space.emoji;
  if (space.editMode === "live" || space.editMode === "locked") config.editMode = space.editMode;
  if ((ROLES as readonly unknown[]).includes(space.defaultLevel)) config.defaultLevel = space.defaultLevel;
  config.collection = collectionOf(space, scope, ctx);
  const values = customFieldValues(live, scope, ctx);
  if (Object.keys(values).length > 0) config.customFields = values;
  const grants = ctx.children(spacePermissionKind);
  const read = live.children[spacePermissionKind.kind] ?? [];
  if (grants.length === read.length) config.permissions = grants.map((grant) => grant.config);
  else {
    // The list would be the truth: a grant left out of it would be removed.
    ctx.warn(
      `${describe(space)}: its permissions are not exported, since ${read.length - grants.length} of its grants cannot be written (see above); docsync leaves its grants alone until you list them`,
    );
  }
  return config;
}
