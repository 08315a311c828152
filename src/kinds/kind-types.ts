// The types a kind works with, by name, and those of its scope, its live nodes and its items.

import type { Id } from "../model/address.ts";
import type { ItemMeta, Located } from "../model/desired.ts";
import type { LiveNode, Scope } from "../model/scope.ts";

/**
 * The types a kind works with, by name; a kind gives those that differ from `KindTypeDefaults`.
 * `parent`, `parentNode` and `ids` are what its scope holds: its parent's configured item (the
 * organization's configuration at the top level), its parent's live node, and its ancestors' ids.
 */
export interface KindTypes {
  /** The configured item. */
  desired: ItemMeta;
  /** The live item, as the API answers it. */
  live: { id: string };
  /** Further facts `readDetails` reads about a live item, by name. */
  details: object;
  /** A raw item, located, as the JSON Schema has let it through. */
  raw: Located<unknown>;
  /** The raw value of the parent's item, as its kind's checks see it. */
  parentRaw: unknown;
  parent: unknown;
  parentNode: LiveNode<unknown, object>;
  ids: Record<string, Id>;
}

/** What a kind's types are when it does not say. */
export interface KindTypeDefaults {
  desired: ItemMeta;
  live: { id: string };
  details: Record<string, unknown>;
  raw: Located<never>;
  parentRaw: unknown;
  parent: unknown;
  parentNode: LiveNode;
  ids: Record<string, Id>;
}

/** What a container gives the kinds inside it (the shapes take it as a parameter). */
export type ParentTypes = Pick<KindTypes, "parent" | "parentRaw" | "parentNode" | "ids">;

/** The types of a kind: those `T` gives, and the defaults for the rest. */
export type Types<T extends Partial<KindTypes>> = {
  [K in keyof KindTypes]: K extends keyof T ? Exclude<T[K], undefined> : KindTypeDefaults[K];
};

/** A live node of a kind of types `T`: its live item and its details. */
export type NodeIn<T extends KindTypes> = LiveNode<T["live"], Partial<T["details"]>>;
/** The scope a kind of types `T` is planned in. */
export type ScopeIn<T extends Pick<KindTypes, "parent" | "ids" | "parentNode">> = Scope<
  T["parent"],
  T["ids"],
  T["parentNode"]
>;
/** The configured item of a kind of types `T`. */
export type DesiredIn<T extends KindTypes> = T["desired"];
/** The live item of a kind of types `T`. */
export type LiveIn<T extends KindTypes> = T["live"];
