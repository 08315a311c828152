// The assignment shape: a set of (principal, role) pairs on one item, such as the roles of users
// and teams on a space. The configuration lists them; the API writes them one principal at a
// time, and an assignment has no id of its own: the live node's id is the principal's. Inviting
// a principal answers 204 with nothing to capture, changing its role is one PATCH, and taking it
// away is one DELETE. The kind built here knows nothing of spaces: the routes, the way names
// become ids and the rules a container's change must keep are given to it.

import type { LiveReader } from "../../api/client-types.ts";
import type { ItemMeta, Located } from "../../model/desired.ts";
import type { FieldChange } from "../../model/plan.ts";
import type { CallDraft, KindConfig, KindModule, PlanContext, Scope } from "../types.ts";

/** A live assignment: its id is the principal's id. */
export interface LiveAssignment {
  [field: string]: unknown;
  id: string;
  /** The principal's type (`user`, `team`). */
  type: string;
  role: string;
  /** How the configuration names this principal, as `type:name`: the key it is matched on. */
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
  id: string;
  role: string;
}

/** The calls that write one type of principal. */
export interface PrincipalRoutes<S> {
  invite(scope: S, id: string, role: string): CallDraft;
  change(scope: S, id: string, role: string): CallDraft;
  remove(scope: S, id: string): CallDraft;
}

export interface AssignmentSpec<P, I extends Record<string, string>, R extends Located<unknown>> {
  kind: string;
  collection: string;
  config: KindConfig<R, DesiredAssignment>;
  /** The routes of each type of principal, by type. */
  principals: Record<string, PrincipalRoutes<Scope<P, I>>>;
  desired(scope: Scope<P, I>): DesiredAssignment[] | undefined;
  /** Reads the live assignments of the scope, each keyed as the configuration names it. */
  read(client: LiveReader, scope: Scope<P, I>): Promise<LiveAssignment[]>;
  /** The id of a configured assignment's principal (live, or a placeholder); a plan error when unknown. */
  principalId(desired: DesiredAssignment, scope: Scope<P, I>, ctx: PlanContext): string;
  /**
   * Checks the container's change as a whole, before any of its calls is drafted: throws a plan
   * error for a change it must not make. Given the grants as they are and as they will be.
   */
  guard?(before: readonly Grant[], after: readonly Grant[], scope: Scope<P, I>): void;
}

/** The key of a configured assignment: its principal's type and name. */
export const assignmentKey = (type: string, name: string): string => `${type}:${name}`;

/** The grants the configuration makes a container hold (the listed ones: the list is the truth). */
function grantsAfter<P, I extends Record<string, string>, R extends Located<unknown>>(
  spec: AssignmentSpec<P, I, R>,
  scope: Scope<P, I>,
  ctx: PlanContext,
): Grant[] {
  return (spec.desired(scope) ?? []).map((desired) => ({
    type: desired.type,
    id: spec.principalId(desired, scope, ctx),
    role: desired.role,
  }));
}

export function assignmentKind<P, I extends Record<string, string>, R extends Located<unknown>>(
  spec: AssignmentSpec<P, I, R>,
): KindModule<DesiredAssignment, LiveAssignment, P, I, R> {
  // The whole container is checked once, by whichever of its items is planned first.
  const guarded = new WeakSet<object>();
  const guard = (scope: Scope<P, I>, ctx: PlanContext) => {
    if (!spec.guard || guarded.has(scope)) return;
    guarded.add(scope);
    const before = ((scope.live?.children[spec.kind] ?? []) as { item: LiveAssignment }[]).map(
      ({ item }) => ({ type: item.type, id: item.id, role: item.role }),
    );
    spec.guard(before, grantsAfter(spec, scope, ctx), scope);
  };
  const routes = (type: string) => {
    const found = spec.principals[type];
    if (!found) throw new Error(`assignment of unknown principal type ${type}`);
    return found;
  };

  return {
    kind: spec.kind,
    collection: spec.collection,
    config: spec.config,
    desired: spec.desired,
    read: async (client, scope) => (await spec.read(client, scope)).map((item) => ({ item, children: {} })),

    key: (desired) => assignmentKey(desired.type, desired.name),
    liveKey: (live) => live.key,

    diff(desired, live, scope, ctx) {
      guard(scope, ctx);
      if (live?.item.role === desired.role) return [];
      const change: FieldChange = { field: "role", to: desired.role };
      if (live) change.from = live.item.role;
      return [change];
    },
    create(desired, _address, scope, ctx) {
      guard(scope, ctx);
      const principal = spec.principalId(desired, scope, ctx);
      // A principal this plan creates (a new team) must exist before it is given a role.
      const call = routes(desired.type).invite(scope, principal, desired.role);
      const needs = ctx.needs(principal);
      return [needs ? { ...call, needs: [...(call.needs ?? []), ...needs] } : call];
    },
    update: (desired, live, _changes, _address, scope) => [
      routes(live.item.type).change(scope, live.item.id, desired.role),
    ],
    remove(live, _address, scope, ctx) {
      guard(scope, ctx);
      return [routes(live.item.type).remove(scope, live.item.id)];
    },
  };
}
