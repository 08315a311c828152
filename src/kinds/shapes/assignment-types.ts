// The types of the assignment shape (assignment.ts): a configured and a live assignment, the
// calls that write one type of principal, and what a kind of assignments is given.

import { addressText, type Id } from "../../model/address.ts";
import type { ItemMeta, Located } from "../../model/desired.ts";
import type { CallDraft, KindConfig, Owner, ParentTypes, PlanContext, RunReader, ScopeIn } from "../types.ts";

/** A live assignment: its id is the principal's id. */
export interface LiveAssignment {
  [field: string]: unknown;
  id: string;
  /** The principal's type (`user`, `team`). */
  type: string;
  role: string;
  /** How the configuration names this principal, as `type:name`: the name of its address when
   * no configured assignment matches it (they match on the principal's id). */
  key: string;
}

/** A configured assignment: a principal named as the configuration names it, and its role. */
export interface DesiredAssignment extends ItemMeta {
  type: string;
  name: string;
  role: string;
}

/** A principal's role, with the principal's id: what a container holds before or after a plan. */
export interface Grant {
  type: string;
  /** A live id, or a reference to a principal this plan creates. */
  id: Id;
  role: string;
}

/** The calls that write one type of principal. */
export interface PrincipalRoutes<S> {
  /** Gives one principal its role; not used with `inviteMany`. */
  invite(scope: S, id: Id, role: string): CallDraft;
  change(scope: S, id: Id, role: string): CallDraft;
  remove(scope: S, id: string): CallDraft;
}

/** The types of an assignment kind inside a container of types `P`, of raw items `R`. */
export interface AssignmentTypes<P extends ParentTypes, R extends Located<unknown>> {
  desired: DesiredAssignment;
  live: LiveAssignment;
  details: Record<string, unknown>;
  raw: R;
  parentRaw: P["parentRaw"];
  parent: P["parent"];
  parentNode: P["parentNode"];
  ids: P["ids"];
}

export interface AssignmentSpec<P extends ParentTypes, R extends Located<unknown>> {
  kind: string;
  collection: string;
  config: KindConfig<R, DesiredAssignment, P["parentRaw"]>;
  /** The routes of each type of principal, by type. */
  principals: Record<string, PrincipalRoutes<ScopeIn<P>>>;
  /** For a service whose invitation takes a list of principals of one type and no role (a
   * site's): the one call that invites them all; each then sets its role with `change`. */
  inviteMany?(scope: ScopeIn<P>, type: string, ids: readonly Id[]): CallDraft;
  /** Reads the live assignments of the scope, each keyed as the configuration names it. */
  read(client: RunReader, scope: ScopeIn<P>): Promise<LiveAssignment[]>;
  /**
   * The id of a configured assignment's principal (live, or a reference to one this plan
   * creates); a plan error when
   * unknown, or when this plan deletes the principal.
   */
  principalId(desired: DesiredAssignment, scope: ScopeIn<P>, ctx: PlanContext): Id;
  /**
   * A live assignment's principal, by the addresses it may have and its id: the API drops the
   * grant when the principal is deleted, so a plan that deletes it takes the grant along.
   */
  principalOf(live: LiveAssignment, scope: ScopeIn<P>): Owner[];
  /**
   * A role a container must keep between calls: calls that remove or lower a grant of it wait
   * for the container's calls that give it.
   */
  keptRole?: string;
  /**
   * Checks the container's change as a whole, before any of its calls is drafted: throws a plan
   * error for a change it must not make. Given the grants as they are and as they will be.
   */
  guard?(before: readonly Grant[], after: readonly Grant[], scope: ScopeIn<P>): void;
}

/** The key of a configured assignment: its principal's type and name. */
export const assignmentKey = (type: string, name: string): string => `${type}:${name}`;

/**
 * A principal's type and id: what configured and live assignments are matched on (a principal
 * this plan creates: its address).
 */
export const principalKey = (type: string, id: Id) =>
  typeof id === "string" ? `${type}:${id}` : `${type}:\u0000${addressText(id.idOf)}`;
