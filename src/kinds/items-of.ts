// The typed ways to reach a kind's items: its configured items in a scope, and the live children
// of one kind below a live node.

import type { Id } from "../model/address.ts";
import type { LiveNode, Scope } from "../model/scope.ts";
import type { KindRef } from "./kind-ref.ts";
import type { AnyKind, DesiredOf, NodeOf } from "./types.ts";

/**
 * The configured items of a kind in a scope: its own `desired`, or the list under its collection
 * (all that a reference to a kind reaches: kinds that others read keep their items there).
 */
export function desiredIn<K extends AnyKind | KindRef>(
  kind: K,
  scope: Scope<unknown, Record<string, Id>, LiveNode<unknown, object>>,
): DesiredOf<K>[] | undefined {
  if ("desired" in kind && kind.desired) return kind.desired(scope);
  const list: unknown = Object.getOwnPropertyDescriptor(scope.desired ?? {}, kind.collection)?.value;
  return Array.isArray(list) ? list : undefined;
}

/**
 * The live children of one kind below a live node, typed as that kind reads them: the reader
 * files each kind's nodes under its name, so the kind's node type is what is there.
 */
export function childrenOf<K extends AnyKind | KindRef>(
  node: LiveNode<unknown, object> | undefined,
  kind: K,
): NodeOf<K>[] {
  const nodes: LiveNode[] = node?.children[kind.kind] ?? [];
  return nodes as NodeOf<K>[];
}
