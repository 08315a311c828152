// The first pass of the planner: every container of the kinds' tree matched, configured items
// to live ones, each item given an address and a fate (keep, create, replace, delete, leave
// alone), so that references across kinds resolve before any call is drafted. It answers the
// kinds' questions about ids (PlanContext).

import { DocsyncError } from "../errors.ts";
import { desiredIn } from "../kinds/items-of.ts";
import type { DesiredState } from "../kinds/registry.ts";
import { type AnyKind, addressKey, type LiveNode, type PlanContext, type Scope } from "../kinds/types.ts";
import { copiesOf } from "../live/copies.ts";
import { matchingOf } from "../live/match.ts";
import { type Address, addressText, childText, type Id, IdRef } from "../model/address.ts";
import type { ItemMeta } from "../model/desired.ts";
import { type RunMemo, scopeBelow } from "../model/scope.ts";
import { type Container, NONE, Slot } from "./slot.ts";
import { SlotIndex } from "./slot-index.ts";

export { type Container, NONE, Slot, type Status } from "./slot.ts";

/** The slot of the configured item at `index`, made now for a kept item that has none yet. */
export function slotAt(container: Container, index: number): Slot {
  let slot = container.slots[index];
  if (slot === undefined) {
    slot = new Slot(container, "keep", container.items[index], container.matched[index]);
    container.slots[index] = slot;
  }
  return slot;
}

/** The slots of the kept configured items, made for those that have none yet. */
function keptSlots(container: Container): Slot[] {
  const kept: Slot[] = [];
  for (let index = 0; index < container.items.length; index++) {
    const slot = container.slots[index];
    if (slot === undefined) kept.push(slotAt(container, index));
    else if (slot.status === "keep") kept.push(slot);
  }
  return kept;
}

export class Resolution implements PlanContext {
  private readonly slots = new SlotIndex<Slot>();
  /** The live item each live duplicate repeats, by the duplicate's id. */
  private readonly duplicates = new Map<string, LiveNode<{ id: string }>>();
  /** Whether `idOf` has given out a reference to a new item: until then no call holds one. */
  referencesMade = false;
  /** Every container, each before those below its items. */
  readonly containers: Container[] = [];

  constructor(
    private readonly desired: DesiredState,
    /** The run's memo: the reader's matchings, and what kinds work out once (`once`). */
    private readonly run: RunMemo,
  ) {}

  once<T>(about: object, name: string, make: () => T): T {
    return this.run.once(about, name, make);
  }

  /** The slot of an address. */
  get(address: Address): Slot | undefined {
    return this.slots.get(address);
  }

  /** The slot of a change's address, as the plan shows it. */
  slotShown(text: string): Slot | undefined {
    return this.slots.getShown(text);
  }

  /** Whether an address names an item of the configuration or of the live state read. */
  knows(address: Address): boolean {
    return this.slots.has(address);
  }

  idOf(address: Address): Id {
    const slot = this.slots.get(address);
    if (!slot)
      throw new DocsyncError(
        "plan.unknown-reference",
        `${addressText(address)} does not exist and is not in the configuration`,
      );
    if (slot.status === "create" || slot.status === "replace") {
      slot.reference ??= new IdRef(slot.address);
      this.referencesMade = true;
      return slot.reference;
    }
    if (!slot.live)
      throw new DocsyncError("plan.unknown-reference", `${addressText(address)} does not exist`);
    return slot.live.item.id;
  }

  liveIdOf(address: Address): string | undefined {
    const slot = this.slots.get(address);
    return slot?.status === "keep" || slot?.status === "unmanaged" ? slot.live?.item.id : undefined;
  }

  deletes(address: Address): string | undefined {
    const slot = this.slots.get(address);
    return slot?.status === "delete" || slot?.status === "replace" ? slot.live?.item.id : undefined;
  }

  /** Matches the items of `module` in `scope`, and below them, recursively. Unchanged items of a
   * kind without children are indexed by address only when an address of their container is
   * asked for: a container may hold 100,000 redirects. */
  resolve(module: AnyKind, scope: Scope, parentIsNew: boolean, parents: string[] = NONE): Container {
    const desiredItems = desiredIn(module, scope);
    const liveItems = (scope.live?.children[module.kind] ?? NONE) as LiveNode<{ id: string }>[];
    const managed = desiredItems !== undefined;
    const liveOrder = module.ordered ? liveItems.map((node) => node.item.id) : NONE;
    const parentText = addressText(scope.address);
    const describe = (key: string) => childText(parentText, module.kind, key);
    const items = desiredItems ?? NONE;
    // A kind that matches on what its items name (matchKey) matches once those are resolved:
    // the kinds before it in the tree are, since containers resolve in plan order.
    const rules = module.matchKey
      ? {
          key: (desired: ItemMeta) => module.matchKey!(desired, scope, this),
          liveKey: module.liveKey,
          adopts: module.adopts,
          label: module.label,
        }
      : module;
    const copies = copiesOf(module, scope, items, describe, this, (id) => this.duplicates.get(id));
    const matching = matchingOf(this.run, items, liveItems, rules, describe, copies);
    for (const [duplicate, kept] of matching.duplicates) this.duplicates.set(duplicate.item.id, kept);
    const container: Container = {
      module,
      scope,
      parentIsNew,
      managed,
      slots: [],
      items,
      matched: matching.live,
      liveOrder,
      describe,
      parents,
    };
    this.containers.push(container);
    const { slots } = container;
    // A kind without children leaves its unchanged items out of the index: duplicates are told
    // by their keys instead of their addresses.
    const keys = module.children ? undefined : new Set<string>();
    const compact = keys !== undefined && !module.ordered;
    let kept = 0;

    for (let index = 0; index < items.length; index++) {
      const desired = items[index]!;
      const live = matching.live[index];
      const replaceChanges = live && module.mustReplace ? module.mustReplace(desired, live) : NONE;
      if (live && (replaceChanges.length === 0 || desired.protect)) kept++;
      if (compact && live && replaceChanges.length === 0) {
        slots.push(undefined);
        this.countKey(keys, container, index);
        continue;
      }
      const slot = new Slot(container, live ? "keep" : "create", desired, live);
      slot.replaceChanges = replaceChanges;
      if (replaceChanges.length > 0 && !desired.protect) slot.status = "replace";
      slots.push(slot);
      if (keys) {
        this.countKey(keys, container, index);
        if (slot.status !== "keep") this.slots.add(slot.text, slot);
      } else if (!this.slots.add(slot.text, slot)) this.configuredTwice(slot.text);
    }
    const prune = managed && this.desired.policy.prune.includes(module.collection);
    for (let at = 0; at < matching.unclaimed.length; at++) {
      const live = matching.unclaimed[at]!;
      const kept = matching.duplicates.get(live);
      // A duplicate is deleted whatever the policy: it repeats an item the configuration lists.
      const name = module.liveLabel?.(live.item, this.desired) ?? module.liveKey(live.item);
      // A duplicate, or a live item left beside a pinned one of the same key, is told by its id.
      const plain = describe(name);
      const taken = kept !== undefined || keys?.has(name) || this.slots.indexes(plain);
      const own = taken ? `${name}#${live.item.id}` : name;
      const slot = new Slot(container, prune || kept ? "delete" : "unmanaged", undefined, live, own);
      // The text of its address is made already, but for a name with its id.
      if (own === name) slot.knowText(plain);
      if (kept) {
        slot.duplicateOf = kept.item.id;
        slot.keptBecause = matching.keptBecause.get(kept);
      }
      // An unmanaged live item can still be referenced by name (a SAML provider's team).
      this.slots.add(slot.text, slot);
      slots.push(slot);
    }
    if (keys && kept > 0) this.slots.addLater(scope.address, module.kind, () => keptSlots(container));
    if (module.children) this.resolveChildren(module, scope, container);
    return container;
  }

  private resolveChildren(module: AnyKind, scope: Scope, container: Container): void {
    const heir = this.heirOfRoot(module, scope, container);
    for (const slot of container.slots) {
      if (!slot || slot.status === "delete" || slot.status === "unmanaged" || !module.children) continue;
      const parents = [...container.parents, slot.text];
      const scopeOfChildren = scopeBelow(scope, {
        kind: module.kind,
        address: slot.address,
        id: this.idOf(slot.address),
        desired: slot.desired,
        live: slot.status === "keep" ? slot.live : undefined,
      });
      // The first section of a site takes over its root site spaces: they are its live children.
      if (slot === heir) scopeOfChildren.live = this.inheritedNode(module, scope);
      slot.containers = module.children.map((child) =>
        this.resolve(child, scopeOfChildren, slot.status !== "keep", parents),
      );
      if (slot === heir) for (const child of slot.containers) child.waitsFor = slot.address;
    }
  }

  /** The item the API makes heir of its parent's root-level children when it is created: the
   * first section created in a site that has root site spaces and no sections. */
  private heirOfRoot(module: AnyKind, scope: Scope, container: Container): Slot | undefined {
    const inherits = module.inheritsRoot;
    if (!inherits || !scope.live || container.liveOrder.length > 0) return undefined;
    if ((scope.live.children[inherits]?.length ?? 0) === 0) return undefined;
    return container.slots.find((slot) => slot?.status === "create");
  }

  /** A live node standing for the heir before it exists: it holds the root's items it takes over. */
  private inheritedNode(module: AnyKind, scope: Scope): LiveNode {
    const kind = module.inheritsRoot!;
    return { item: { id: "" }, children: { [kind]: scope.live!.children[kind] } };
  }

  /** Notes the key of the configured item at `index`, which no other configured item may have. */
  private countKey(keys: Set<string>, container: Container, index: number): void {
    // One look-up, not two: the set grows unless the key is in it already.
    const size = keys.size;
    keys.add(addressKey(container.module, container.items[index]!));
    if (keys.size === size) this.configuredTwice(slotAt(container, index).text);
  }

  private configuredTwice(address: string): never {
    throw new DocsyncError("plan.duplicate", `${address} is configured twice`);
  }
}
