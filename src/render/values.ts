// How changes and values are shown, the same in every format: the symbol of each action, and
// values as JSON, ids of new items by name.

import { type Address, IdRef, refText } from "../model/address.ts";
import type { ChangeAction } from "../model/plan.ts";
import { type BodyRef, filledBody } from "../model/references.ts";

export const SYMBOLS: Record<ChangeAction, string> = {
  create: "+",
  update: "~",
  replace: "-/+",
  delete: "-",
  move: "↕",
};

/**
 * JSON, except that ids of items this plan creates read as what they are: those `refs` places
 * in the value, and references the value holds itself (a field set to a new item's id).
 */
export function showValue(value: unknown, refs?: readonly BodyRef[]): string {
  const names: string[] = [];
  const shown = refs ? filledBody(value, refs, (address: Address) => new IdRef(address)) : value;
  const json =
    JSON.stringify(shown, (_key, item: unknown) => {
      if (!(item instanceof IdRef)) return item;
      names.push(refText(item));
      return `\u0000${names.length - 1}`;
    }) ?? "null";
  return json.replace(/"\\u0000(\d+)"/g, (_, index: string) => names[Number(index)]!);
}
