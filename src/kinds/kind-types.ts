// The types a kind works with, by name, and the typed ways to reach a kind's items: its
// configured items in a scope, and the live children of one kind below a live node.

import type { Id } from "../model/address.ts";
import type { ItemMeta, Located } from "../model/desired.ts";
import type { LiveNode, Scope } from "../model/scope.ts";
import type { AnyKind, KindModule } from "./types.ts";

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

/** The types a kind was declared with. */
type KindTypesOf<K> = K extends KindModule<infer T> ? T : never;
/** A kind's configured item. */
export type DesiredOf<K> = KindTypesOf<K>["desired"];
/** A kind's live node: its live item and its details. */
export type NodeOf<K> = LiveNode<KindTypesOf<K>["live"], Partial<KindTypesOf<K>["details"]>>;

/** The configured items of a kind in a scope: its own `desired`, or the list under its collection. */
export function desiredIn<K extends AnyKind>(
  kind: K,
  scope: Scope<unknown, Record<string, Id>, LiveNode<unknown, object>>,
): DesiredOf<K>[] | undefined {
  if (kind.desired) return kind.desired(scope);
  const list: unknown = Object.getOwnPropertyDescriptor(scope.desired ?? {}, kind.collection)?.value;
  return Array.isArray(list) ? list : undefined;
}

/**
 * The live children of one kind below a live node, typed as that kind reads them: the reader
 * files each kind's nodes under its name, so the kind's node type is what is there.
 */
export function childrenOf<K extends AnyKind>(
  node: LiveNode<unknown, object> | undefined,
  kind: K,
): NodeOf<K>[] {
  const nodes: LiveNode[] = node?.children[kind.kind] ?? [];
  return nodes as NodeOf<K>[];
}
