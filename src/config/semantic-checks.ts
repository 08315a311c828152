// Checks that need the merged configuration: duplicate identities, rename hints that collide
// with listed keys, and what each kind checks of its items (references to names that exist,
// one default per list). They only see files that are valid on their own, so they can trust
// the shapes.

import type { KindSet } from "../kinds/kind-set.ts";
import type { CheckContext, Identity } from "../kinds/types.ts";
import type { Diagnostic } from "./diagnostics.ts";
import { PlacedPerFile } from "./error-cap.ts";
import { where } from "./first-place.ts";
import { KeyIndex } from "./key-index.ts";
import { rootEntries, topLevelItems, walkContainers } from "./kind-items.ts";
import type { Located, MergedConfig } from "./merge.ts";
import { diagnosticAt, type KeyPath } from "./yaml-positions.ts";

export function checkSemantics(
  merged: MergedConfig,
  options: { partial: boolean; kinds: KindSet },
): Diagnostic[] {
  const out = new PlacedPerFile<Located<unknown>["file"]>();
  // References across files are only checked when every file could be read: the name may be
  // defined in a file that has errors of its own.
  const complete = !options.partial;
  const keys = new Map<string, ReadonlySet<string>>();
  const context: Omit<CheckContext, "parent"> = {
    report: (item, field, message) => {
      const located = item as Located<unknown>;
      out.add(located.file, () => at(located, field, message));
    },
    where: (item, field, from) => whereIn(item as Located<unknown>, field, from as Located<unknown>),
    spaces: complete ? merged.spaces : undefined,
    entryOf: (key, name) => (complete ? rootEntries(merged, key).get(name) : undefined),
    entriesOf: (key) => [...rootEntries(merged, key).keys()],
    keysOf(collection) {
      if (!complete) return undefined;
      let known = keys.get(collection);
      if (known === undefined) {
        const kind = options.kinds.topLevelOf(collection);
        const field = kind?.config.identities[0]?.field;
        const items = kind === undefined ? [] : (topLevelItems(kind, merged) ?? []);
        known = new Set(items.map((item) => String((item.value as Record<string, unknown>)[field ?? ""])));
        keys.set(collection, known);
      }
      return known;
    },
  };
  walkContainers(merged, options.kinds, (kind, items, parent) => {
    for (const identity of kind.config.identities) checkIdentity(out, items, identity, kind.kind);
    const ctx = parent ? { ...context, parent: { item: parent.item, kind: parent.kind.kind } } : context;
    kind.config.check?.(items, ctx);
  });
  return out.diagnostics();
}

/** Duplicate values of an identity field, duplicate rename hints, and hints naming a value that
 * another item has. One pass over the items, and a second only when one of them has a hint: a
 * site may have 100,000 redirects, and this runs before V8 has optimised it. */
function checkIdentity(
  out: PlacedPerFile<Located<unknown>["file"]>,
  all: Located<unknown>[],
  identity: Identity,
  kind: string,
): void {
  const { field, noun = field, hints = true, optional = false } = identity;
  const keyOf = (n: number) => String(((all[n] as Located<unknown>).value as Record<string, unknown>)[field]);
  const byKey = new KeyIndex(all.length, keyOf);
  let hinted = false;
  for (let n = 0; n < all.length; n++) {
    const item = all[n] as Located<unknown>;
    const fields = item.value as Record<string, unknown>;
    const value = fields[field];
    if (optional && value === undefined) continue;
    if (fields.was !== undefined) hinted = true;
    const key = String(value);
    const firstAt = byKey.add(n, key);
    const first = firstAt === -1 ? undefined : all[firstAt];
    if (first !== undefined)
      out.add(item.file, () =>
        at(
          item,
          [field],
          `duplicate ${kind} ${noun} "${key}" (first at ${whereIn(first, field, item, [field])})`,
        ),
      );
  }
  if (!hints || !hinted) return;
  const byWas = new Map<string, Located<unknown>>();
  for (const item of all) {
    const { [field]: value, was } = item.value as Record<string, unknown> & { was?: string };
    if ((optional && value === undefined) || was === undefined || was === String(value)) continue;
    const ownerAt = byKey.get(was);
    const owner = ownerAt === -1 ? undefined : all[ownerAt];
    const first = byWas.get(was);
    if (owner !== undefined) {
      const message = () =>
        `was "${was}" is the ${noun} of the ${kind} at ${whereIn(owner, field, item, ["was"])}; a rename hint names a ${noun} that is no longer listed`;
      out.add(item.file, () => at(item, ["was"], message()));
    } else if (first !== undefined) {
      out.add(item.file, () =>
        at(item, ["was"], `was "${was}" is already claimed at ${whereIn(first, "was", item, ["was"])}`),
      );
    } else {
      byWas.set(was, item);
    }
  }
}

/** Where `field` of `first` is, said from the file of `from` (and from the line of `sub` below
 * `from`, where the diagnostic is, when given). */
function whereIn(first: Located<unknown>, field: string, from: Located<unknown>, sub?: KeyPath): string {
  const later = sub === undefined ? undefined : [...from.path, ...sub];
  return where({ file: first.file, path: [...first.path, field] }, from.file, later);
}

function at(item: Located<unknown>, sub: KeyPath, message: string): Diagnostic {
  return diagnosticAt(item.file, [...item.path, ...sub], message);
}
