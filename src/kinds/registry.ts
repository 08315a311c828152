// The kinds docsync manages at the top of an organization, in the order plans list them.
// Kinds inside a site are the site kind's children. Adding a top-level kind: its module, one
// line in the list (DesiredState follows); a child kind: one entry in its parent's `children`.

import type { DesiredOrganization } from "../model/desired.ts";
import { collectionKind } from "./collection.ts";
import { customFieldKind } from "./custom-field.ts";
import { memberKind } from "./member.ts";
import { openApiSpecKind } from "./openapi-spec.ts";
import { organizationSettingsKind } from "./organization-settings.ts";
import { samlProviderKind } from "./saml-provider.ts";
import { siteKind } from "./site.ts";
import { spaceKind } from "./space.ts";
import { teamKind } from "./team.ts";
import { translationKind } from "./translation.ts";
import type { AnyKind, DesiredOf } from "./types.ts";

const TOP_LEVEL = [
  collectionKind,
  teamKind,
  memberKind,
  customFieldKind,
  samlProviderKind,
  // After the SAML providers: enforcing single sign-on is read best after the providers it needs.
  organizationSettingsKind,
  openApiSpecKind,
  translationKind,
  siteKind,
  spaceKind,
] as const satisfies readonly AnyKind[];

/** The top-level kinds: the built-in ones, then those registered at run time. */
const topLevelKinds: AnyKind[] = [...TOP_LEVEL];
export const TOP_LEVEL_KINDS: readonly AnyKind[] = topLevelKinds;

type TopLevelKinds = (typeof TOP_LEVEL)[number];

/** The desired state: each top-level kind's list under its collection, absent when the
 * configuration does not mention the kind (then it is not managed). A singleton is a list of one. */
export type DesiredState = DesiredOrganization & {
  [K in TopLevelKinds as K["collection"]]?: DesiredOf<K>[];
};

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
 * Whether policy.prune can delete the kind's unlisted items: not a singleton, and not a kind of
 * items that exist without docsync and are only read where named (spaces' settings).
 */
export const isPrunable = (kind: AnyKind): boolean =>
  !kind.singleton && !kind.exportFind && !kind.config.schema.inRoot;

/** The kinds `policy.prune` may name, by collection. */
export const PRUNABLE_KINDS: readonly string[] = descendants(TOP_LEVEL_KINDS)
  .filter(isPrunable)
  .map((kind) => kind.collection);

/** Kinds inside other kinds are pruned by default, only inside the items the file lists;
 * top-level kinds only when `policy.prune` names them. */
export const DEFAULT_PRUNE: readonly string[] = PRUNABLE_KINDS.filter(
  (collection) => !TOP_LEVEL_KINDS.some((kind) => kind.collection === collection),
);

/** The top-level kind that holds a nested kind, by collection. */
export const NESTED_IN: ReadonlyMap<string, string> = new Map(
  TOP_LEVEL_KINDS.flatMap((top) =>
    descendants([top])
      .filter((kind) => kind !== top)
      .map((kind) => [kind.collection, top.collection] as const),
  ),
);

/** Top-level kinds in the order reports count them: kinds that hold others first. */
export const REPORTED_KINDS: readonly AnyKind[] = [
  ...TOP_LEVEL_KINDS.filter((kind) => kind.children),
  ...TOP_LEVEL_KINDS.filter((kind) => !kind.children),
];

/**
 * How many items of each listed kind a configuration names, as `validate` reports them. Spaces
 * are the names under `spaces:`, with or without settings: the space kind's own items are only
 * the spaces that have settings.
 */
export function configuredCounts(desired: DesiredOrganization): { kind: string; count: number }[] {
  const lists = desired as unknown as Record<string, unknown>;
  return REPORTED_KINDS.filter((kind) => !kind.singleton).map((kind) => {
    const list = lists[kind.collection];
    const count =
      kind === spaceKind ? Object.keys(desired.spaces).length : Array.isArray(list) ? list.length : 0;
    return { kind: kind.kind, count };
  });
}

/** How messages name several items of a kind. */
export const pluralOf = (kind: AnyKind): string => kind.config.plural ?? `${kind.kind}s`;

/** Names of the top-level kinds whose items hold items of other kinds (a site). */
export const CONTAINER_KINDS: ReadonlySet<string> = new Set(
  TOP_LEVEL_KINDS.filter((kind) => kind.children).map((kind) => kind.kind),
);

/** Every kind, each before the kinds below it (a kind used in two places, twice). */
export function allKinds(kinds: readonly AnyKind[] = TOP_LEVEL_KINDS): AnyKind[] {
  return kinds.flatMap((kind) => [kind, ...allKinds(kind.children ?? [])]);
}

/** A kind registered at run time, and the kind whose items hold its items (none at the top level). */
export interface RegisteredKind {
  kind: AnyKind;
  parent?: AnyKind;
}

const registered: RegisteredKind[] = [];

/** The kinds registered at run time, in the order they were registered. */
export const registeredKinds = (): readonly RegisteredKind[] => registered;

/**
 * Adds a kind at run time (a program that embeds docsync, a test): at the top level, or as a
 * child kind of `parent`. Everything that walks the kinds (the loader, the reader, the planner,
 * the export) then walks it too, and the configuration's schema takes its mapping or list when
 * its `config.schema.definition` describes an item. The lists computed when this module loads
 * (the kinds `policy.prune` names) do not change: a registered kind is pruned only as a child
 * kind is, inside the items the file lists. Returns what takes it away again.
 */
export function registerKind(kind: AnyKind, parent?: AnyKind): () => void {
  const entry: RegisteredKind = parent ? { kind, parent } : { kind };
  const before = parent?.children;
  if (parent) parent.children = [...(before ?? []), kind];
  else topLevelKinds.push(kind);
  registered.push(entry);
  return () => {
    registered.splice(registered.indexOf(entry), 1);
    if (parent) parent.children = before;
    else topLevelKinds.splice(topLevelKinds.indexOf(kind), 1);
  };
}
