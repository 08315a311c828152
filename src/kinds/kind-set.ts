// The kinds one run works with, as a value: the top-level kinds, each with its children, and
// everything derived from them (what `policy.prune` may name and prunes by default, which kind
// holds which, the sensitive fields). A set never changes: `with` returns a new set that has
// one kind more, so that a kind added for one run (a program that embeds docsync, a test) is
// seen by that run alone, and behaves in it exactly as a built-in kind does.

import type { AnyKind } from "./types.ts";

/** The key path of a kind's item below `prefix`: a singleton is one mapping, any other kind a list. */
const itemPath = (kind: AnyKind, prefix: string[]): string[] =>
  kind.singleton ? [...prefix, kind.collection] : [...prefix, kind.collection, "*"];

/** The paths of the sensitive fields of `kinds` below `prefix`, and of their child kinds'. */
function sensitivePaths(kinds: readonly AnyKind[], prefix: string[]): string[][] {
  return kinds.flatMap((kind) => {
    const item = itemPath(kind, prefix);
    const own = (kind.config.sensitive ?? []).map((field) => [...item, field]);
    return [...own, ...sensitivePaths(kind.children ?? [], item)];
  });
}

/** A kind added to a set, and the kind whose items hold its items (none at the top level). */
export interface AddedKind {
  kind: AnyKind;
  parent?: AnyKind;
}

/** How messages name several items of a kind. */
export const pluralOf = (kind: AnyKind): string => kind.config.plural ?? `${kind.kind}s`;

/**
 * Whether policy.prune can delete the kind's unlisted items: not a singleton, and not a kind of
 * items that exist without docsync and are only read where named (spaces' settings).
 */
export const isPrunable = (kind: AnyKind): boolean =>
  !kind.singleton && !kind.exportFind && !kind.config.schema.inRoot;

/** Every kind, each before the kinds below it (a kind used in two places, twice). */
export function allKinds(kinds: readonly AnyKind[]): AnyKind[] {
  return kinds.flatMap((kind) => [kind, ...allKinds(kind.children ?? [])]);
}

/** Every kind, each followed by its children and then theirs; a kind used in several places once. */
function descendants(kinds: readonly AnyKind[]): AnyKind[] {
  const seen = new Map<string, AnyKind>();
  const add = (kind: AnyKind) => {
    if (!seen.has(kind.collection)) seen.set(kind.collection, kind);
  };
  const below = (kind: AnyKind) => {
    for (const child of kind.children ?? []) add(child);
    for (const child of kind.children ?? []) below(child);
  };
  // Kinds that hold others first, so that a container is listed before what it holds.
  for (const kind of kinds.filter((k) => k.children)) {
    add(kind);
    below(kind);
  }
  for (const kind of kinds) add(kind);
  return [...seen.values()];
}

/**
 * `kinds` with `child` added to every kind named as `parent` is, at any depth. The kinds on the
 * way are copies; the kinds passed in are left as they are. Undefined when no kind is so named.
 */
function withChild(kinds: readonly AnyKind[], parent: string, child: AnyKind): AnyKind[] | undefined {
  let changed = false;
  const next = kinds.map((kind) => {
    if (kind.kind === parent) {
      if (kind.children?.some((c) => c.collection === child.collection))
        throw new Error(`the ${parent} kind has a child kind under "${child.collection}" already`);
      changed = true;
      return { ...kind, children: [...(kind.children ?? []), child] };
    }
    const children = kind.children && withChild(kind.children, parent, child);
    if (!children) return kind;
    changed = true;
    return { ...kind, children };
  });
  return changed ? next : undefined;
}

export class KindSet {
  /** Every kind, each before the kinds below it (a kind used in two places, twice). */
  readonly all: readonly AnyKind[];
  /** The kinds `policy.prune` may name, by collection. */
  readonly prunable: readonly string[];
  /** Kinds inside other kinds are pruned by default, only inside the items the file lists;
   * top-level kinds only when `policy.prune` names them. */
  readonly defaultPrune: readonly string[];
  /** The top-level kind that holds a nested kind, by collection. */
  readonly nestedIn: ReadonlyMap<string, string>;
  /** Top-level kinds in the order reports count them: kinds that hold others first. */
  readonly reported: readonly AnyKind[];
  /** Names of the top-level kinds whose items hold items of other kinds (a site). */
  readonly containers: ReadonlySet<string>;
  /** How messages name several items of each kind, by kind name (`SAML providers`). */
  readonly plurals: ReadonlyMap<string, string>;
  /** Paths of sensitive fields, as the kinds declare them (a site's visitor authentication's key
   * too); `*` stands for any list index. */
  readonly sensitiveFields: readonly (readonly string[])[];

  /** The top-level kinds, in the order plans list them. */
  readonly topLevel: readonly AnyKind[];
  /** The kinds added to the set it was made from, in the order they were added. */
  readonly added: readonly AddedKind[];

  private constructor(topLevel: readonly AnyKind[], added: readonly AddedKind[]) {
    this.topLevel = topLevel;
    this.added = added;
    this.all = allKinds(topLevel);
    this.prunable = descendants(topLevel)
      .filter(isPrunable)
      .map((kind) => kind.collection);
    this.defaultPrune = this.prunable.filter(
      (collection) => !topLevel.some((k) => k.collection === collection),
    );
    this.nestedIn = new Map(
      topLevel.flatMap((top) =>
        descendants([top])
          .filter((kind) => kind !== top)
          .map((kind) => [kind.collection, top.collection] as const),
      ),
    );
    this.reported = [
      ...topLevel.filter((kind) => kind.children),
      ...topLevel.filter((kind) => !kind.children),
    ];
    this.containers = new Set(topLevel.filter((kind) => kind.children).map((kind) => kind.kind));
    this.plurals = new Map(this.all.map((kind) => [kind.kind, pluralOf(kind)]));
    this.sensitiveFields = sensitivePaths(topLevel, []);
    Object.freeze(this);
  }

  /** A set of these top-level kinds and the kinds below them. */
  static of(topLevel: readonly AnyKind[]): KindSet {
    return new KindSet([...topLevel], []);
  }

  /** The top-level kind listed under `collection`. */
  topLevelOf(collection: string): AnyKind | undefined {
    return this.topLevel.find((kind) => kind.collection === collection);
  }

  /**
   * A new set with `kind` too: at the top level, after the others, or as a child kind of every
   * kind named as `parent` is. This set does not change, nor do the kinds in it.
   */
  with(kind: AnyKind, parent?: AnyKind): KindSet {
    const added = [...this.added, parent ? { kind, parent } : { kind }];
    if (parent === undefined) {
      if (this.topLevelOf(kind.collection))
        throw new Error(`a top-level kind is listed under "${kind.collection}" already`);
      return new KindSet([...this.topLevel, kind], added);
    }
    const topLevel = withChild(this.topLevel, parent.kind, kind);
    if (!topLevel) throw new Error(`no ${parent.kind} kind in the set to add the ${kind.kind} kind to`);
    return new KindSet(topLevel, added);
  }
}

/** `set` with `kind` too (see KindSet.with). */
export const withKind = (set: KindSet, kind: AnyKind, parent?: AnyKind): KindSet => set.with(kind, parent);
