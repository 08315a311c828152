// The one walk over the kinds' tree that reads live items: a kind's list in a scope, then,
// for the items the caller chooses, their details and the lists below them, concurrently. The
// client bounds how many requests are in flight; each list page is one request.

import type { LiveReader } from "../api/client-types.ts";
import type { DesiredState } from "../kinds/registry.ts";
import { TOP_LEVEL_KINDS } from "../kinds/registry.ts";
import type { AnyKind, LiveNode, Scope } from "../kinds/types.ts";
import { addressOf } from "../model/address.ts";
import { type LiveState, scopeBelow } from "../model/scope.ts";
import { listReadError } from "./absent-list.ts";

type Node = LiveNode<{ id: string }>;

/** What to read: which kinds in a scope, and below which of their items. */
export interface ReadChoice {
  /** Whether to read the items of `kind` in `scope`. */
  reads(kind: AnyKind, scope: Scope): boolean;
  /** The live items to read further, each with the configured item that stands for it. */
  below(kind: AnyKind, scope: Scope, nodes: Node[]): { node: Node; desired: unknown }[];
}

/** The scope of the items below `node`, an item of `kind` in `scope`. */
export function scopeOfNode(kind: AnyKind, scope: Scope, node: Node, desired: unknown): Scope {
  return scopeBelow(scope, {
    kind: kind.kind,
    address: addressOf(scope.address, kind.kind, kind.liveKey(node.item)),
    id: node.item.id,
    desired,
    live: node,
  });
}

async function readKind(
  client: LiveReader,
  kind: AnyKind,
  scope: Scope,
  parent: LiveNode,
  choice: ReadChoice,
) {
  // A parent may have read its children with itself (a section's site spaces).
  if (parent.children[kind.kind] === undefined) {
    if (!choice.reads(kind, scope)) return;
    try {
      parent.children[kind.kind] = await kind.read(client, scope);
    } catch (error) {
      throw await listReadError(error, kind, scope, client);
    }
  }
  if (!kind.children && !kind.readDetails) return;
  const nodes = parent.children[kind.kind] as Node[];
  await Promise.all(
    choice.below(kind, scope, nodes).map(async ({ node, desired }) => {
      const below = scopeOfNode(kind, scope, node, desired);
      const details = kind.readDetails?.(client, scope, node, desired);
      await Promise.all([details, ...readChildren(client, kind.children ?? [], below, node, choice)]);
    }),
  );
}

/**
 * Reads each child kind of `parent`, concurrently. A kind whose reading depends on its siblings'
 * items (`readAfter`) waits for them, unless its configuration asks for its items anyway.
 */
function readChildren(
  client: LiveReader,
  kinds: readonly AnyKind[],
  scope: Scope,
  parent: LiveNode,
  choice: ReadChoice,
): Promise<void>[] {
  const reading = new Map<string, Promise<void>>();
  return kinds.map((child) => {
    const waits = child.readAfter && child.desired(scope) === undefined ? child.readAfter : [];
    for (const name of waits)
      if (!reading.has(name))
        throw new Error(`kind ${child.kind} reads after ${name}, which must come first`);
    const read = Promise.all(waits.map((name) => reading.get(name))).then(() =>
      readKind(client, child, scope, parent, choice),
    );
    reading.set(child.kind, read);
    return read;
  });
}

/**
 * About how many requests go out at once when the lists of `kinds` answer: one per child kind
 * that `choice` reads below each configured item. Estimated before the answers, so that
 * connections for them open while waiting: without the live items, a kind read only for what
 * the live state holds is not counted, nor are details, which few items ask for.
 */
export function requestsBelow(kinds: readonly AnyKind[], scope: Scope, choice: ReadChoice): number {
  let requests = 0;
  for (const kind of kinds) {
    if (!kind.children?.length) continue;
    for (const desired of kind.desired(scope) ?? []) {
      const below = scopeBelow(scope, { kind: kind.kind, address: scope.address, id: "", desired });
      for (const child of kind.children) if (readsWithoutLive(choice, child, below)) requests += 1;
    }
  }
  return requests;
}

/** Whether `choice` reads `kind` in a scope whose live item is not known yet. */
function readsWithoutLive(choice: ReadChoice, kind: AnyKind, scope: Scope): boolean {
  try {
    return choice.reads(kind, scope);
  } catch {
    // A kind that needs the live item to decide: counted, as it may well be read.
    return true;
  }
}

/** Reads the live organization, as far as `choice` asks, below a root standing for `desired`. */
export async function readTree(
  client: LiveReader,
  desired: DesiredState,
  choice: ReadChoice,
): Promise<LiveState> {
  const root: LiveState = { item: { id: desired.organization }, children: {} };
  const scope: Scope = { organization: desired.organization, address: "", desired, live: root, ids: {} };
  // The requests of the next level go out at once when these lists answer: their connections
  // open while the lists are awaited.
  const next = requestsBelow(TOP_LEVEL_KINDS, scope, choice);
  const reading = Promise.all(TOP_LEVEL_KINDS.map((kind) => readKind(client, kind, scope, root, choice)));
  client.prepare?.(next);
  await reading;
  return root;
}
