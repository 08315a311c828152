// Where each kind's raw items are in the merged configuration: a top-level kind's lists of all
// files together, and a child kind's items in each item of its parent. The checks and the
// resolver walk the same tree through these.

import { fieldOf, listAt } from "../kinds/configured.ts";
import type { KindSet } from "../kinds/kind-set.ts";
import type { AnyKind } from "../kinds/types.ts";
import type { Located, MergedConfig } from "./merge.ts";

/** A kind's items in one container, or undefined when the container does not have them. */
export function itemsIn(kind: AnyKind, container: Located<unknown>): Located<unknown>[] | undefined {
  const items = kind.config.items ? kind.config.items(container) : listAt(container, kind.collection);
  return items as Located<unknown>[] | undefined;
}

/** A top-level kind's items across the files, in file order; undefined when no file has its key
 * (an empty list in one file still manages the kind: "there should be none"). */
export function topLevelItems(kind: AnyKind, merged: MergedConfig): Located<unknown>[] | undefined {
  let all: Located<unknown>[] | undefined;
  for (const document of merged.documents) {
    const items = itemsIn(kind, document);
    if (items === undefined) continue;
    // The first file's list is shared (listAt): the lists of all files are joined in a copy.
    if (all === undefined) all = items;
    else if (items.length > 0) all = [...all, ...items];
  }
  return all;
}

/** Calls `visit` for each container of each kind, parents before their children. */
export function walkContainers(
  merged: MergedConfig,
  kinds: KindSet,
  visit: (
    kind: AnyKind,
    items: Located<unknown>[],
    parent?: { kind: AnyKind; item: Located<unknown> },
  ) => void,
): void {
  const below = (kind: AnyKind, items: Located<unknown>[]) => {
    for (const child of kind.children ?? []) {
      for (const item of items) {
        const childItems = itemsIn(child, item);
        if (childItems === undefined) continue;
        visit(child, childItems, { kind, item });
        below(child, childItems);
      }
    }
  };
  for (const kind of kinds.topLevel) {
    const items = topLevelItems(kind, merged);
    if (items === undefined) continue;
    visit(kind, items);
    below(kind, items);
  }
}

/** The entries of a top-level mapping (`branding:`) across the files, each from the first file
 * that has it, by name. */
export function rootEntries(merged: MergedConfig, key: string): Map<string, Located<unknown>> {
  const entries = new Map<string, Located<unknown>>();
  for (const document of merged.documents) {
    const mapping = fieldOf(document.value, key);
    if (typeof mapping !== "object" || mapping === null) continue;
    for (const [name, value] of Object.entries(mapping)) {
      if (!entries.has(name)) entries.set(name, { value, file: document.file, path: [key, name] });
    }
  }
  return entries;
}
