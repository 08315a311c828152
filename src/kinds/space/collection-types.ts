// The shapes of a collection, in a configuration file, as configured and as read. Declared apart
// from the collection kind, with the reference by which other kinds reach its items, so that
// the modules that export spaces and check what a collection holds name them without importing
// the kind: this module imports no kind.

import type { ItemMeta, Role } from "../../model/desired.ts";
import type { KindRef } from "../kind-ref.ts";
import type { LiveNode } from "../types.ts";

export interface LiveCollection {
  [field: string]: unknown;
  object?: "collection";
  id: string;
  title: string;
  description?: string;
  parent?: string;
  defaultLevel?: Role;
}

/** A parent: a title under `collections:`, `{ id }` of a live collection, or null for the top level. */
type RawParent = string | { id: string } | null;

export interface RawCollection {
  title: string;
  description?: string;
  defaultLevel?: Role;
  parent?: RawParent;
}

/** A parent named by its title in this configuration, or by a live id; null: the top level. */
export type CollectionRef = { title: string } | { id: string } | null;

export interface DesiredCollection extends ItemMeta {
  title: string;
  description?: string;
  defaultLevel?: Role;
  /** Absent: where the collection sits is not managed. */
  parent?: CollectionRef;
}

/** A space directly in a collection, as a deleted collection's details hold it. */
export interface SpaceInside {
  id: string;
  title?: string;
  deletedAt?: string;
}

/** Further facts read about a live collection. */
export interface CollectionDetails {
  /** The spaces inside a collection the plan may delete. */
  spaces: SpaceInside[];
}

/** A live collection as read. */
export type CollectionNode = LiveNode<LiveCollection, Partial<CollectionDetails>>;

/** The collection kind, as the space kind and the checks of what a collection holds reach it. */
export const collectionKindRef: KindRef<DesiredCollection, LiveCollection, CollectionDetails, "collections"> =
  {
    kind: "collection",
    collection: "collections",
  };
