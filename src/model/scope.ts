// The vocabulary that kinds, the reader and the planner share: live nodes as read, the scope of
// a container of items (and the one way to descend to the next), the calls kinds draft, and
// what a kind may ask of the planner. It imports nothing of the tool but the plan's own types.

import type { Address, Id } from "./address.ts";
import type { AnswerRefusal, Capture, HttpMethod, Probe, Recover } from "./plan.ts";
import type { ApiPath } from "./references.ts";

/**
 * A call as a kind describes it; the planner gives it an id and its dependencies. Its path and
 * body name items this plan creates by the `IdRef`s `PlanContext.idOf` gives: the call waits for
 * the calls that create them.
 */
export interface CallDraft {
  method: HttpMethod;
  path: ApiPath;
  /** JSON, with an `IdRef` wherever it names an item this plan creates. */
  body?: unknown;
  summary: string;
  /**
   * Items this plan creates that the call names otherwise than by id (a custom field by its
   * name), or whose existence it needs (single sign-on needs a provider): it waits for them too.
   */
  needs?: Address[] | undefined;
  /** The addresses whose ids the call's answer gives (`captures`) are what it creates. */
  captures?: Capture[];
  /** Sending it twice could make two items: it is never sent again without finding out first. */
  create?: true;
  recover?: Omit<Recover, "ids">;
  /** The same change in another form, for a service without this call's route. */
  alternate?: { route: string; method: HttpMethod; path: ApiPath; body?: unknown };
  /**
   * Kinds whose calls in the same container (a site) this call follows, moves included: a link
   * is placed next to a section once the sections stand where the plan puts them.
   */
  follows?: readonly string[];
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
  /** The same change as an item of a bulk operation, which the planner may send it in. */
  bulk?: BulkItem;
  /**
   * The call's answer tells what the plan could not read (the form of a resource whose list was
   * empty): every other call of the plan waits for it, so that a refusal stops the apply before
   * anything else changes. `note` says so in the plan.
   */
  probe?: Probe & { note: string };
  /** An answer of success that refuses the call all the same (a publish answered with a checkout). */
  refusal?: AnswerRefusal;
}

/** An item that may take another along when it is deleted: an address it may have, and its live id. */
export interface Owner {
  address: Address;
  id: string;
}

/** A call's change as one item of the body of a bulk operation (`PUT path` with `{[field]: [...]}`). */
export interface BulkItem {
  method: HttpMethod;
  path: ApiPath;
  /** `METHOD /path/:param`, as the API client names routes. */
  route: string;
  /** The body's array field: `redirects`. */
  field: string;
  item: Record<string, unknown>;
}

/** A live item as read, with the live items below it, by child kind. */
export interface LiveNode<L = unknown, X extends object = Record<string, unknown>> {
  item: L;
  children: Record<string, LiveNode[] | undefined>;
  /** Further live facts a kind reads about the item (e.g. a space's custom field values). */
  details?: X;
}

/**
 * Where a container of items sits: its parent's address, configured item and live node. A kind
 * names the types its parent gives: `P` the parent's configured item (the whole configuration
 * at the top level), `I` the ids of its ancestors by kind (`{ site }` below a site), `N` the
 * parent's live node.
 */
export interface Scope<
  P = unknown,
  I extends Record<string, Id> = Record<string, Id>,
  N extends LiveNode<unknown, object> = LiveNode,
> {
  organization: string;
  /** Address of the parent item; empty at the top level. */
  address: Address;
  /** The parent's configured item (at the top level: the whole configuration). */
  desired: P;
  /** The parent's live node, when the parent exists. */
  live?: N;
  /** The id of each ancestor by kind (`site`, `section`): a live id or a reference to a new item. */
  ids: I;
}

/**
 * What one run keeps while it reads and plans: facts worked out once and asked for again (the
 * matching the reader made of a container, the admin rules' refusals, a site's redirect paths),
 * each about an object of that run (a scope, a live list). Made once per run and passed down
 * (the run's reader, the planner's context), never kept in a module: two runs in one process
 * share nothing.
 */
export interface RunMemo {
  /** The fact `name` about `about`: made by `make` the first time this run asks, then the same. */
  once<T>(about: object, name: string, make: () => T): T;
}

/** A memo for one run, empty. */
export function runMemo(): RunMemo {
  const facts = new WeakMap<object, Map<string, unknown>>();
  return {
    once<T>(about: object, name: string, make: () => T): T {
      let known = facts.get(about);
      if (!known) {
        known = new Map();
        facts.set(about, known);
      }
      if (known.has(name)) return known.get(name) as T;
      const made = make();
      known.set(name, made);
      return made;
    },
  };
}

/** What a kind may ask of the planner while it builds calls, and the memo of its run. */
export interface PlanContext extends RunMemo {
  /** The id of the item at `address`: its live id, or a reference filled in at apply time. */
  idOf(address: Address): Id;
  /** The live id of the item at `address`, if it exists and is kept. */
  liveIdOf(address: Address): string | undefined;
  /** The live id of the item at `address`, if this plan deletes it (or replaces it). */
  deletes(address: Address): string | undefined;
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

/** The live organization as read: a tree rooted at the organization. */
export type LiveState = LiveNode<{ id: string }>;

/**
 * The scope of the items below one item: its address, configured item, live node (when it
 * exists as read) and id, added to its ancestors' ids under its kind. The one way every part
 * (the reader, the planner, the export) descends the tree.
 */
export function scopeBelow(
  parent: Scope,
  item: { kind: string; address: Address; id: Id; desired: unknown; live?: LiveNode | undefined },
): Scope {
  const scope: Scope = {
    organization: parent.organization,
    address: item.address,
    desired: item.desired,
    ids: { ...parent.ids, [item.kind]: item.id },
  };
  if (item.live) scope.live = item.live;
  return scope;
}
