// Turns the merged, checked configuration into the DesiredState the planner reads: each kind
// resolves its items (space names to ids, references in their forms, defaults), the loader
// gives every item its source position and adds its children's lists.

import type { KindSet } from "../kinds/kind-set.ts";
import { builtInKinds } from "../kinds/registry.ts";
import type { AnyKind, ResolveContext } from "../kinds/types.ts";
import type { ItemMeta } from "../model/desired.ts";
import { itemsIn, rootEntries, topLevelItems } from "./kind-items.ts";
import type { Located, MergedConfig } from "./merge.ts";
import type { DesiredState } from "./types.ts";
import { locate } from "./yaml-positions.ts";

export function resolve(merged: MergedConfig, sensitiveValues: string[], kinds: KindSet): DesiredState {
  const policy = merged.policy?.value;
  const state: DesiredState = {
    files: merged.files.map((f) => f.name),
    // The merge reports a missing organization; resolve only runs without errors.
    organization: merged.organization?.value ?? "",
    spaces: Object.fromEntries([...merged.spaces].map(([name, id]) => [name, id.value])),
    spacesAt: Object.fromEntries([...merged.spaces].map(([name, id]) => [name, locate(id, "key")])),
    policy: { prune: [...(policy?.prune ?? kinds.defaultPrune)] },
    sensitiveValues: [...new Set(sensitiveValues)],
  };
  // Only a set other than the built-in one is named: the built-in kinds are what an absent one means.
  if (kinds !== builtInKinds) state.kinds = kinds;
  if (policy?.maxDestroy !== undefined) state.policy.maxDestroy = policy.maxDestroy;
  // The semantic checks have reported unknown space names, so the lookup cannot miss here.
  const ctx: ResolveContext = {
    spaceId: (name) => merged.spaces.get(name)!.value,
    entryOf: (key, name) => rootEntries(merged, key).get(name),
  };
  const lists = state as unknown as Record<string, unknown>;
  for (const kind of kinds.topLevel) {
    const items = topLevelItems(kind, merged);
    if (items !== undefined) lists[kind.collection] = items.map((item) => resolveItem(kind, item, ctx));
  }
  return state;
}

/** One configured item, with the lists of its child kinds that it has. */
function resolveItem(kind: AnyKind, item: Located<unknown>, ctx: ResolveContext): ItemMeta {
  const desired = kind.config.resolve(item, meta(item), ctx) as unknown as ItemMeta & Record<string, unknown>;
  // Most kinds have no children: no empty list and no loop for each of 100,000 redirects.
  if (kind.children === undefined) return desired;
  for (const child of kind.children) {
    const items = itemsIn(child, item);
    if (items !== undefined) desired[child.collection] = items.map((c) => resolveItem(child, c, ctx));
  }
  return desired;
}

function meta(item: Located<unknown>): ItemMeta {
  const { protect, was, id } = item.value as { protect?: boolean; was?: string; id?: string };
  const meta: ItemMeta = { at: locate(item) };
  if (protect !== undefined) meta.protect = protect;
  if (was !== undefined) meta.was = was;
  if (id !== undefined) meta.id = id;
  return meta;
}
