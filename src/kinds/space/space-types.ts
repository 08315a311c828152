// The shapes of a space, in a configuration file, as configured and as read, and what a space
// gives the kinds inside it. Declared apart from the space kind, with the reference by which
// other kinds reach its items, so that its permissions, collections and custom fields name them
// without importing the kind that lists them: this module imports no kind.

import type { Id } from "../../model/address.ts";
import type { ItemMeta, Role } from "../../model/desired.ts";
import type { AccessFacts } from "../access/space-access-facts.ts";
import type { KindRef } from "../kind-ref.ts";
import type { DesiredAssignment } from "../shapes/assignment.ts";
import type { RawGrant } from "../shapes/principals.ts";
import type { LiveNode, ScopeIn } from "../types.ts";

export interface LiveSpace {
  [field: string]: unknown;
  id: string;
  title?: string;
  emoji?: string;
  editMode?: string;
  defaultLevel?: string;
  /** The collection it is in. */
  parent?: string | null;
  deletedAt?: string;
}

/** A collection named by its title under `collections:`, or a live collection's id. */
type CollectionRef = { title: string } | { id: string };

/** Further facts read about a live space. */
export interface SpaceDetails {
  /** Its custom field values, by field name. */
  customFields: Record<string, unknown>;
  /** What its permissions' lock-out rules and names need (space-permission.ts). */
  access: AccessFacts;
}

/** A live space as read. */
export type SpaceNode = LiveNode<LiveSpace, Partial<SpaceDetails>>;

export type RawSpacePermission = RawGrant;

export interface RawSpace {
  /** The key under `spaces:` (added by `items`). */
  name: string;
  id: string;
  title?: string;
  emoji?: string;
  editMode?: "live" | "locked";
  defaultLevel?: Role;
  collection?: string | { id: string } | null;
  customFields?: Record<string, unknown>;
  permissions?: RawSpacePermission[];
}

/** What a space gives the kinds inside it. */
export interface InSpace {
  parent: DesiredSpace;
  parentRaw: RawSpace;
  parentNode: SpaceNode;
  ids: { space: Id };
}

/** The scope of a space's kinds. */
export type SpaceScope = ScopeIn<InSpace>;

export interface DesiredSpace extends ItemMeta {
  /** The name under `spaces:`. */
  name: string;
  spaceId: string;
  title?: string;
  emoji?: string;
  editMode?: "live" | "locked";
  defaultLevel?: Role;
  /** `null`: at the organization's root. */
  collection?: CollectionRef | null;
  /** Values by custom field name; `null` clears one. */
  customFields?: Record<string, unknown>;
  permissions?: DesiredAssignment[];
}

/** The space kind, as collections and custom fields reach its items. */
export const spaceKindRef: KindRef<DesiredSpace, LiveSpace, SpaceDetails, "spaceSettings"> = {
  kind: "space",
  collection: "spaceSettings",
};
