// The one extension point per resource kind. A kind knows its identity, how to read its live
// items, how to compare a configured item with a live one (only the fields the configuration
// sets), and which API calls create, update, delete or move it. The planner knows none of
// these details: it matches, orders and wires dependencies for every kind the same way.

import type { LiveReader } from "../api/client-types.ts";
import type { DesiredState, ItemMeta, PrunableKind } from "../config/types.ts";
import type { Alternate, Capture, FieldChange, HttpMethod, Recover } from "../plan/types.ts";

/** A call as a kind describes it; the planner gives it an id and its dependencies. */
export interface CallDraft {
  method: HttpMethod;
  path: string;
  body?: unknown;
  summary: string;
  captures?: Capture[];
  recover?: Recover;
  /** The same change in another form, for a service without this call's route. */
  alternate?: Alternate;
  /** Unique values this call takes (e.g. a section path in a site): it waits for calls that release them. */
  claims?: string[];
  /** Unique values this call gives up. */
  releases?: string[];
  /** Live ids this call stops referring to: deleting those items waits for this call. */
  unrefs?: string[];
  /**
   * For a call that exchanges a unique value with another item's (two paths swapped): the body
   * of a first call that moves this item to a temporary value of its own, releasing the old one.
   */
  temporary?: { body: Record<string, unknown>; summary: string };
}

/** A live item as read, with the live items below it, by child kind. */
export interface LiveNode<L = unknown> {
  item: L;
  children: Record<string, LiveNode[] | undefined>;
  /** Further live facts a kind reads about the item (e.g. a site's adaptive schema). */
  details?: Record<string, unknown>;
}

/** Where a container of items sits: its parent's address, desired item and live node. */
export interface Scope {
  organization: string;
  /** Address of the parent item, or "" at the top level. */
  address: string;
  /** The parent's configured item (undefined at the top level: then it is the DesiredState). */
  desired: unknown;
  /** The parent's live node, when the parent exists. */
  live?: LiveNode;
  /** The id of each ancestor by kind (`site`, `section`): a live id or a placeholder. */
  ids: Record<string, string>;
}

/** What a kind may ask of the planner while it builds calls. */
export interface PlanContext {
  /** The id of the item at `address`: its live id, or a placeholder filled in at apply time. */
  idOf(address: string): string;
  /** The live id of the item at `address`, if it exists and is kept. */
  liveIdOf(address: string): string | undefined;
}

/** How a configured item relates to its container, for calls that depend on it (e.g. defaults). */
export interface CreateInfo {
  /** This is the first item created in a container that has no live items: the API makes it the default. */
  firstInEmptyContainer: boolean;
  /** The parent is created by this plan too. */
  parentIsNew: boolean;
  /** Position of the item in its configured list. */
  index: number;
}

export interface KindModule<D extends ItemMeta = ItemMeta, L extends { id: string } = { id: string }> {
  /** Singular name used in addresses and plans, e.g. `section`. */
  kind: string;
  /** The configuration's name for a list of them, also used by `policy.prune`. */
  collection: PrunableKind;
  /** Deleting or replacing one is hard to undo: flagged as high-risk. */
  highRisk?: boolean;
  /** The items have an order that the planner keeps with move calls. */
  ordered?: boolean;
  /** Deletes in a container wait for its creates (a section must keep a site space). */
  deleteAfterCreates?: boolean;
  /**
   * The API moves the parent's root-level items of this child kind into the first item of this
   * kind created in a parent that has none (a site's first section takes its root site spaces).
   */
  inheritsRoot?: string;
  /**
   * For an ordered kind: items that stand together under an item of a sibling kind (the sections
   * of a group) form a block, which that kind's `move` moves as one.
   */
  blocks?: { kind: AnyKind; of(desired: D): string | undefined };
  /** Child kinds, planned for each item that exists or is created. */
  children?: readonly AnyKind[];
  /**
   * Sibling kinds (by name) whose live items must be read first: whether this kind is read
   * depends on them (a site's root site spaces matter only while it has no sections).
   */
  readAfter?: readonly string[];

  /** The configured items in the scope; undefined when the configuration does not manage them there. */
  desired(scope: Scope): D[] | undefined;
  /** Whether to read live items even though they are not managed (they are referenced by name). */
  readAnyway?(scope: Scope): boolean;
  /** Reads the live items of the scope: one call per list page. */
  read(client: LiveReader, scope: Scope): Promise<LiveNode<L>[]>;
  /** Reads further facts about one matched item, when its configuration asks for them. */
  readDetails?(client: LiveReader, scope: Scope, node: LiveNode<L>, desired: D): Promise<void>;

  /** The identity the API keeps unique in the container: configured and live items match on it. */
  key(desired: D): string;
  liveKey(live: L): string;
  /** How addresses name an item when its key is not meant for people (a site space: its space's name). */
  label?(desired: D): string;
  /** The same for a live item that no configured item matches. */
  liveLabel?(live: L, configuration: DesiredState): string;
  /**
   * Whether an unmatched live item is the half-made `desired` of an interrupted apply (created,
   * not yet configured): it is adopted when it fits exactly one configured item and no other.
   */
  adopts?(desired: D, live: L): boolean;
  /** The fields that differ; with no live item, every field the configuration sets (for a create). */
  diff(desired: D, live: LiveNode<L> | undefined, scope: Scope, ctx: PlanContext): FieldChange[];
  /** Changes of fields the API cannot update: the item must be replaced. */
  mustReplace?(desired: D, live: LiveNode<L>): FieldChange[];
  create(desired: D, address: string, scope: Scope, ctx: PlanContext, info: CreateInfo): CallDraft[];
  update(
    desired: D,
    live: LiveNode<L>,
    changes: FieldChange[],
    address: string,
    scope: Scope,
    ctx: PlanContext,
  ): CallDraft[];
  remove(live: LiveNode<L>, address: string, scope: Scope, ctx: PlanContext): CallDraft[];
  move?(id: string, position: { before?: string; after?: string }, scope: Scope): CallDraft;

  /**
   * The configuration of a live item, as `docsync export` writes it: a mapping in the format of
   * docs/configuration.md that plans to no change against that item, or undefined when the item
   * cannot be written (say why with `ctx.warn`). `scope` is the item's container, as when planning.
   */
  toConfig?(live: LiveNode<L>, scope: Scope, ctx: ExportContext): Record<string, unknown> | undefined;
}

/** A live item and the configuration it was exported as. */
export interface ExportedItem {
  live: LiveNode;
  config: Record<string, unknown>;
}

/** What a kind may ask of the export while it turns one live item into configuration. */
export interface ExportContext {
  /** The name under `spaces:` of a space id. */
  space(id: string): string;
  /** The natural key under which the export lists the live item `id` of `kind`, if it lists it. */
  exportedKey(kind: string, id: string): string | undefined;
  /** The item's live children of a child kind, exported, in live order. */
  children(kind: AnyKind): ExportedItem[];
  /** Writes a YAML comment into `config`: before `key`, or after the last key when `key` is absent. */
  comment(config: Record<string, unknown>, text: string, key?: string): void;
  /** Something the configuration cannot say exactly: shown to the user, the export goes on. */
  warn(message: string): void;
}

// biome-ignore lint/suspicious/noExplicitAny: the registry holds kinds of different item types.
export type AnyKind = KindModule<any, any>;

/** The key under which an address names a configured item. */
export const addressKey = (kind: AnyKind, desired: ItemMeta): string =>
  kind.label?.(desired) ?? kind.key(desired);
