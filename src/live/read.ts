// Reads the live state that the configuration names: a kind's items where the configuration
// manages them (or names them), and below each configured item that exists.

import type { LiveReader } from "../api/client-types.ts";
import type { DesiredState, ItemMeta } from "../config/types.ts";
import { addressOf } from "../model/address.ts";
import type { LiveState } from "../model/scope.ts";
import { keepMatching } from "./match.ts";
import { readTree } from "./walk.ts";

export function readLiveState(client: LiveReader, desired: DesiredState): Promise<LiveState> {
  return readTree(client, desired, {
    reads: (kind, scope) => kind.desired(scope) !== undefined || kind.readAnyway?.(scope) === true,
    below(kind, scope, nodes) {
      const configured = (kind.desired(scope) ?? []) as ItemMeta[];
      const describe = (key: string) => addressOf(scope.address, kind.kind, key);
      const matching = keepMatching(configured, nodes, kind, describe);
      return configured.flatMap((item, index) => {
        const node = matching.live[index];
        return node ? [{ node, desired: item }] : [];
      });
    },
  });
}
