// Fills in the ids of items created earlier in the same apply.

import { DocsyncError } from "../errors.ts";
import { replacePlaceholders } from "../model/address.ts";

function fill(text: string, ids: ReadonlyMap<string, string>, encode: boolean): string {
  return replacePlaceholders(text, (address) => {
    const id = ids.get(address);
    if (id === undefined) throw new DocsyncError("apply.missing-id", `the id of ${address} is not known yet`);
    return encode ? encodeURIComponent(id) : id;
  });
}

export const fillPath = (path: string, ids: ReadonlyMap<string, string>): string => fill(path, ids, true);

export function fillValue<T>(value: T, ids: ReadonlyMap<string, string>): T {
  if (typeof value === "string") return fill(value, ids, false) as T;
  if (Array.isArray(value)) return value.map((item) => fillValue(item, ids)) as T;
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillValue(item, ids)])) as T;
  }
  return value;
}
