// The one walk over the kinds' tree that reads live items: a kind's list in a scope, then,
// for the items the caller chooses, their details and the lists below them, concurrently. The
// client bounds how many requests are in flight; each list page is one request. A list or
// details the service does not offer are noted (absent-list.ts), and the walk goes on.

import { desiredIn } from "../kinds/items-of.ts";
import type { DesiredState } from "../kinds/registry.ts";
import { kindsOf } from "../kinds/registry.ts";
import type { AnyKind, LiveNode, RunReader, Scope } from "../kinds/types.ts";
import { addressOf, addressText, ROOT } from "../model/address.ts";
import { type LiveState, scopeBelow } from "../model/scope.ts";
import { type AbsentRead, absentRead } from "./absent-list.ts";

type Node = LiveNode<{ id: string }>;

/** What to read: which kinds in a scope, and below which of their items. */
export interface ReadChoice {
  /** Whether to read the items of `kind` in `scope`. */
  reads(kind: AnyKind, scope: Scope): boolean;
  /**
   * The live items to read further, each with the configured item that stands for it, and the
   * key addresses name it by (`name`; default: its live key), as the plan names it.
   */
  below(kind: AnyKind, scope: Scope, nodes: Node[]): { node: Node; desired: unknown; name?: string }[];
}

/** The live organization as read, and the reads the service does not offer. */
export interface LiveRead {
  live: LiveState;
  absent: AbsentRead[];
}

/** The scope of the items below `node`, an item of `kind` in `scope`, named `name`. */
export function scopeOfNode(
  kind: AnyKind,
  scope: Scope,
  node: Node,
  desired: unknown,
  name: string = kind.liveKey(node.item),
): Scope {
  return scopeBelow(scope, {
    kind: kind.kind,
    address: addressOf(scope.address, kind.kind, name),
    id: node.item.id,
    desired,
    live: node,
  });
}

/** One walk: the client, the caller's choice, and the absent reads noted so far. */
interface Walk {
  client: RunReader;
  choice: ReadChoice;
  absent: AbsentRead[];
}

/** Reads `kind` in `scope` below `parent`; `at` is its place in the walk. */
async function readKind(walk: Walk, kind: AnyKind, scope: Scope, parent: LiveNode, at: number[]) {
  const { client, choice } = walk;
  // A parent may have read its children with itself (a section's site spaces).
  if (parent.children[kind.kind] === undefined) {
    if (!choice.reads(kind, scope)) return;
    try {
      parent.children[kind.kind] = await kind.read(client, scope);
    } catch (error) {
      const read = {
        key: kind.collection,
        kind,
        details: false,
        where: addressText(scope.address),
        node: parent,
        at,
      };
      walk.absent.push(await absentRead(error, client, scope, read));
      return;
    }
  }
  if (!kind.children && !kind.readDetails) return;
  const nodes = parent.children[kind.kind] as Node[];
  await Promise.all(
    choice.below(kind, scope, nodes).map(async ({ node, desired, name }, index) => {
      const below = scopeOfNode(kind, scope, node, desired, name);
      const here = [...at, index];
      const details = kind.readDetails?.(client, scope, node, desired).catch(async (error: unknown) => {
        const key = kind.detailsKey ?? kind.collection;
        const read = { key, kind, details: true, where: addressText(below.address), node, at: [...here, -1] };
        walk.absent.push(await absentRead(error, client, scope, read));
      });
      await Promise.all([details, ...readChildren(walk, kind.children ?? [], below, node, here)]);
    }),
  );
}

/**
 * Reads each child kind of `parent`, concurrently. A kind whose reading depends on its siblings'
 * items (`readAfter`) waits for them, unless its configuration asks for its items anyway.
 */
function readChildren(
  walk: Walk,
  kinds: readonly AnyKind[],
  scope: Scope,
  parent: LiveNode,
  at: number[],
): Promise<void>[] {
  const reading = new Map<string, Promise<void>>();
  return kinds.map((child, index) => {
    const waits = child.readAfter && desiredIn(child, scope) === undefined ? child.readAfter : [];
    for (const name of waits)
      if (!reading.has(name))
        throw new Error(`kind ${child.kind} reads after ${name}, which must come first`);
    const read = Promise.all(waits.map((name) => reading.get(name))).then(() =>
      readKind(walk, child, scope, parent, [...at, index]),
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
    for (const desired of desiredIn(kind, scope) ?? []) {
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

/**
 * Reads the live organization, as far as `choice` asks, below a root standing for `desired`.
 * A list or details the service does not offer are left out of the tree and returned as
 * `absent`; any other failure stops the read.
 */
export async function readTree(
  client: RunReader,
  desired: DesiredState,
  choice: ReadChoice,
): Promise<LiveRead> {
  const root: LiveState = { item: { id: desired.organization }, children: {} };
  const scope: Scope = { organization: desired.organization, address: ROOT, desired, live: root, ids: {} };
  const walk: Walk = { client, choice, absent: [] };
  // The requests of the next level go out at once when these lists answer: their connections
  // open while the lists are awaited.
  const { topLevel } = kindsOf(desired);
  const next = requestsBelow(topLevel, scope, choice);
  const reading = Promise.all(topLevel.map((kind, index) => readKind(walk, kind, scope, root, [index])));
  client.prepare?.(next);
  await reading;
  return { live: root, absent: walk.absent };
}
