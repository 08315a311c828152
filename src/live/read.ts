// Reads the live state that the configuration names, concurrently: the top-level lists first,
// then, for every configured item that exists, the lists below it. The client bounds how many
// requests are in flight; each list page is one request.

import type { LiveReader } from "../api/client-types.ts";
import type { DesiredState, ItemMeta } from "../config/types.ts";
import { TOP_LEVEL_KINDS } from "../kinds/registry.ts";
import { type AnyKind, type LiveNode, type Scope } from "../kinds/types.ts";
import { addressOf } from "../plan/address.ts";
import type { LiveState } from "../plan/build.ts";
import { matchItems } from "../plan/match.ts";

async function readContainer(
  client: LiveReader,
  module: AnyKind,
  scope: Scope,
  parent: LiveNode,
): Promise<void> {
  const desired = module.desired(scope) as ItemMeta[] | undefined;
  if (parent.children[module.kind] === undefined) {
    if (desired === undefined && !module.readAnyway?.(scope)) return;
    parent.children[module.kind] = await module.read(client, scope);
  }
  if (!desired || (!module.children && !module.readDetails)) return;
  const live = parent.children[module.kind] as LiveNode<{ id: string }>[];
  const describe = (key: string) => addressOf(scope.address, module.kind, key);
  const matching = matchItems(desired, live, module.key, module.liveKey, describe);
  await Promise.all(
    desired.map(async (item, index) => {
      const node = matching.live[index];
      if (!node) return;
      const childScope: Scope = {
        organization: scope.organization,
        address: describe(module.key(item)),
        desired: item,
        live: node,
        ids: { ...scope.ids, [module.kind]: node.item.id },
      };
      const details = module.readDetails?.(client, scope, node, item);
      const children = (module.children ?? []).map((child) => readContainer(client, child, childScope, node));
      await Promise.all([details, ...children]);
    }),
  );
}

export async function readLiveState(client: LiveReader, desired: DesiredState): Promise<LiveState> {
  const root: LiveState = { item: { id: desired.organization }, children: {} };
  const scope: Scope = { organization: desired.organization, address: "", desired, live: root, ids: {} };
  await Promise.all(TOP_LEVEL_KINDS.map((module) => readContainer(client, module, scope, root)));
  return root;
}
