// An item of a container as the planner resolves it: configured, live, or both, with its fate
// and its address.

import { type AnyKind, addressKey, type LiveNode } from "../kinds/types.ts";
import type { ItemMeta } from "../model/desired.ts";
import type { FieldChange } from "../model/plan.ts";
import type { Container } from "./resolve.ts";

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
  /** For an item this plan creates: the placeholder of its id, once asked for. */
  placeholder: string | undefined = undefined;
  /** For an item the plan renames: its live key. */
  renamedFrom: string | undefined = undefined;

  constructor(
    readonly container: Container,
    public status: Status,
    readonly desired: ItemMeta | undefined,
    readonly live: LiveNode<{ id: string }> | undefined,
    /** The address, when known; a configured item's is built from its key when first read. */
    private known: string | undefined,
    /** A live item's name in its address (its key, or key#id), when no configured item matches it. */
    private readonly liveName?: string,
  ) {}

  get module(): AnyKind {
    return this.container.module;
  }

  /** The item's own name in its address (a section's path). */
  get name(): string {
    return this.liveName ?? addressKey(this.container.module, this.desired!);
  }

  get address(): string {
    this.known ??= this.container.describe(addressKey(this.container.module, this.desired!));
    return this.known;
  }
}
