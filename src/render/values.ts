// How changes and values are shown, the same in every format: the symbol of each action,
// values as JSON (ids of new items by name), sensitive values never, and large objects as a
// line diff.

import { diffLines } from "diff";
import { lastSegment, placeholderAddress } from "../model/address.ts";
import type { ChangeAction, FieldChange } from "../model/plan.ts";
import { SENSITIVE } from "./redact.ts";

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

/** What is shown of a sensitive field: that it is set, or that it changes. */
export function sensitiveText(field: FieldChange): string {
  return "from" in field && "to" in field ? `${SENSITIVE.slice(0, -1)}, changed)` : SENSITIVE;
}

export interface DiffLine {
  mark: "+" | "-" | " ";
  line: string;
}

/** Large objects (an adaptive schema) read better as a line diff than as two long lines. */
export function objectLineDiff(from: unknown, to: unknown): DiffLine[] | undefined {
  if (typeof from !== "object" || typeof to !== "object" || from === null || to === null) return undefined;
  if (showValue(from).length + showValue(to).length < 80) return undefined;
  const lines: DiffLine[] = [];
  for (const part of diffLines(JSON.stringify(from, null, 2), JSON.stringify(to, null, 2))) {
    const mark = part.added ? "+" : part.removed ? "-" : " ";
    for (const line of part.value.replace(/\n$/, "").split("\n")) lines.push({ mark, line });
  }
  return lines;
}
