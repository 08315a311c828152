// The one extension point per resource kind. A kind knows its identity, how to read its live
// items, how to compare a configured item with a live one (only the fields the configuration
// sets), and which API calls create, update, delete or move it. The planner knows none of
// these details: it matches, orders and wires dependencies for every kind the same way.

import type { Address, Id } from "../model/address.ts";
import type { ItemMeta, KeyPath, Located } from "../model/desired.ts";
import type { Consequence, FieldChange } from "../model/plan.ts";
import type { BulkItem, CallDraft, CreateInfo, LiveNode, Owner, PlanContext, Scope } from "../model/scope.ts";
import type { RunReader } from "./run-reader.ts";

export type { BulkItem, CallDraft, Consequence, CreateInfo, LiveNode, Owner, PlanContext, RunReader, Scope };

export interface KindModule<
  D extends ItemMeta = ItemMeta,
  L extends { id: string } = { id: string },
  P = unknown,
  I extends Record<string, Id> = Record<string, Id>,
  R extends Located<unknown> = Located<never>,
> {
  /** Singular name used in addresses, plans and messages, e.g. `section`, `custom field`. */
  kind: string;
  /** The configuration's name for a list of them, also used by `policy.prune`. */
  collection: string;
  /** How its configuration is checked and resolved. */
  config: KindConfig<R, D>;
  /**
   * Paths outside `/orgs/{org}` that this kind reads or calls for its organization's items (a
   * collection is `/collections/{id}`): a saved plan may hold them. An entry that ends with `/`
   * is a prefix.
   */
  pathsOutsideOrganization?: readonly string[];
  /** Deleting or replacing one is hard to undo: flagged as high-risk. */
  highRisk?: boolean;
  /** Why an update with these changes is hard to undo (turning on enforced single sign-on), or
   * undefined when it is not: the change is flagged as high-risk, with the reason as its note. */
  riskyChanges?(changes: readonly FieldChange[]): string | undefined;
  /**
   * One object, not a list: the configuration writes it as a mapping under `collection`, the
   * planner sees a list of one, and it is never created, deleted or pruned (src/kinds/shapes/singleton.ts).
   */
  singleton?: boolean;
  /** Keys are names of one item, not values it can be renamed between (a member by user id or
   * by email): a configured key that differs from the live one is no rename. */
  keyAliases?: boolean;
  /**
   * Whether the API keeps the key unique in the container (default: true). Where it does not (a
   * site's title), live items may share it, and an item renamed in the web app has nothing left
   * to be found by but its id: `docsync export` pins each item with `id:`.
   */
  keyKeptUnique?: boolean;
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
  blocks?: {
    kind: AnyKind;
    of(desired: D): string | undefined;
    /** The live id of the block a live item stands in (a section's group). */
    liveOf?(live: L): string | undefined;
  };
  /**
   * How an item of an ordered kind reads in a picture of its parent's navigation: the fields
   * shown beside its name, and the flag one item of a container holds (its default), which the
   * API takes from one item when another gets it.
   */
  outline?: { fields: readonly string[]; flag?: string };
  /** Child kinds, planned for each item that exists or is created. */
  children?: readonly AnyKind[];
  /**
   * Sibling kinds (by name) whose live items must be read first: whether this kind is read
   * depends on them (a site's root site spaces matter only while it has no sections).
   */
  readAfter?: readonly string[];

  /** The configured items in the scope; undefined when the configuration does not manage them there. */
  desired(scope: Scope<P, I>): D[] | undefined;
  /** Whether to read live items even though they are not managed (they are referenced by name). */
  readAnyway?(scope: Scope<P, I>): boolean;
  /**
   * Sibling kinds (by name) whose live items this kind's configuration names (a SAML provider's
   * default team, by title): they are read when `when` holds, even where they are not managed.
   */
  refersTo?: readonly { kind: string; when(scope: Scope<P, I>): boolean }[];
  /** Reads the live items of the scope: one call per list page. */
  read(client: RunReader, scope: Scope<P, I>): Promise<LiveNode<L>[]>;
  /** What a configured item holds to ask for every further fact (`readDetails`), for the export. */
  detailsWanted?: Record<string, unknown>;
  /**
   * For a kind whose live items no call lists (an organization's spaces): the configured items
   * that stand for the live items `docsync export` can find, each asking for every fact the kind
   * reads. `scope` is the organization as read, `named` the space ids the rest of the export
   * names. The export then reads them as configured items, and never prunes the kind: a live item
   * that no configuration names is never read.
   */
  exportFind?(client: RunReader, scope: Scope<P, I>, named: { spaces: readonly string[] }): Promise<D[]>;
  /** Reads further facts about one matched item, when its configuration asks for them. */
  readDetails?(client: RunReader, scope: Scope<P, I>, node: LiveNode<L>, desired: D): Promise<void>;
  /**
   * The configuration key of the facts `readDetails` reads (a site's `adaptiveSchema`): what a
   * message names when the service does not offer them. Default: `collection`.
   */
  detailsKey?: string;

  /** The identity the API keeps unique in the container: configured and live items match on it. */
  key(desired: D): string;
  liveKey(live: L): string;
  /**
   * For a kind whose configured items name other items (a grant names its principal, which a
   * rename gives a new name): the key a configured item is matched on, found once the items it
   * names are matched (their ids, from `ctx`). Used in place of `key` for matching only; the
   * addresses still come from `label`/`key`, and `liveKey` gives the live side of the match.
   */
  matchKey?(desired: D, scope: Scope<P, I>, ctx: PlanContext): string;
  /** How addresses name an item when its key is not meant for people (a site space: its space's name). */
  label?(desired: D): string;
  /** The same for a live item that no configured item matches. */
  liveLabel?(live: L, configuration: { spaces: Record<string, string> }): string;
  /**
   * Whether an unmatched live item is the half-made `desired` of an interrupted apply (created,
   * not yet configured): it is adopted when it fits exactly one configured item and no other.
   */
  adopts?(desired: D, live: L): boolean;
  /**
   * What a live item holds that its configured item does not give it and that deleting it would
   * take along (a collection's spaces and the collections in it, a team's members and grants),
   * one entry each, for people; none: it holds nothing more. Items of child kinds are compared
   * by the matching itself. A live duplicate of a configured item that holds something is never
   * deleted as a copy that two runs at once made (src/live/copies.ts).
   */
  holds?(live: LiveNode<L>, desired: D, scope: Scope<P, I>, ctx: PlanContext): string[];
  /** Fields of `diff` that say what an item holds, not what it is (a group's sections): a live
   * duplicate differing only there, holding fewer, is still a copy. */
  holdingFields?: readonly string[];
  /** The fields that differ; with no live item, every field the configuration sets (for a create). */
  diff(desired: D, live: LiveNode<L> | undefined, scope: Scope<P, I>, ctx: PlanContext): FieldChange[];
  /** Changes of fields the API cannot update: the item must be replaced. */
  mustReplace?(desired: D, live: LiveNode<L>): FieldChange[];
  create(desired: D, address: Address, scope: Scope<P, I>, ctx: PlanContext, info: CreateInfo): CallDraft[];
  update(
    desired: D,
    live: LiveNode<L>,
    changes: FieldChange[],
    address: Address,
    scope: Scope<P, I>,
    ctx: PlanContext,
  ): CallDraft[];
  remove(live: LiveNode<L>, address: Address, scope: Scope<P, I>, ctx: PlanContext): CallDraft[];
  /**
   * The items whose delete takes this live item along on the service (a grant goes with its
   * team or its member), each by an address it may have and its live id. When this plan deletes
   * one of them, the item has no change and no call of its own: it is a consequence of that
   * delete, with `note` for people.
   */
  goesWith?(live: LiveNode<L>, scope: Scope<P, I>): { owners: Owner[]; note?: string } | undefined;
  /**
   * What the service removes or changes along with deleting this item, beyond the items that
   * name it as their owner (`goesWith`): a section's site spaces, a team's grants on spaces
   * whose permissions the configuration does not manage. `configuration` names spaces, as for
   * `liveLabel`.
   */
  consequences?(
    live: LiveNode<L>,
    address: Address,
    scope: Scope<P, I>,
    ctx: PlanContext,
    configuration: { spaces: Record<string, string> },
  ): Consequence[];
  move?(id: Id, position: { before?: Id; after?: Id }, scope: Scope<P, I>): CallDraft;

  /**
   * The configuration of a live item, as `docsync export` writes it: a mapping in the format of
   * docs/configuration.md that plans to no change against that item, or undefined when the item
   * cannot be written (say why with `ctx.warn`). `scope` is the item's container, as when planning.
   */
  /** An export writes each item on one line when it fits (a site space). */
  exportOneLine?: boolean;
  /** What an export of this kind leaves out, and why, for the file's header. */
  exportLeavesOut?: string;
  toConfig?(live: LiveNode<L>, scope: Scope<P, I>, ctx: ExportContext): Record<string, unknown> | undefined;
}

/**
 * How a kind reads its configuration. The loader walks the kinds: for each container (the files
 * at the top level, then each configured item) it takes a kind's raw items, checks them, and
 * resolves each into the configured item the planner reads; the child kinds' lists are added
 * under their `collection`. `R` is a located raw item, as the JSON Schema has let it through.
 */
export interface KindConfig<R extends Located<unknown>, D> {
  /** For a top-level kind: its schema fragment (schemas/fragments/NAME.json) and what the list is. */
  schema?: {
    fragment: string;
    description: string;
    /**
     * Its items are entries of a key that root.json describes (`spaces:`): no list of its own.
     * `docsync export` writes each exported item, which has the space's `id`, as the mapping of
     * that space's entry, in place of `name: id`.
     */
    inRoot?: boolean;
  };
  /** For a top-level kind: fields whose values are never printed (a certificate). */
  sensitive?: readonly string[];
  /** Its plural in messages, when not `kind` + "s" (`SAML providers`). */
  plural?: string;
  /**
   * The raw items in their container (a file at the top level, else the parent's raw item), or
   * undefined when it does not have them: then the kind is not managed there. Default: the list
   * under `collection`.
   */
  items?(container: Located<unknown>): R[] | undefined;
  /** The fields the API keeps unique in a container: two items with the same value are an error. */
  identities: readonly Identity[];
  /** Checks of a container's items beyond their identities (references, single defaults). */
  check?(items: readonly R[], ctx: CheckContext): void;
  /** The configured item, without its children's lists (the loader adds them). */
  resolve(item: R, meta: ItemMeta, ctx: ResolveContext): WithoutChildren<D>;
}

/** The fields of a configured item that hold a child kind's items. */
type ChildLists<D> = { [K in keyof D]-?: NonNullable<D[K]> extends readonly ItemMeta[] ? K : never }[keyof D];
/** A configured item before the loader adds its children's lists. */
export type WithoutChildren<D> = Omit<D, ChildLists<D>>;

/** A field whose value is unique among a container's items. */
export interface Identity {
  field: string;
  /** How messages call the field (`for space`); default: the field's name. */
  noun?: string;
  /** Whether rename hints (`was`) name values of this field, checked against the listed ones
   * (default: true). */
  hints?: boolean;
  /** Items without the field are left out (an optional `id` pin). */
  optional?: boolean;
}

/** What a kind may ask of the loader while it checks its items. */
export interface CheckContext {
  /** Reports a problem at `field` below `item`. */
  report(item: Located<unknown>, field: KeyPath, message: string): void;
  /** Where `field` of `item` is written, said from the file of `from`. */
  where(item: Located<unknown>, field: string, from: Located<unknown>): string;
  /** The names under `spaces:`; undefined when a file was left out (a name may be there). */
  spaces: ReadonlyMap<string, unknown> | undefined;
  /** The container's raw item and its kind's name; undefined at the top level. */
  parent?: { item: Located<unknown>; kind: string };
  /** The values of the first identity field of a top-level kind's items, by the kind's
   * collection; undefined when a file was left out (the name may be in it). */
  keysOf(collection: string): ReadonlySet<string> | undefined;
}

/** What a kind may ask of the loader while it resolves an item. */
export interface ResolveContext {
  /** The id of a space named under `spaces:` (the checks have reported unknown names). */
  spaceId(name: string): string;
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
export type AnyKind = KindModule<any, any, any, any, any>;

/** Whether configured items of the kind may be pinned to a live item with `id:`. */
export const takesIdPin = (kind: AnyKind): boolean =>
  kind.config.identities.some((identity) => identity.field === "id" && identity.optional === true);

/** The key under which an address names a configured item. */
export const addressKey = (kind: AnyKind, desired: ItemMeta): string =>
  kind.label?.(desired) ?? kind.key(desired);
