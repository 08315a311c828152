// The first pass of the planner: every container of the kinds' tree matched, configured items
// to live ones, each item given an address and a fate (keep, create, replace, delete, leave
// alone), so that references across kinds resolve before any call is drafted. It answers the
// kinds' questions about ids (PlanContext).

import { DocsyncError } from "../errors.ts";
import type { DesiredState } from "../kinds/registry.ts";
import { type AnyKind, addressKey, type LiveNode, type PlanContext, type Scope } from "../kinds/types.ts";
import { matchItems } from "../live/match.ts";
import { addressesIn, idPlaceholder } from "../model/address.ts";
import type { ItemMeta } from "../model/desired.ts";
import type { FieldChange } from "../model/plan.ts";
import { scopeBelow } from "../model/scope.ts";

export type Status = "keep" | "create" | "replace" | "delete" | "unmanaged";

export interface Slot {
  module: AnyKind;
  address: string;
  status: Status;
  desired?: ItemMeta;
  live?: LiveNode<{ id: string }>;
  /** Live field changes that force a replacement (or that protect prevented). */
  replaceChanges: FieldChange[];
  /** For a duplicate of a configured item's key: the id of the live item that is kept. */
  duplicateOf?: string;
  containers: Container[];
  /** For an item this plan creates: the placeholder of its id, once asked for. */
  placeholder?: string;
}

export const NONE: never[] = [];

export interface Container {
  module: AnyKind;
  scope: Scope;
  parentIsNew: boolean;
  managed: boolean;
  /** Items in configuration order, then live items not in the configuration. */
  slots: Slot[];
  liveOrder: string[];
  /** The address of a new item whose create call brings this container's live items into it. */
  waitsFor?: string;
}

export class Resolution implements PlanContext {
  private readonly slots = new Map<string, Slot>();
  /** The address of each placeholder handed out, so that calls can say which creates they need. */
  private readonly placeholders = new Map<string, string>();

  constructor(private readonly desired: DesiredState) {}

  /** The slot of an address. */
  get(address: string): Slot | undefined {
    return this.slots.get(address);
  }

  /** Whether an address names an item of the configuration or of the live state read. */
  knows(address: string): boolean {
    return this.slots.has(address);
  }

  idOf(address: string): string {
    const slot = this.slots.get(address);
    if (!slot)
      throw new DocsyncError(
        "plan.unknown-reference",
        `${address} does not exist and is not in the configuration`,
      );
    if (slot.status === "create" || slot.status === "replace") {
      if (slot.placeholder === undefined) {
        slot.placeholder = idPlaceholder(address);
        this.placeholders.set(slot.placeholder, address);
      }
      return slot.placeholder;
    }
    if (!slot.live) throw new DocsyncError("plan.unknown-reference", `${address} does not exist`);
    return slot.live.item.id;
  }

  needs(...ids: (string | undefined)[]): string[] | undefined {
    let needs: string[] | undefined;
    for (const id of ids) {
      const address = id === undefined ? undefined : this.placeholders.get(id);
      if (address === undefined || needs?.includes(address)) continue;
      if (needs) needs.push(address);
      else needs = [address];
    }
    return needs;
  }

  liveIdOf(address: string): string | undefined {
    const slot = this.slots.get(address);
    return slot?.status === "keep" || slot?.status === "unmanaged" ? slot.live?.item.id : undefined;
  }

  /** Matches the items of `module` in `scope`, and below them, recursively. */
  resolve(module: AnyKind, scope: Scope, parentIsNew: boolean): Container {
    const desiredItems = module.desired(scope);
    const liveItems = (scope.live?.children[module.kind] ?? []) as LiveNode<{ id: string }>[];
    const managed = desiredItems !== undefined;
    const liveOrder = module.ordered ? liveItems.map((node) => node.item.id) : NONE;
    const container: Container = { module, scope, parentIsNew, managed, slots: [], liveOrder };
    const describe = addressesIn(scope.address, module.kind);
    const matching = matchItems(desiredItems ?? [], liveItems, module, describe);

    const items = desiredItems ?? NONE;
    for (let index = 0; index < items.length; index++) {
      const desired = items[index]!;
      const live = matching.live[index];
      const address = describe(addressKey(module, desired));
      let status: Status = live ? "keep" : "create";
      let replaceChanges: FieldChange[] = NONE;
      if (live && module.mustReplace) {
        replaceChanges = module.mustReplace(desired, live);
        if (replaceChanges.length > 0 && !desired.protect) status = "replace";
      }
      // Every field in the literal, so that slots share one shape.
      const slot: Slot = {
        module,
        address,
        status,
        desired,
        live,
        replaceChanges,
        containers: NONE,
        placeholder: undefined,
      };
      this.register(slot);
      container.slots.push(slot);
    }
    const prune = managed && this.desired.policy.prune.includes(module.collection);
    for (const live of matching.unclaimed) {
      const kept = matching.duplicates.get(live);
      // A duplicate is deleted whatever the policy: it repeats an item the configuration lists.
      const name = module.liveLabel?.(live.item, this.desired) ?? module.liveKey(live.item);
      // A duplicate, or a live item left beside a pinned one of the same key, is told by its id.
      const plain = describe(name);
      const address = kept || this.slots.has(plain) ? describe(`${name}#${live.item.id}`) : plain;
      const slot: Slot = {
        module,
        address,
        status: prune || kept ? "delete" : "unmanaged",
        desired: undefined,
        live,
        replaceChanges: NONE,
        containers: NONE,
        placeholder: undefined,
      };
      if (kept) slot.duplicateOf = kept.item.id;
      // An unmanaged live item can still be referenced by name (a SAML provider's team).
      if (!this.slots.has(address)) this.slots.set(address, slot);
      container.slots.push(slot);
    }
    const heir = this.heirOfRoot(module, scope, container);
    for (const slot of container.slots) {
      if (slot.status === "delete" || slot.status === "unmanaged" || !module.children) continue;
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
        this.resolve(child, scopeOfChildren, slot.status !== "keep"),
      );
      if (slot === heir) for (const child of slot.containers) child.waitsFor = slot.address;
    }
    return container;
  }

  /**
   * The item that the API makes heir of its parent's root-level children when it is created:
   * the first section created in a site that has root site spaces and no sections.
   */
  private heirOfRoot(module: AnyKind, scope: Scope, container: Container): Slot | undefined {
    const inherits = module.inheritsRoot;
    if (!inherits || !scope.live || container.liveOrder.length > 0) return undefined;
    if ((scope.live.children[inherits]?.length ?? 0) === 0) return undefined;
    return container.slots.find((slot) => slot.status === "create");
  }

  /** A live node standing for the heir before it exists: it holds the root's items it takes over. */
  private inheritedNode(module: AnyKind, scope: Scope): LiveNode {
    const kind = module.inheritsRoot!;
    return { item: { id: "" }, children: { [kind]: scope.live!.children[kind] } };
  }

  private register(slot: Slot): void {
    if (this.slots.has(slot.address)) {
      throw new DocsyncError("plan.duplicate", `${slot.address} is configured twice`);
    }
    this.slots.set(slot.address, slot);
  }
}
