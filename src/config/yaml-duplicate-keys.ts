// Each key written again in its mapping, found in the `yaml` package's reading of a file: the
// package's own check is quadratic in a mapping's keys (see readDocument in yaml-positions.ts).

import type { Document } from "yaml";
import type { KeyPath } from "../model/desired.ts";
import { yamlPackage } from "./yaml-package.ts";
import { range } from "./yaml-part-reading.ts";
import { keyText } from "./yaml-positions.ts";

/** Each key written again in its mapping (js-yaml's sense: the same text; a plain `<<`, a
 * merge, may repeat), at the repeat, with its key path and the offset of the first. */
export function duplicateKeys(doc: Document.Parsed): { at: number; path: KeyPath; first: number }[] {
  const { isMap, isScalar, isSeq } = yamlPackage();
  const found: { at: number; path: KeyPath; first: number }[] = [];
  const pending: [unknown, KeyPath][] = [[doc.contents, []]];
  // Without recursion, as the file may nest deeper than the stack goes.
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [node, path] = next;
    if (isSeq(node)) for (const [index, item] of node.items.entries()) pending.push([item, [...path, index]]);
    if (!isMap(node)) continue;
    const seen = new Map<string, number>();
    for (const pair of node.items) {
      const key = keyText(pair.key);
      const at = range(pair.key)?.[0] ?? 0;
      const merge = isScalar(pair.key) && typeof pair.key.value === "symbol";
      if (key !== undefined) pending.push([pair.value, [...path, key]]);
      if (key === undefined || merge) continue;
      const first = seen.get(key);
      if (first === undefined) seen.set(key, at);
      else found.push({ at, path: [...path, key], first });
    }
  }
  return found.sort((a, b) => a.at - b.at);
}
