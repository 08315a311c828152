// YAML 1.1 merge keys, common in hand-written configuration: `<<: *defaults` (or a list of
// anchors) gives a mapping each key of the mappings named that it does not set itself, the first
// named first. js-yaml reads `<<` as a key; the merge happens once the value is interpolated, so
// that what it copies is what the anchor became (`maxDestroy: ${MAX}` a number).

import type { Diagnostic } from "./diagnostics.ts";
import { diagnosticAt, type KeyPath, type YamlFile } from "./yaml-positions.ts";

/** Merges in place every mapping of `value` holding `<<`; a problem for each `<<` that names no
 * mapping. `text` is the file's text: without "<<" in it there is nothing to do. */
export function applyMergeKeys(file: YamlFile, value: unknown, text: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (!text.includes("<<")) return out;
  const done = new Set<object>();
  const visit = (item: unknown, path: KeyPath): void => {
    if (item === null || typeof item !== "object" || done.has(item)) return;
    done.add(item);
    // What a mapping merges is merged first.
    for (const [key, child] of Object.entries(item))
      visit(child, [...path, Array.isArray(item) ? Number(key) : key]);
    // A quoted "<<" is an ordinary key.
    if (Array.isArray(item) || !Object.hasOwn(item, "<<") || !file.positions.isPlain([...path, "<<"], "key"))
      return;
    const map = item as Record<string, unknown>;
    const named = map["<<"];
    delete map["<<"];
    for (const source of Array.isArray(named) ? named : [named]) {
      if (source === null || typeof source !== "object" || Array.isArray(source)) {
        out.push(
          diagnosticAt(file, [...path, "<<"], "a merge key (<<) names a mapping, or a list of mappings"),
        );
        continue;
      }
      for (const [key, child] of Object.entries(source)) if (!Object.hasOwn(map, key)) map[key] = child;
    }
  };
  visit(value, []);
  return out;
}
