// What deleting a site takes along, for the reviewer: everything in it. The items read for it
// are listed one by one (its sections, groups, root site spaces, redirects); a site whose lists
// the plan did not read (one the configuration no longer lists) says what its own answer
// counts: its site spaces, and that its sections, groups and redirects go with them.

import { type Address, addressOf, addressText } from "../../model/address.ts";
import type { Consequence } from "../../model/plan.ts";
import type { AnyKind, LiveNode } from "../types.ts";

export function siteContents(
  live: LiveNode<{ id: string; siteSpaces?: number }>,
  address: Address,
  kinds: readonly AnyKind[],
  configuration: { spaces: Record<string, string> },
): Consequence[] {
  const read = kinds.filter((kind) => live.children[kind.kind] !== undefined);
  if (read.length === 0) {
    const count = live.item.siteSpaces ?? 0;
    if (count === 0) return [];
    const siteSpaces = `${count.toLocaleString("en-US")} site space${count === 1 ? "" : "s"}`;
    return [
      {
        action: "delete",
        kind: "site space",
        address: `${addressText(address)} › ${siteSpaces}`,
        note: "and every section, group and redirect of the site",
      },
    ];
  }
  return read.flatMap((kind) =>
    (live.children[kind.kind] ?? []).map((node) => {
      const name = kind.liveLabel?.(node.item, configuration) ?? kind.liveKey(node.item);
      return {
        action: "delete" as const,
        kind: kind.kind,
        address: addressText(addressOf(address, kind.kind, name)),
        liveId: (node.item as { id: string }).id,
      };
    }),
  );
}
