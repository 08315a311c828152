// What a top-level kind sees of the organization: the organization's own part of the
// configuration and its own list, typed, without the desired state of every kind (which the
// registry derives from the kinds, so that no kind depends on the registry). Another kind's
// list is read with `listIn(configuration, thatKind)`, or with a reference to that kind (kind-ref.ts).

import { type Id, ROOT } from "../model/address.ts";
import type { DesiredOrganization, ItemMeta } from "../model/desired.ts";
import type { LiveState, Scope } from "../model/scope.ts";
import { desiredIn } from "./items-of.ts";
import type { KindRef } from "./kind-ref.ts";
import type { AnyKind, DesiredOf, KindModule, KindTypes, Types } from "./types.ts";

/** The organization's configuration with a kind's own list under its collection `C`. */
export type OrganizationConfig<C extends string = never, D = never> = DesiredOrganization & {
  [K in C]?: D[];
};

/** The scope of a top-level kind: the organization's configuration and its live node. */
export type OrganizationScope<C extends string = never, D = never> = Scope<
  OrganizationConfig<C, D>,
  Record<string, Id>,
  LiveState
>;

/** The types of a kind at the top of an organization, whose list is under the collection `C`. */
export type TopLevelTypes<C extends string, T extends Partial<KindTypes> & { desired: ItemMeta }> = Types<
  T & { parent: OrganizationConfig<C, T["desired"]>; parentNode: LiveState }
>;

/** A kind at the top of an organization, whose list is under the collection `C`. */
export type TopLevelKind<C extends string, T extends Partial<KindTypes> & { desired: ItemMeta }> = KindModule<
  TopLevelTypes<C, T>
> & { collection: C };

/** A top-level kind's list in the organization's configuration, as the kind reads it. */
export const listIn = <K extends AnyKind | KindRef>(
  configuration: DesiredOrganization,
  kind: K,
): DesiredOf<K>[] | undefined =>
  desiredIn(kind, {
    organization: configuration.organization,
    address: ROOT,
    desired: configuration,
    ids: {},
  });
