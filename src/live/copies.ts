// Telling a live duplicate that two runs at once made apart from one made on purpose. Two applies
// of one configuration started together each create what did not exist, and each makes its own
// copy of every item whose key the API does not keep unique: the same fields, holding the same
// things, except that each run's items refer to its own copies of the others (its team, its
// parent collection, its sections). Such a copy matches its configured item exactly and holds
// nothing the configuration does not give it, once references to duplicates are read as
// references to the items they repeat: it may go. Anything else was made or changed by someone,
// and is never deleted as a duplicate.

import { DocsyncError } from "../errors.ts";
import { desiredIn } from "../kinds/items-of.ts";
import { pluralOf } from "../kinds/kind-set.ts";
import { type AnyKind, addressKey, type LiveNode, type PlanContext, type Scope } from "../kinds/types.ts";
import { type Address, addressOf, addressText, childText, IdRef, isUnder } from "../model/address.ts";
import { type ItemMeta, placeOf } from "../model/desired.ts";
import { runMemo, scopeBelow } from "../model/scope.ts";
import type { Copies, DecidedSoFar } from "./duplicates.ts";
import { type MatchRules, matchItems } from "./match.ts";

type Node = LiveNode<{ id: string }>;
/** The live item a duplicate repeats, by the duplicate's id. */
type DuplicateOf = (id: string) => Node | undefined;

/**
 * How the matching of `module`'s items in `scope` tells copies: `ctx` answers for the items
 * outside the container, `duplicateOf` for the duplicates of the containers matched before.
 */
export function copiesOf(
  module: AnyKind,
  scope: Scope,
  items: readonly ItemMeta[],
  describe: (key: string) => string,
  ctx: PlanContext,
  duplicateOf: DuplicateOf,
): Copies<ItemMeta, { id: string }> {
  let indexOf: Map<string, number> | undefined;
  return {
    isCopy(desired, node, decided) {
      // An item of the container names another (a collection its parent) by the item decided so far.
      indexOf ??= new Map(items.map((item, index) => [describe(addressKey(module, item)), index]));
      const context = trialContext(ctx, (address) => {
        const index = indexOf!.get(addressText(address));
        return index !== undefined && { id: decided.live[index]?.item.id };
      });
      const repeated = (id: string) => duplicateOf(id) ?? decidedDuplicateOf(decided, id);
      return isCopy(module, desired, node, scope, context, repeated);
    },
    ambiguous(desired, nodes) {
      const identity = module.config.identities[0];
      const noun = identity?.noun ?? identity?.field;
      const said = noun === "title" ? "are titled" : noun === "label" ? "are labelled" : `have the ${noun}`;
      const key = JSON.stringify(addressKey(module, desired));
      const ids = nodes.map((node) => node.item.id).join(", ");
      return new DocsyncError(
        "plan.ambiguous",
        `${placeOf(desired.at)}: ${nodes.length} live ${pluralOf(module)} ${said} ${key} (${ids}): pin the one this is with id: <${module.kind} id>`,
      );
    },
  };
}

function decidedDuplicateOf(decided: DecidedSoFar<{ id: string }>, id: string): Node | undefined {
  for (const [duplicate, kept] of decided.duplicates) if (duplicate.item.id === id) return kept;
  return undefined;
}

/**
 * Whether `node` is a copy of `desired` that two runs at once could have made: planning `desired`
 * against it changes nothing (references to duplicates read as to the items they repeat), it
 * holds nothing more than its configuration gives it, and so do the items below it.
 */
export function isCopy(
  module: AnyKind,
  desired: ItemMeta,
  node: Node,
  scope: Scope,
  ctx: PlanContext,
  duplicateOf: DuplicateOf,
): boolean {
  const seen = withoutDuplicates(node, duplicateOf);
  const held = module.holdingFields ?? [];
  try {
    if ((module.mustReplace?.(desired, seen) ?? []).length > 0) return false;
    const changes = module.diff(desired, seen, scope, ctx);
    if (changes.some((change) => !held.includes(change.field))) return false;
    if ((module.holds?.(seen, desired, scope, ctx) ?? []).length > 0) return false;
  } catch (error) {
    // A configuration the kind cannot even compare with the item: not a copy of it.
    if (error instanceof DocsyncError) return false;
    throw error;
  }
  return module.children === undefined || childrenAreCopies(module, desired, node, scope, ctx, duplicateOf);
}

/**
 * Whether every item below `node` is a copy of one that `desired` lists below it. Items below a
 * copy name each other (a redirect its section) by the ids they have there.
 */
function childrenAreCopies(
  module: AnyKind,
  desired: ItemMeta,
  node: Node,
  scope: Scope,
  ctx: PlanContext,
  duplicateOf: DuplicateOf,
): boolean {
  const address = addressOf(scope.address, module.kind, addressKey(module, desired));
  const below = scopeBelow(scope, { kind: module.kind, address, id: node.item.id, desired, live: node });
  const ids = new Map<string, string>();
  const own = (at: Address) => at.length > address.length && isUnder(at, address);
  const context = trialContext(ctx, (at) => own(at) && { id: ids.get(addressText(at)) });
  const pairs: [AnyKind, ItemMeta, Node][] = [];
  for (const child of module.children ?? []) {
    const configured = desiredIn(child, below) as ItemMeta[] | undefined;
    const live = (node.children[child.kind] ?? []) as Node[];
    if (configured === undefined) {
      // A singleton (a site's customization) is there from the item's creation on, whoever
      // made it: unconfigured, it says nothing of who made the item.
      if (live.length > 0 && !child.singleton) return false;
      continue;
    }
    const parentText = addressText(address);
    const describe = (key: string) => childText(parentText, child.kind, key);
    const rules: MatchRules<ItemMeta, { id: string }> = child.matchKey
      ? { key: (item) => child.matchKey!(item, below, context), liveKey: child.liveKey, adopts: child.adopts }
      : child;
    let matching: ReturnType<typeof matchItems<ItemMeta, { id: string }>>;
    try {
      matching = matchItems(configured, live, rules, describe);
    } catch (error) {
      if (error instanceof DocsyncError) return false;
      throw error;
    }
    // An item below it that the configuration does not list was made by someone.
    if (matching.unclaimed.length > 0) return false;
    configured.forEach((item, index) => {
      const found = matching.live[index];
      if (!found) return;
      ids.set(describe(addressKey(child, item)), found.item.id);
      pairs.push([child, item, found]);
    });
  }
  return pairs.every(([child, item, found]) => isCopy(child, item, found, below, context, duplicateOf));
}

/**
 * The live item as the configuration would see it if each duplicate it names were the item it
 * repeats: an id becomes the kept item's id, an embedded item the kept item itself.
 */
function withoutDuplicates(node: Node, duplicateOf: DuplicateOf): Node {
  let changed = false;
  const replace = (value: unknown): unknown => {
    if (typeof value === "string") {
      const kept = duplicateOf(value);
      if (!kept) return value;
      changed = true;
      return kept.item.id;
    }
    if (Array.isArray(value)) return value.map(replace);
    if (value === null || typeof value !== "object") return value;
    const id = (value as { id?: unknown }).id;
    const kept = typeof id === "string" ? duplicateOf(id) : undefined;
    if (kept) {
      changed = true;
      return kept.item;
    }
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, replace(field)]));
  };
  const item: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node.item)) item[key] = key === "id" ? value : replace(value);
  return changed ? { ...node, item: item as { id: string } } : node;
}

/**
 * The context of a trial planning: the items `local` answers for (an item of the container, an
 * item below a copy; `id` undefined for one not made yet) are this trial's, none of them deleted,
 * and `ctx` answers for the rest. What a kind works out from these answers stays in the trial.
 */
function trialContext(
  ctx: PlanContext,
  local: (address: Address) => false | undefined | { id: string | undefined },
): PlanContext {
  return {
    idOf: (at) => {
      const found = local(at);
      return found ? (found.id ?? new IdRef(at)) : ctx.idOf(at);
    },
    liveIdOf: (at) => {
      const found = local(at);
      return found ? found.id : ctx.liveIdOf(at);
    },
    deletes: (at) => (local(at) ? undefined : ctx.deletes(at)),
    ...runMemo(),
  };
}
