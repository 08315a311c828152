// The kinds docsync has built in, at the top of an organization, in the order plans list them.
// Kinds inside a site are the site kind's children. Adding a top-level kind: its module, one
// line in the list (DesiredState follows); a child kind: one entry in its parent's `children`.
// A kind added at run time goes into a set of its own (kind-set.ts), never into this one.

import type { DesiredOrganization } from "../model/desired.ts";
import { memberKind } from "./access/member.ts";
import { samlProviderKind } from "./access/saml-provider.ts";
import { teamKind } from "./access/team.ts";
import { KindSet } from "./kind-set.ts";
import { openApiSpecKind } from "./organization/openapi-spec.ts";
import { organizationSettingsKind } from "./organization/organization-settings.ts";
import { translationKind } from "./organization/translation.ts";
import { siteKind } from "./site/site.ts";
import { collectionKind } from "./space/collection.ts";
import { customFieldKind } from "./space/custom-field.ts";
import { spaceKind } from "./space/space.ts";
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

/** The built-in kinds. A run with more kinds takes `builtInKinds.with(kind, parent)`. */
export const builtInKinds: KindSet = KindSet.of(TOP_LEVEL);

type TopLevelKinds = (typeof TOP_LEVEL)[number];

/** The desired state: each top-level kind's list under its collection, absent when the
 * configuration does not mention the kind (then it is not managed). A singleton is a list of one. */
export type DesiredState = DesiredOrganization & {
  /** The kinds the configuration was read with, when they are not the built-in ones: the
   * reader, the planner and the saved plan walk these. */
  kinds?: KindSet;
} & {
  [K in TopLevelKinds as K["collection"]]?: DesiredOf<K>[];
};

/** The kinds a desired state was read with. */
export const kindsOf = (desired: { kinds?: KindSet }): KindSet => desired.kinds ?? builtInKinds;

/** The kinds `policy.prune` may name among the built-in kinds, by collection. */
export const PRUNABLE_KINDS: readonly string[] = builtInKinds.prunable;

/** What `policy.prune` is when the configuration does not say, with the built-in kinds. */
export const DEFAULT_PRUNE: readonly string[] = builtInKinds.defaultPrune;

/**
 * How many items of each listed kind a configuration names, as `validate` reports them. Spaces
 * are the names under `spaces:`, with or without settings: the space kind's own items are only
 * the spaces that have settings.
 */
export function configuredCounts(desired: DesiredState): { kind: string; count: number }[] {
  const lists = desired as unknown as Record<string, unknown>;
  return kindsOf(desired)
    .reported.filter((kind) => !kind.singleton)
    .map((kind) => {
      const list = lists[kind.collection];
      const count =
        kind.collection === spaceKind.collection
          ? Object.keys(desired.spaces).length
          : Array.isArray(list)
            ? list.length
            : 0;
      return { kind: kind.kind, count };
    });
}
