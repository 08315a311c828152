// How a kind reads its configuration: where its raw items are, what the loader checks of them,
// and how each resolves into the configured item the planner reads.

import type { ItemMeta, KeyPath, Located } from "../model/desired.ts";

/**
 * How a kind reads its configuration. The loader walks the kinds: for each container (the files
 * at the top level, then each configured item) it takes a kind's raw items, checks them, and
 * resolves each into the configured item the planner reads; the child kinds' lists are added
 * under their `collection`. `R` is a located raw item, as the JSON Schema has let it through.
 */
export interface KindConfig<R extends Located<unknown>, D, PR = unknown> {
  /**
   * Its schema fragment (schemas/fragments/NAME.json, the definition of one item) and, for a
   * top-level kind, what its list is (`description`, required there).
   */
  schema: {
    fragment: string;
    description?: string;
    /**
     * For a kind added to a set of kinds at run time (kind-set.ts), whose fragment is not in the bundle: the
     * JSON Schema of one item, which the loader's schema check adds.
     */
    definition?: Record<string, unknown>;
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
  check?(items: readonly R[], ctx: CheckContext<PR>): void;
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
export interface CheckContext<PR = unknown> {
  /** Reports a problem at `field` below `item`. */
  report(item: Located<unknown>, field: KeyPath, message: string): void;
  /** Where `field` of `item` is written, said from the file of `from`. */
  where(item: Located<unknown>, field: string, from: Located<unknown>): string;
  /** The names under `spaces:`; undefined when a file was left out (a name may be there). */
  spaces: ReadonlyMap<string, unknown> | undefined;
  /** The container's raw item and its kind's name; undefined at the top level. */
  parent?: { item: Located<PR>; kind: string };
  /** The values of the first identity field of a top-level kind's items, by the kind's
   * collection; undefined when a file was left out (the name may be in it). */
  keysOf(collection: string): ReadonlySet<string> | undefined;
  /** An entry of a top-level mapping that root.json describes (a brand under `branding:`), from
   * the first file that has it; undefined when no file has it, or a file was left out. */
  entryOf?(key: string, name: string): Located<unknown> | undefined;
  /** The names of the entries of a top-level mapping across the files, for messages. */
  entriesOf?(key: string): readonly string[];
}

/** What a kind may ask of the loader while it resolves an item. */
export interface ResolveContext {
  /** The id of a space named under `spaces:` (the checks have reported unknown names). */
  spaceId(name: string): string;
  /** An entry of a top-level mapping that root.json describes (a brand under `branding:`), from
   * the first file that has it (the checks have reported unknown names). */
  entryOf?(key: string, name: string): Located<unknown> | undefined;
}
