// How changes and values are shown, the same in every format: the symbol of each action, and
// values as JSON, ids of new items by name.

import { lastSegment, placeholderAddress } from "../model/address.ts";
import type { ChangeAction } from "../model/plan.ts";

export const SYMBOLS: Record<ChangeAction, string> = {
  create: "+",
  update: "~",
  replace: "-/+",
  delete: "-",
  move: "↕",
};

/** JSON, except that ids of items this plan creates read as what they are. */
export function showValue(value: unknown): string {
  const names: string[] = [];
  const json =
    JSON.stringify(value, (_key, item: unknown) => {
      const address = typeof item === "string" ? placeholderAddress(item) : undefined;
      if (address === undefined) return item;
      names.push(`(id of new ${lastSegment(address)})`);
      return `\u0000${names.length - 1}`;
    }) ?? "null";
  return json.replace(/"\\u0000(\d+)"/g, (_, index: string) => names[Number(index)]!);
}
