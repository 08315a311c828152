// The assignment shape: a set of (principal, role) pairs on one item, such as the roles of users
// and teams on a space. The configuration lists them; the API writes them one principal at a
// time, and an assignment has no id of its own: the live node's id is the principal's. Inviting
// a principal answers 204 with nothing to capture (a site's invitation takes a list and no role:
// one call for the new ones, then a role each), changing its role is one PATCH, and taking it
// away is one DELETE. The kind built here knows nothing of spaces or sites: the routes, the way
// names become ids and the rules a container's change must keep are given to it.
//
// Configured and live assignments are matched on the principal's id, not its name: a team
// renamed by this plan keeps its grants, and a user named by id and by email is one principal
// (named twice, a plan error). Calls that take away a protected role (`admin`) wait for the
// container's calls that give it, so that it never goes without one between calls, and
// `--target` of such a removal brings the grants it relies on along.

import { DocsyncError } from "../../errors.ts";
import { type Address, addressOf, addressText, type Id } from "../../model/address.ts";
import { type ItemMeta, type Located, placeOf } from "../../model/desired.ts";
import type { FieldChange } from "../../model/plan.ts";
import { childrenOf, desiredIn } from "../items-of.ts";
import type { CallDraft, KindModule, ParentTypes, PlanContext, ScopeIn } from "../types.ts";
import {
  type AssignmentSpec,
  type AssignmentTypes,
  assignmentKey,
  type DesiredAssignment,
  type Grant,
  type LiveAssignment,
  principalKey,
} from "./assignment-types.ts";

export {
  type AssignmentSpec,
  type AssignmentTypes,
  assignmentKey,
  type DesiredAssignment,
  type Grant,
  type LiveAssignment,
  type PrincipalRoutes,
} from "./assignment-types.ts";

const at = (item: ItemMeta) => placeOf(item.at);

/** Whether the plan leaves an unmatched live assignment in place (does not prune it): its
 * address is its label's, or, when another item has that address, the label told by id. */
function keptLive(
  scope: { address: Address },
  kind: string,
  live: LiveAssignment,
  ctx: PlanContext,
): boolean {
  const plain = addressOf(scope.address, kind, live.key);
  const byId = addressOf(scope.address, kind, `${live.key}#${live.id}`);
  return ctx.liveIdOf(plain) === live.id || ctx.liveIdOf(byId) === live.id;
}

/** The configured grants of `type` that no live grant matches, in order, with their principals' ids. */
function newGrants(
  type: string,
  ids: ReadonlyMap<DesiredAssignment, Id>,
  live: readonly LiveAssignment[],
): Map<DesiredAssignment, Id> {
  const granted = new Set(live.map((item) => principalKey(item.type, item.id)));
  return new Map(
    [...ids].filter(([desired, id]) => desired.type === type && !granted.has(principalKey(type, id))),
  );
}

/**
 * The calls of a new grant where the service invites a list of principals and no role
 * (`inviteMany`): the container's first new grant of the type invites all of `invited`, and each
 * sets its role (`setRole`) after it. The role calls claim a value of the invitation's own, which
 * it releases, so that `--target` of one grant brings the invitation along.
 */
function invitationCalls<S extends { address: Address }>(
  inviteMany: (scope: S, type: string, ids: readonly Id[]) => CallDraft,
  desired: DesiredAssignment,
  invited: ReadonlyMap<DesiredAssignment, Id>,
  scope: S,
  setRole: CallDraft,
): CallDraft[] {
  const invitation = `invitation of ${desired.type}s to ${addressText(scope.address)}`;
  const role = { ...setRole, claims: [invitation] };
  if (invited.keys().next().value !== desired) return [role];
  return [{ ...inviteMany(scope, desired.type, [...invited.values()]), releases: [invitation] }, role];
}

type AssignmentKind<P extends ParentTypes, R extends Located<unknown>> = KindModule<AssignmentTypes<P, R>>;
type PrincipalIds<P extends ParentTypes> = (
  scope: ScopeIn<P>,
  ctx: PlanContext,
) => Map<DesiredAssignment, Id>;

/**
 * Each configured assignment's principal id, found once per container: resolving names can read
 * other kinds' matching, and two names of one principal are found here.
 */
function principalResolver<P extends ParentTypes, R extends Located<unknown>>(
  spec: AssignmentSpec<P, R>,
  kind: AssignmentKind<P, R>,
): PrincipalIds<P> {
  const resolved = new WeakMap<object, Map<DesiredAssignment, Id>>();
  return (scope, ctx) => {
    let ids = resolved.get(scope);
    if (ids) return ids;
    ids = new Map();
    const first = new Map<string, DesiredAssignment>();
    for (const desired of desiredIn(kind, scope) ?? []) {
      const id = spec.principalId(desired, scope, ctx);
      const key = principalKey(desired.type, id);
      const earlier = first.get(key);
      if (earlier) {
        throw new DocsyncError(
          "plan.duplicate",
          `${at(desired)}: ${desired.type} "${desired.name}" is the ${desired.type} "${earlier.name}" names at ${at(earlier)}: give each ${desired.type} one role`,
        );
      }
      first.set(key, desired);
      ids.set(desired, id);
    }
    resolved.set(scope, ids);
    return ids;
  };
}

/**
 * The grants the container holds after the plan: the configured ones, and the live ones the
 * plan leaves alone (not pruned) unless it deletes their principal, which takes them along.
 */
function grantsAfter<P extends ParentTypes, R extends Located<unknown>>(
  spec: AssignmentSpec<P, R>,
  kind: AssignmentKind<P, R>,
  ids: Map<DesiredAssignment, Id>,
  scope: ScopeIn<P>,
  ctx: PlanContext,
): Grant[] {
  const after: Grant[] = (desiredIn(kind, scope) ?? []).map((desired) => ({
    type: desired.type,
    id: ids.get(desired)!,
    role: desired.role,
  }));
  const configured = new Set(after.map((grant) => principalKey(grant.type, grant.id)));
  const principalDeleted = (live: LiveAssignment) =>
    spec.principalOf(live, scope).some((owner) => ctx.deletes(owner.address) === owner.id);
  for (const { item } of childrenOf(scope.live, kind)) {
    if (configured.has(principalKey(item.type, item.id))) continue;
    if (!keptLive(scope, spec.kind, item, ctx)) continue;
    if (principalDeleted(item)) continue;
    after.push({ type: item.type, id: item.id, role: item.role });
  }
  return after;
}

/** The spec's check of a container's change as a whole, made once, by whichever of its items is
 * planned first. */
function containerGuard<P extends ParentTypes, R extends Located<unknown>>(
  spec: AssignmentSpec<P, R>,
  kind: AssignmentKind<P, R>,
  principalIds: PrincipalIds<P>,
): (scope: ScopeIn<P>, ctx: PlanContext) => void {
  const guarded = new WeakSet<object>();
  return (scope, ctx) => {
    if (!spec.guard || guarded.has(scope)) return;
    guarded.add(scope);
    const before = childrenOf(scope.live, kind).map(({ item }) => ({
      type: item.type,
      id: item.id,
      role: item.role,
    }));
    spec.guard(before, grantsAfter(spec, kind, principalIds(scope, ctx), scope, ctx), scope);
  };
}

/**
 * Giving the kept role releases it, taking it away claims it: the graph orders claims after
 * releases, and `--target` keeps what a call depends on.
 */
function keptRoleClaims<P extends ParentTypes, R extends Located<unknown>>(spec: AssignmentSpec<P, R>) {
  const keptRoleOf = (scope: ScopeIn<P>) => `${spec.keptRole} role in ${addressText(scope.address)}`;
  const isKept = (role: string) => spec.keptRole !== undefined && role === spec.keptRole;
  return {
    gives: (call: CallDraft, scope: ScopeIn<P>, role: string): CallDraft =>
      isKept(role) ? { ...call, releases: [keptRoleOf(scope)] } : call,
    takes: (call: CallDraft, scope: ScopeIn<P>, role: string): CallDraft =>
      isKept(role) ? { ...call, claims: [keptRoleOf(scope)] } : call,
  };
}

export function assignmentKind<P extends ParentTypes, R extends Located<unknown>>(
  spec: AssignmentSpec<P, R>,
): AssignmentKind<P, R> {
  // The helpers read the kind's own items and live children: they are made once it exists.
  const principalIds: PrincipalIds<P> = (scope, ctx) => resolvePrincipals(scope, ctx);
  const guard = (scope: ScopeIn<P>, ctx: PlanContext) => checkContainer(scope, ctx);
  const matchKey = (desired: DesiredAssignment, scope: ScopeIn<P>, ctx: PlanContext) =>
    principalKey(
      desired.type,
      principalIds(scope, ctx).get(desired) ?? spec.principalId(desired, scope, ctx),
    );
  const routes = (type: string) => {
    const found = spec.principals[type];
    if (!found) throw new Error(`assignment of unknown principal type ${type}`);
    return found;
  };
  const { gives, takes } = keptRoleClaims(spec);

  const kind: AssignmentKind<P, R> = {
    kind: spec.kind,
    collection: spec.collection,
    config: spec.config,
    read: async (client, scope) => (await spec.read(client, scope)).map((item) => ({ item, children: {} })),

    key: (desired) => assignmentKey(desired.type, desired.name),
    liveKey: (live) => principalKey(live.type, live.id),
    matchKey,
    // An unmatched grant's address names its principal as the configuration would.
    liveLabel: (live) => live.key,
    // A principal's names (its id, its email, a team's old title) are no rename of the grant.
    keyAliases: true,

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
      // A principal this plan creates (a new team) is named by reference: the call waits for it.
      if (spec.inviteMany) {
        const role = gives(routes(desired.type).change(scope, principal, desired.role), scope, desired.role);
        const live = childrenOf(scope.live, kind).map(({ item }) => item);
        const invited = newGrants(desired.type, principalIds(scope, ctx), live);
        return invitationCalls(spec.inviteMany, desired, invited, scope, role);
      }
      return [gives(routes(desired.type).invite(scope, principal, desired.role), scope, desired.role)];
    },
    update(desired, live, _changes, _address, scope) {
      const call = routes(live.item.type).change(scope, live.item.id, desired.role);
      return [gives(takes(call, scope, live.item.role), scope, desired.role)];
    },
    remove(live, _address, scope, ctx) {
      guard(scope, ctx);
      return [takes(routes(live.item.type).remove(scope, live.item.id), scope, live.item.role)];
    },
    // A grant goes with its principal: no call of its own, which would find it gone.
    goesWith: (live, scope) => ({
      owners: spec.principalOf(live.item, scope),
      note: `role ${JSON.stringify(live.item.role)}`,
    }),
  };
  const resolvePrincipals = principalResolver(spec, kind);
  const checkContainer = containerGuard(spec, kind, resolvePrincipals);
  return kind;
}
