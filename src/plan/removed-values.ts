// What a delete takes away, for the reviewer: the deleted item's values as its configuration
// would write them (its kind's `toConfig`, the export's own form), each a field change with a
// `from` and no `to`. Its name is in its address already, and the items it holds are changes
// or consequences of their own, so neither is repeated. A secret (a certificate, a token in a
// URL) is never shown: the field is marked sensitive and its value kept out of the plan.

import { SecretsKeptOut } from "../export/secrets.ts";
import type { AnyKind, ExportContext, LiveNode, PlanContext, Scope } from "../kinds/types.ts";
import type { FieldChange } from "../model/plan.ts";
import { REDACTED } from "../secrets/redactor.ts";

/** A delete's values, and the secrets they held (for the run's redactor). */
export interface RemovedValues {
  fields: FieldChange[];
  secrets: string[];
}

const NOTHING: RemovedValues = { fields: [], secrets: [] };

/** An export context that names spaces as the configuration does and writes nothing else. */
function quietContext(spaces: Record<string, string>): ExportContext {
  // The first name of a space, as addresses name it.
  const names = new Map<string, string>();
  for (const [name, id] of Object.entries(spaces)) if (!names.has(id)) names.set(id, name);
  return {
    space: (id) => names.get(id) ?? id,
    exportedKey: () => undefined,
    children: () => [],
    comment: () => {},
    warn: () => {},
  };
}

export function removedValues(
  module: AnyKind,
  live: LiveNode,
  /** Its name in its address. */
  name: string,
  scope: Scope,
  ctx: PlanContext,
  spaces: Record<string, string>,
): RemovedValues {
  const own = module.removedValues?.(live, scope, ctx);
  if (own) return { fields: own, secrets: [] };
  if (!module.toConfig) return NOTHING;
  let config: Record<string, unknown> | undefined;
  try {
    config = module.toConfig(live, scope, quietContext(spaces));
  } catch {
    // An item the export could not write still deletes: it shows its name only.
    return NOTHING;
  }
  if (!config) return NOTHING;
  // The field that names it (its name is in its address) and its children are not repeated.
  const key = module.liveKey(live.item);
  const left = new Set<string>(["id"]);
  const naming = module.config.identities.find(
    ({ field }) => config![field] === name || config![field] === key,
  );
  if (naming) left.add(naming.field);
  for (const child of module.children ?? []) left.add(child.collection);
  const kept = { ...config };
  const secrets = new SecretsKeptOut();
  secrets.keepOut(kept, { kind: module, key, address: "" });
  const fields: FieldChange[] = [];
  for (const [field, value] of Object.entries(config)) {
    if (left.has(field) || value === undefined || value === null) continue;
    if (kept[field] !== value) fields.push({ field, from: REDACTED, sensitive: true });
    else fields.push({ field, from: value });
  }
  return { fields, secrets: secrets.values };
}
