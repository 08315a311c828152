// Spaces: the settings of existing spaces, written under `spaces:` as `name: {id, ...}`. Spaces
// are never created or deleted here (they exist); the identity is the id. Only the fields the
// configuration sets are managed: title, emoji, edit mode and default level with one PATCH, the
// collection with the move operation, custom field values with their own PATCH, and the roles
// of users and teams (space-permission.ts, a child kind).

import { isGoneOrHidden } from "../../api/errors.ts";
import { DocsyncError } from "../../errors.ts";
import { type Address, addressOf, createdAmong, type Id, IdRef, ROOT } from "../../model/address.ts";
import { type Located, placeOf } from "../../model/desired.ts";
import type { FieldChange } from "../../model/plan.ts";
import { spacePermissionKind } from "../access/space-permission.ts";
import { compareField, patchBody } from "../compare.ts";
import { defined, fieldOf } from "../configured.ts";
import type { TopLevelKind } from "../organization.ts";
import { referencedId, spacePath, subPath } from "../paths.ts";
import type { CallDraft, PlanContext } from "../types.ts";
import { findSpaces, spaceConfig } from "./space-export.ts";
import {
  type DesiredSpace,
  type LiveSpace,
  type RawSpace,
  type SpaceDetails,
  type SpaceNode,
  spaceKindRef,
} from "./space-types.ts";

export type {
  DesiredSpace,
  InSpace,
  LiveSpace,
  RawSpace,
  SpaceDetails,
  SpaceNode,
  SpaceScope,
} from "./space-types.ts";

const PATCHABLE = ["title", "emoji", "editMode", "defaultLevel"] as const;
const FIELD_PREFIX = "customFields.";

const where = (space: DesiredSpace) => `${placeOf(space.at)}: space "${space.name}"`;

function collectionId(space: DesiredSpace, ctx: PlanContext): Id | null | undefined {
  const ref = space.collection;
  if (ref === undefined || ref === null) return ref;
  return "id" in ref ? ref.id : ctx.idOf(addressOf(ROOT, "collection", ref.title));
}

/**
 * The address of a custom field the space names; a plan error when it is neither configured nor
 * live, or when the plan deletes it (its values go with it).
 */
function customFieldAddress(space: DesiredSpace, name: string, ctx: PlanContext): Address {
  const address = addressOf(ROOT, "custom field", name);
  const id = referencedId(
    ctx,
    address,
    () =>
      `${where(space)}: unknown custom field "${name}": name a field under customFields: or one the organization has`,
  );
  // Deleted and not made again (a replacement is): the value could not be set.
  if (ctx.deletes(address) !== undefined && !(id instanceof IdRef)) {
    throw new DocsyncError(
      "plan.deleted-reference",
      `${where(space)}: custom field "${name}" is deleted by this plan (policy.prune names customFields and customFields: does not list it), with its values: list it under customFields:, or leave its value out`,
    );
  }
  return address;
}

/** The space's custom field values as read, by field name. */
const liveValues = (live: SpaceNode | undefined): Record<string, unknown> =>
  live?.details?.customFields ?? {};

export const spaceKind: TopLevelKind<
  "spaceSettings",
  { desired: DesiredSpace; live: LiveSpace; raw: Located<RawSpace>; details: SpaceDetails }
> = {
  kind: spaceKindRef.kind,
  collection: spaceKindRef.collection,
  children: [spacePermissionKind],
  config: {
    schema: {
      fragment: "space",
      description: "Settings of existing spaces, under spaces: as name: {id, ...}.",
      inRoot: true,
    },
    // The entries of `spaces:` that are mappings; `name: id` only names a space.
    items(container) {
      const spaces = fieldOf(container.value, "spaces");
      if (typeof spaces !== "object" || spaces === null) return undefined;
      const items: Located<RawSpace>[] = [];
      for (const [name, entry] of Object.entries(spaces)) {
        if (entry === null || typeof entry !== "object") continue;
        const value: RawSpace = { ...entry, name };
        items.push({ value, file: container.file, path: [...container.path, "spaces", name] });
      }
      return items.length > 0 ? items : undefined;
    },
    identities: [{ field: "id", noun: "id", hints: false }],
    check(spaces, ctx) {
      const titles = ctx.keysOf("collections");
      if (titles === undefined) return;
      for (const space of spaces) {
        const collection = space.value.collection;
        if (typeof collection === "string" && !titles.has(collection)) {
          const message = `unknown collection "${collection}": name a title listed under collections:, or a live collection with { id: <collection id> }`;
          ctx.report(space, ["collection"], message);
        }
      }
    },
    resolve({ value }, meta) {
      const { name, id, title, emoji, editMode, defaultLevel, collection, customFields } = value;
      const ref = typeof collection === "string" ? { title: collection } : collection;
      return {
        ...meta,
        name,
        spaceId: id,
        ...defined({ title, emoji, editMode, defaultLevel, collection: ref, customFields }),
      };
    },
  },

  refersTo: [
    {
      kind: "team",
      when: (scope) =>
        (scope.desired.spaceSettings ?? []).some((space) =>
          space.permissions?.some((p) => p.type === "team"),
        ),
    },
    {
      kind: "custom field",
      when: (scope) => (scope.desired.spaceSettings ?? []).some((space) => space.customFields !== undefined),
    },
    {
      kind: "collection",
      when: (scope) =>
        (scope.desired.spaceSettings ?? []).some(
          (space) =>
            typeof space.collection === "object" && space.collection !== null && "title" in space.collection,
        ),
    },
  ],
  // There is no list of an organization's spaces: each configured space is read, all at once.
  async read(client, scope) {
    const spaces = await Promise.all(
      (scope.desired.spaceSettings ?? []).map(async (space) => {
        try {
          const live = await client.get<LiveSpace>(spacePath(space.spaceId));
          return live.deletedAt ? [] : [live];
        } catch (error) {
          // Gone, or out of reach: the plan says the id names no space.
          if (isGoneOrHidden(error)) return [];
          throw error;
        }
      }),
    );
    return spaces.flat().map((item) => ({ item, children: {} }));
  },
  detailsKey: "customFields",
  async readDetails(client, _scope, node, desired: DesiredSpace) {
    if (desired.customFields === undefined) return;
    const values = await client.get<{ customField: { name: string }; value: unknown }[]>(
      `${spacePath(node.item.id)}/custom-fields`,
    );
    const byName = Object.fromEntries(values.map(({ customField, value }) => [customField.name, value]));
    node.details = { ...node.details, customFields: byName };
  },

  key: (space) => space.spaceId,
  liveKey: (space) => space.id,
  label: (space) => space.name,
  liveLabel: (space, configuration) =>
    Object.keys(configuration.spaces).find((name) => configuration.spaces[name] === space.id) ?? space.id,

  diff(desired, live, _scope, ctx) {
    const changes: FieldChange[] = [];
    for (const field of PATCHABLE) compareField(changes, field, desired[field], live?.item[field]);
    compareField(changes, "collection", collectionId(desired, ctx), live?.item.parent);
    const values = liveValues(live);
    for (const [name, value] of Object.entries(desired.customFields ?? {})) {
      // A field the plan replaces loses its values: the new one gets the value again.
      const replaced = ctx.deletes(customFieldAddress(desired, name, ctx)) !== undefined;
      compareField(changes, `${FIELD_PREFIX}${name}`, value, replaced ? undefined : values[name]);
    }
    return changes;
  },

  create(desired) {
    // Unreachable: a configured space is pinned to its id, and a missing one stops the plan.
    throw new DocsyncError("plan.unknown-id", `${where(desired)}: space ${desired.spaceId} does not exist`);
  },

  update(desired, live, changes, _address, _scope, ctx) {
    const id = live.item.id;
    const calls: CallDraft[] = [];
    const settings = patchBody(changes, PATCHABLE);
    if (Object.keys(settings).length > 0)
      calls.push({ method: "PATCH", path: spacePath(id), body: settings, summary: "update space" });
    const moved = changes.find((change) => change.field === "collection");
    if (moved) {
      calls.push({
        method: "POST",
        path: subPath(spacePath(id), "/move"),
        body: { parent: moved.to ?? null },
        summary: moved.to === undefined ? "move space to the root" : "move space into collection",
        // Out of its old collection before that one is deleted, which would take it along.
        unrefs: live.item.parent ? [live.item.parent] : [],
      });
    }
    const fields = changes.filter((change) => change.field.startsWith(FIELD_PREFIX));
    if (fields.length > 0) {
      const values: Record<string, { value: unknown }> = {};
      for (const change of fields)
        values[change.field.slice(FIELD_PREFIX.length)] = { value: change.to ?? null };
      calls.push({
        method: "PATCH",
        path: subPath(spacePath(id), "/custom-fields"),
        body: { values },
        summary: "set custom field values of space",
        // A field this plan creates is named, not referred to by id: wait for it. A field that
        // exists already needs nothing.
        needs: createdAmong(
          ...Object.keys(values).map((name) => ctx.idOf(customFieldAddress(desired, name, ctx))),
        ),
      });
    }
    return calls;
  },

  // Spaces are never deleted: only configured spaces are read, so none is ever left over.
  remove: () => [],

  // The export finds the spaces it names and those of collections (space-export.ts).
  exportFind: findSpaces,
  exportFindsThrough: { collections: "the spaces in collections" },
  toConfig: spaceConfig,
  exportLeavesOut:
    "spaces at the organization's root that no site uses (no call lists them; add one as name: {id} to manage it)",
};
