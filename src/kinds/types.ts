// The one extension point per resource kind. A kind knows its identity, how to read its live
// items, how to compare a configured item with a live one (only the fields the configuration
// sets), and which API calls create, update, delete or move it. The planner knows none of
// these details: it matches, orders and wires dependencies for every kind the same way.

import type { Address, Id } from "../model/address.ts";
import type { ItemMeta } from "../model/desired.ts";
import type { Consequence, FieldChange } from "../model/plan.ts";
import type { BulkItem, CallDraft, CreateInfo, LiveNode, Owner, PlanContext, Scope } from "../model/scope.ts";

import type { KindConfig } from "./kind-config.ts";
import type { KindRef } from "./kind-ref.ts";
import type { DesiredIn, KindTypes, LiveIn, NodeIn, ScopeIn } from "./kind-types.ts";
import type { RunReader } from "./run-reader.ts";

export type { CheckContext, Identity, KindConfig, ResolveContext, WithoutChildren } from "./kind-config.ts";
export type { KindTypeDefaults, KindTypes, NodeIn, ParentTypes, ScopeIn, Types } from "./kind-types.ts";
export type { BulkItem, CallDraft, Consequence, CreateInfo, LiveNode, Owner, PlanContext, RunReader, Scope };

/**
 * What a kind is and how its items are told apart: its names, its configuration, its children,
 * and the keys configured and live items match on.
 */
export interface KindIdentity<T extends KindTypes> {
  /** Singular name used in addresses, plans and messages, e.g. `section`, `custom field`. */
  kind: string;
  /** The configuration's name for a list of them, also used by `policy.prune`. */
  collection: string;
  /** How its configuration is checked and resolved. */
  config: KindConfig<T["raw"], DesiredIn<T>, T["parentRaw"]>;
  /** Child kinds, planned for each item that exists or is created. */
  children?: readonly AnyKind[];
  /** One object under `collection`, not a list: the planner sees a list of one, never created,
   * deleted or pruned (src/kinds/shapes/singleton.ts). */
  singleton?: boolean;
  /** The identity the API keeps unique in the container: configured and live items match on it. */
  key(desired: DesiredIn<T>): string;
  liveKey(live: LiveIn<T>): string;
  /**
   * Whether the API keeps the key unique in the container (default: true). Where it does not (a
   * site's title), live items may share it, and an item renamed in the web app has nothing left
   * to be found by but its id: `docsync export` pins each item with `id:`.
   */
  keyKeptUnique?: boolean;
  /** Keys are names of one item, not values it can be renamed between (a member by user id or
   * by email): a configured key that differs from the live one is no rename. */
  keyAliases?: boolean;
  /**
   * For a kind whose configured items name other items (a grant names its principal, which a
   * rename gives a new name): the key a configured item is matched on, found once the items it
   * names are matched (their ids, from `ctx`). Used in place of `key` for matching only; the
   * addresses still come from `label`/`key`, and `liveKey` gives the live side of the match.
   */
  matchKey?(desired: DesiredIn<T>, scope: ScopeIn<T>, ctx: PlanContext): string;
  /** How addresses name an item when its key is not meant for people (a site space: its space's name). */
  label?(desired: DesiredIn<T>): string;
  /** The same for a live item that no configured item matches. */
  liveLabel?(live: LiveIn<T>, configuration: { spaces: Record<string, string> }): string;
  /**
   * Whether an unmatched live item is the half-made `desired` of an interrupted apply (created,
   * not yet configured): it is adopted by a new configured item it fits (src/live/match.ts).
   */
  adopts?(desired: DesiredIn<T>, live: LiveIn<T>): boolean;
  /**
   * What a live item holds that its configured item does not give it and that deleting it would
   * take along (a collection's spaces and the collections in it, a team's members and grants),
   * one entry each, for people; none: it holds nothing more. Items of child kinds are compared
   * by the matching itself. A live duplicate of a configured item that holds something is never
   * deleted as a copy that two runs at once made (src/live/copies.ts).
   */
  holds?(live: NodeIn<T>, desired: DesiredIn<T>, scope: ScopeIn<T>, ctx: PlanContext): string[];
  /** Fields of `diff` that say what an item holds, not what it is (a group's sections): a live
   * duplicate differing only there, holding fewer, is still a copy. */
  holdingFields?: readonly string[];
  /** Paths outside `/orgs/{org}` it reads or calls (`/collections/{id}`), which a saved plan may
   * hold; an entry ending with `/` is a prefix. */
  pathsOutsideOrganization?: readonly string[];
}

/** Where its configured items are, and how its live items and their further facts are read. */
export interface KindReading<T extends KindTypes> {
  /**
   * The configured items in the scope; undefined when the configuration does not manage them
   * there. Default: the list under `collection` in the parent's configured item (`desiredIn`).
   */
  desired?(scope: ScopeIn<T>): DesiredIn<T>[] | undefined;
  /** Whether to read live items even though they are not managed (they are referenced by name). */
  readAnyway?(scope: ScopeIn<T>): boolean;
  /**
   * Sibling kinds (by name) whose live items this kind's configuration names (a SAML provider's
   * default team, by title): they are read when `when` holds, even where they are not managed.
   */
  refersTo?: readonly { kind: string; when(scope: ScopeIn<T>): boolean }[];
  /**
   * Sibling kinds (by name) whose live items must be read first: whether this kind is read
   * depends on them (a site's root site spaces matter only while it has no sections).
   */
  readAfter?: readonly string[];
  /** Reads the live items of the scope: one call per list page. */
  read(client: RunReader, scope: ScopeIn<T>): Promise<NodeIn<T>[]>;
  /** Reads further facts about one matched item, when its configuration asks for them. */
  readDetails?(client: RunReader, scope: ScopeIn<T>, node: NodeIn<T>, desired: DesiredIn<T>): Promise<void>;
  /**
   * The configuration key of the facts `readDetails` reads (a site's `adaptiveSchema`): what a
   * message names when the service does not offer them. Default: `collection`.
   */
  detailsKey?: string;
  /** What a configured item holds to ask for every further fact (`readDetails`), when reading a
   * whole organization for the export. */
  detailsWanted?: Record<string, unknown>;
}

/** How a configured item differs from a live one, and what makes a change risky. */
export interface KindDiff<T extends KindTypes> {
  /** The fields that differ; with no live item, every field the configuration sets (for a create). */
  diff(
    desired: DesiredIn<T>,
    live: NodeIn<T> | undefined,
    scope: ScopeIn<T>,
    ctx: PlanContext,
  ): FieldChange[];
  /** Changes of fields the API cannot update: the item must be replaced. */
  mustReplace?(desired: DesiredIn<T>, live: NodeIn<T>): FieldChange[];
  /** Deleting or replacing one is hard to undo: flagged as high-risk. */
  highRisk?: boolean;
  /** Why an update with these changes is hard to undo (turning on enforced single sign-on), or
   * undefined when it is not: the change is flagged as high-risk, with the reason as its note. */
  riskyChanges?(changes: readonly FieldChange[]): string | undefined;
}

/** The API calls that make its changes, as data, and what the service does beyond them. */
export interface KindCalls<T extends KindTypes> {
  create(
    desired: DesiredIn<T>,
    address: Address,
    scope: ScopeIn<T>,
    ctx: PlanContext,
    info: CreateInfo,
  ): CallDraft[];
  update(
    desired: DesiredIn<T>,
    live: NodeIn<T>,
    changes: FieldChange[],
    address: Address,
    scope: ScopeIn<T>,
    ctx: PlanContext,
  ): CallDraft[];
  remove(live: NodeIn<T>, address: Address, scope: ScopeIn<T>, ctx: PlanContext): CallDraft[];
  /**
   * The items whose delete takes this live item along on the service (a grant goes with its
   * team or its member), each by an address it may have and its live id. When this plan deletes
   * one of them, the item has no change and no call of its own: it is a consequence of that
   * delete, with `note` for people.
   */
  goesWith?(live: NodeIn<T>, scope: ScopeIn<T>): { owners: Owner[]; note?: string } | undefined;
  /**
   * What the service removes or changes along with deleting this item, beyond the items that
   * name it as their owner (`goesWith`): a section's site spaces, a team's grants on spaces
   * whose permissions the configuration does not manage. `configuration` names spaces, as for
   * `liveLabel`.
   */
  consequences?(
    live: NodeIn<T>,
    address: Address,
    scope: ScopeIn<T>,
    ctx: PlanContext,
    configuration: { spaces: Record<string, string> },
  ): Consequence[];
  /** What deleting a live item takes away, as `from`-only changes (default: its export, keyless). */
  removedValues?(live: NodeIn<T>, scope: ScopeIn<T>, ctx: PlanContext): FieldChange[];
  /** Deletes in a container wait for its creates (a section must keep a site space). */
  deleteAfterCreates?: boolean;
  /**
   * The API moves the parent's root-level items of this child kind into the first item of this
   * kind created in a parent that has none (a site's first section takes its root site spaces).
   */
  inheritsRoot?: string;
}

/** For a kind whose items have an order: how the planner keeps it. */
export interface KindOrder<T extends KindTypes> {
  /** The items have an order that the planner keeps with move calls. */
  ordered?: boolean;
  /**
   * For an ordered kind: items that stand together under an item of a sibling kind (the sections
   * of a group) form a block, which that kind's `move` moves as one.
   */
  blocks?: {
    kind: AnyKind;
    of(desired: DesiredIn<T>): string | undefined;
    /** The live id of the block a live item stands in (a section's group). */
    liveOf?(live: LiveIn<T>): string | undefined;
  };
  /**
   * How an item of an ordered kind reads in a picture of its parent's navigation: the fields
   * shown beside its name, and the flag one item of a container holds (its default), which the
   * API takes from one item when another gets it.
   */
  outline?: { fields: readonly string[]; flag?: string };
  move?(id: Id, position: { before?: Id; after?: Id }, scope: ScopeIn<T>): CallDraft;
  /**
   * Items among an ordered kind's (links among sections): where one stands in the navigation's
   * picture (the item before it, its block); `placeField`, the field whose change is a move.
   */
  among?: {
    placeField?: string;
    after(item: DesiredIn<T> | LiveIn<T>): { kind: string; key: string } | undefined;
    block(item: DesiredIn<T> | LiveIn<T>): string | undefined;
    external?: boolean;
  };
}

/** How `docsync export` writes its live items. */
export interface KindExport<T extends KindTypes> {
  /**
   * For a kind whose live items no call lists (an organization's spaces): the configured items
   * that stand for the live items `docsync export` can find, each asking for every fact the kind
   * reads. `scope` is the organization as read, `named` the space ids the rest of the export
   * names. The export then reads them as configured items, and never prunes the kind: a live item
   * that no configuration names is never read.
   */
  exportFind?(
    client: RunReader,
    scope: ScopeIn<T>,
    named: { spaces: readonly string[] },
  ): Promise<DesiredIn<T>[]>;
  /** The export fails, rather than leave the kind out, when this list answers 404 (a wrong URL). */
  exportNeeds?: boolean;
  /** The lists `exportFind` finds items through, by collection: what is left out without each. */
  exportFindsThrough?: Readonly<Record<string, string>>;
  /** An export writes each item on one line when it fits (a site space). */
  exportOneLine?: boolean;
  /** What an export of this kind leaves out, and why, for the file's header. */
  exportLeavesOut?: string;
  /**
   * The configuration of a live item, as `docsync export` writes it: a mapping in the format of
   * docs/configuration.md that plans to no change against that item, or undefined when the item
   * cannot be written (say why with `ctx.warn`). `scope` is the item's container, as when planning.
   */
  toConfig?(live: NodeIn<T>, scope: ScopeIn<T>, ctx: ExportContext): Record<string, unknown> | undefined;
}
/**
 * A kind, by concern; a shape (src/kinds/shapes/) makes most of one, and a kind's module states
 * what differs.
 */
export interface KindModule<T extends KindTypes = KindTypes>
  extends KindIdentity<T>,
    KindReading<T>,
    KindDiff<T>,
    KindCalls<T>,
    KindOrder<T>,
    KindExport<T> {}

/** A live item and the configuration it was exported as. */
export interface ExportedItem<N extends LiveNode<unknown, object> = LiveNode> {
  live: N;
  config: Record<string, unknown>;
}

/** What a kind may ask of the export while it turns one live item into configuration. */
export interface ExportContext {
  /** The name under `spaces:` of a space id. */
  space(id: string): string;
  /** The natural key under which the export lists the live item `id` of `kind`, if it lists it. */
  exportedKey(kind: string, id: string): string | undefined;
  /** The item's live children of a child kind, exported, in live order. */
  children<K extends AnyKind>(kind: K): ExportedItem<NodeOf<K>>[];
  /** Writes a YAML comment into `config`: before `key`, or after the last key when `key` is absent. */
  comment(config: Record<string, unknown>, text: string, key?: string): void;
  /** Something the configuration cannot say exactly: shown to the user, the export goes on. */
  warn(message: string): void;
}

/** The types of a kind's items: as the kind was declared, or as a reference to it names them. */
type ItemTypesOf<K> =
  K extends KindModule<infer T>
    ? T
    : K extends KindRef<infer D, infer L, infer X>
      ? { desired: D; live: L; details: X }
      : never;
/** A kind's configured item. */
export type DesiredOf<K> = ItemTypesOf<K>["desired"];
/** A kind's live node: its live item and its details. */
export type NodeOf<K> = LiveNode<ItemTypesOf<K>["live"], Partial<ItemTypesOf<K>["details"]>>;

// biome-ignore lint/suspicious/noExplicitAny: the registry holds kinds of different item types.
export type AnyKind = KindModule<any>;

/** Whether configured items of the kind may be pinned to a live item with `id:`. */
export const takesIdPin = (kind: AnyKind): boolean =>
  kind.config.identities.some((identity) => identity.field === "id" && identity.optional === true);

/** The key under which an address names a configured item. */
export const addressKey = (kind: AnyKind, desired: ItemMeta): string =>
  kind.label?.(desired) ?? kind.key(desired);
