// Reads everything docsync manages in an organization, through the kinds' own `read` functions:
// every item of every top-level kind, and below each item all of its children; then the items of
// kinds that no call lists, which the export finds (`exportFind`).

import type { KindSet } from "../kinds/kind-set.ts";
import { builtInKinds, type DesiredState } from "../kinds/registry.ts";
import type { AnyKind, RunReader, Scope } from "../kinds/types.ts";
import type { AbsentRead } from "../live/absent-list.ts";
import { type LiveRead, readTree } from "../live/walk.ts";
import { ROOT } from "../model/address.ts";
import type { LiveState } from "../model/scope.ts";

/**
 * A configured item that asks for everything: every list is there (so managed), and every
 * detail a kind reads on demand is wanted (a site's adaptive schema). It stands for the
 * organization and for each item alike, since the kinds read only what they need from it.
 */
export function everything(organization: string, kinds: KindSet): DesiredState {
  const all: Record<string, unknown> = {
    files: [],
    organization,
    spaces: {},
    policy: { prune: [] },
    sensitiveValues: [],
    at: { file: "", line: 0, column: 0 },
  };
  for (const kind of kinds.all) {
    all[kind.collection] = [];
    Object.assign(all, kind.detailsWanted);
  }
  if (kinds !== builtInKinds) all.kinds = kinds;
  return all as unknown as DesiredState;
}

/**
 * The whole live organization, as far as docsync manages it and the service offers it. An export
 * passes the same reader, made with sharedReads, here and to readFound, so that what both need
 * (the user the token belongs to, its teams, the members) is asked for once.
 */
export function readOrganization(client: RunReader, organization: string, kinds: KindSet): Promise<LiveRead> {
  const all = everything(organization, kinds);
  return readTree(client, all, {
    reads: () => true,
    below: (_kind, _scope, nodes) => nodes.map((node) => ({ node, desired: all })),
  });
}

/**
 * Reads the items of the kinds whose live items no call lists (`exportFind`): each kind says
 * which it can find, from the organization as read and the space ids the export names (`named`);
 * they are then read, with their details and children, as configured items that ask for
 * everything, and added to `live`. Returns what the service does not offer among those reads.
 */
export async function readFound(
  client: RunReader,
  organization: string,
  live: LiveState,
  named: readonly string[],
  kinds: KindSet,
): Promise<AbsentRead[]> {
  const all = everything(organization, kinds);
  const scope: Scope = { organization, address: ROOT, desired: all, live, ids: {} };
  const found = new Map<AnyKind, unknown[]>();
  await Promise.all(
    kinds.topLevel.map(async (kind) => {
      if (!kind.exportFind) return;
      const items = await kind.exportFind(client, scope, { spaces: named });
      found.set(kind, items);
      (all as unknown as Record<string, unknown>)[kind.collection] = items;
    }),
  );
  if (found.size === 0) return [];
  const { live: tree, absent } = await readTree(client, all, {
    // At the top level only the kinds found; below their items, everything.
    reads: (kind, at) => at.address.length > 0 || found.has(kind),
    below: (kind, _at, nodes) =>
      nodes.map((node) => ({
        node,
        desired:
          found.get(kind)?.find((item) => kind.key(item) === kind.liveKey(node.item)) ?? (all as unknown),
      })),
  });
  for (const kind of found.keys()) live.children[kind.kind] = tree.children[kind.kind];
  return absent;
}
