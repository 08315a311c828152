// An item of a container as the planner resolves it: configured, live, or both, with its fate
// and its address, built only when asked for (most of 100,000 unchanged redirects never are).

import { type AnyKind, addressKey, type LiveNode, type Scope } from "../kinds/types.ts";
import { type Address, addressOf, type IdRef } from "../model/address.ts";
import type { ItemMeta } from "../model/desired.ts";
import type { FieldChange } from "../model/plan.ts";

/** The empty list of fields and lists that most items leave empty: shared, never added to. */
export const NONE: never[] = [];

export type Status = "keep" | "create" | "replace" | "delete" | "unmanaged";

/** An item of a container: configured, live, or both, with its fate. */
export class Slot {
  /** Live field changes that force a replacement (or that protect prevented). */
  replaceChanges: FieldChange[] = NONE;
  /** For a duplicate of a configured item's key: the id of the live item that is kept, and why. */
  duplicateOf: string | undefined = undefined;
  keptBecause: string | undefined = undefined;
  containers: Container[] = NONE;
  /** For an item this plan creates: the reference to its id, once asked for. */
  reference: IdRef | undefined = undefined;
  /** For an item the plan renames: its live key. */
  renamedFrom: string | undefined = undefined;

  constructor(
    readonly container: Container,
    public status: Status,
    readonly desired: ItemMeta | undefined,
    readonly live: LiveNode<{ id: string }> | undefined,
    /** A live item's name in its address (its key, or key#id), when no configured item matches it. */
    private readonly liveName?: string,
  ) {}

  /** The address and its text, built when first read: most slots never need them. */
  private known: Address | undefined = undefined;
  private knownText: string | undefined = undefined;

  get module(): AnyKind {
    return this.container.module;
  }

  /** The item's own name in its address (a section's path). */
  get name(): string {
    return this.liveName ?? addressKey(this.container.module, this.desired!);
  }

  get address(): Address {
    this.known ??= addressOf(this.container.scope.address, this.container.module.kind, this.name);
    return this.known;
  }

  /** The address as text: for people, and the item's key in the plan's maps. */
  get text(): string {
    this.knownText ??= this.container.describe(this.name);
    return this.knownText;
  }

  /** The address's text, when what made the slot made it already (`container.describe(name)`). */
  knowText(text: string): this {
    this.knownText = text;
    return this;
  }
}

/** The items of one kind in one container (a site's sections), configured and live, as matched. */
export interface Container {
  module: AnyKind;
  scope: Scope;
  parentIsNew: boolean;
  managed: boolean;
  /**
   * Items in configuration order, then live items not in the configuration. A configured item
   * of a kind without children or order that is kept, with nothing forcing a replacement, has
   * no slot until one is asked for (`slotAt`): most of 100,000 redirects do not change.
   */
  slots: (Slot | undefined)[];
  /** The configured items, and the live item each is matched with, by position. */
  items: readonly ItemMeta[];
  matched: readonly (LiveNode<{ id: string }> | undefined)[];
  liveOrder: string[];
  /** The address of a new item whose create call brings this container's live items into it. */
  waitsFor?: Address;
  /** The address of an item of this container from its key, as text. */
  describe: (key: string) => string;
  /** The addresses of the items the container is in, outermost first, as text (shared by its items). */
  parents: string[];
}
