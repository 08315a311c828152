// What a kind declares to be made by the listed shape (listed.ts), and what the shape's parts
// derive from it alike: an item's key, its path.

import type { HttpMethod } from "../../model/plan.ts";
import type { ApiPath } from "../../model/references.ts";
import type { DesiredIn } from "../kind-types.ts";
import { below } from "../paths.ts";
import type { Identity, KindConfig, KindTypes, ScopeIn } from "../types.ts";
import type { ListedField } from "./listed-fields.ts";

/** What makes a listed kind of types `T`, whose list is under the collection `C`. */
export interface ListedShape<T extends KindTypes, C extends string = string> {
  /** Singular name used in addresses, plans and messages (`share link`). */
  kind: string;
  collection: C;
  /** Its schema fragment; at the top level, with the list's description. */
  schema: KindConfig<T["raw"], DesiredIn<T>>["schema"];
  /** Its plural in messages, when not `kind` + "s". */
  plural?: string;
  /** The fields the API keeps unique in the container; the first is the key items match on. */
  identities: readonly Identity[];
  /** Checks of a container's configured items beyond their identities and references. */
  check?: KindConfig<T["raw"], DesiredIn<T>, T["parentRaw"]>["check"];
  /** The fields it manages, in the order plans, bodies and exports give them. */
  fields: readonly ListedField<DesiredIn<T>, T["live"]>[];
  /** The list's path in the scope; an item's is below it (a parent this plan creates by reference). */
  path(scope: ScopeIn<T>): ApiPath;
  /** The answer's fields docsync keeps: all (default), or only its id and the fields' (a share
   * link's URL holds its secret token: it is never read into a plan, a report or an export). */
  keeps?: "all" | "fields";
  /** The live field that names an item in its path (default `id`). */
  itemBy?: string;
  /** Default: POST. */
  createMethod?: HttpMethod;
  /** Default: PATCH. */
  updateMethod?: HttpMethod;
  /** Default: `update KIND`. */
  updateSummary?: string;
  /** The PATCH that sets the fields the create call does not take. Default: `configure KIND`. */
  afterCreateSummary?: string;
  /** A comment an export writes into an item's mapping: what it leaves out of it. */
  exportComment?(live: T["live"]): string | undefined;
  /** For a kind whose key the API keeps unique: what an item another run made meanwhile must
   * hold to be taken as this create's result (`recover.adopt`). */
  adopt?(desired: DesiredIn<T>): Record<string, unknown>;
}

/** The key of a configured or live item: its first identity. */
export const keyOf = (shape: ListedShape<KindTypes>, item: object): string =>
  String((item as Record<string, unknown>)[shape.identities[0]!.field]);

/** The path of a live item: below the list, by its id (or `itemBy`). */
export const itemPath = <T extends KindTypes>(shape: ListedShape<T>, live: T["live"], scope: ScopeIn<T>) =>
  below(shape.path(scope), String((live as Record<string, unknown>)[shape.itemBy ?? "id"]));
