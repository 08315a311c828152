// Members of the organization and their roles. A member is named by its user id or its email
// (an email has an `@`; an id never does), and is matched on it: the email case-insensitively,
// the id as a pin. docsync changes roles and, when `policy.prune` names members, removes the
// members the configuration does not list; it cannot add anyone: the API has no call that
// invites a user (spec 4.15), so a configured member who is not in the organization stops the
// plan before any write. The admin rules (member-admins.ts) are checked while planning.

import type { LiveReader } from "../../api/client-types.ts";
import { isNotOffered } from "../../api/errors.ts";
import { DocsyncError } from "../../errors.ts";
import { type ItemMeta, type Located, placeOf, type Role } from "../../model/desired.ts";
import type { FieldChange } from "../../model/plan.ts";
import { compareField } from "../compare.ts";
import { childrenOf } from "../items-of.ts";
import type { OrganizationScope, TopLevelKind } from "../organization.ts";
import { orgPath } from "../paths.ts";
import type { LiveNode, PlanContext } from "../types.ts";
import { type AdminFacts, adminRefusals, type Caller, type Outcome } from "./member-admins.ts";
import { type MemberTeamsDetails, readTeamsOf, teamsLosing } from "./member-teams.ts";
import {
  readUnlistedGrants,
  type UnlistedGrantDetails,
  unlistedGrantConsequences,
} from "./unlisted-grants.ts";

export interface LiveMember {
  [field: string]: unknown;
  object?: "member";
  /** The user's id. */
  id: string;
  role: Role | null;
  user?: { id: string; email?: string; displayName?: string };
  disabled?: boolean;
}

export interface RawMember {
  /** A user id, or the user's email. */
  user: string;
  role: Role | null;
}

export interface DesiredMember extends ItemMeta {
  /** As written: a user id or an email. */
  user: string;
  /** null: a guest. */
  role: Role | null;
}

const KIND = "member";

const membersPath = (org: string) => `${orgPath(org)}/members`;
const memberPath = (org: string, user: string) => `${membersPath(org)}/${encodeURIComponent(user)}`;

const isEmail = (user: string) => user.includes("@");
/** The key a member is matched on: its email in lower case, or its user id. */
const userKey = (user: string) => (isEmail(user) ? user.toLowerCase() : user);
const liveName = (live: LiveMember) => live.user?.email ?? live.id;
const where = (item: ItemMeta) => placeOf(item.at);

/** Whether the configured `user` names the live member. */
const names = (user: string, live: LiveMember) =>
  isEmail(user) ? live.user?.email?.toLowerCase() === user.toLowerCase() : live.id === user;

/** Who the API token runs as (`GET /v1/user`, which the spec does not list). */
async function callerOf(client: LiveReader): Promise<Caller> {
  try {
    const user = await client.get<{ id?: unknown }>("/user");
    if (typeof user.id === "string") return { id: user.id };
    return { unknown: "GET /v1/user answered without an id" };
  } catch (error) {
    if (isNotOffered(error)) return { unknown: `GET /v1/user answered ${error.status}` };
    throw error;
  }
}

/** One live member configured twice, by its user id and by its email: reported at the second. */
function checkNoneTwice(desired: readonly DesiredMember[], live: readonly LiveMember[]): void {
  const lines: string[] = [];
  for (const member of live) {
    const [first, ...again] = desired.filter((candidate) => names(candidate.user, member));
    for (const other of again)
      lines.push(
        `${where(other)}: member "${other.user}" is "${first!.user}" again (${where(first!)}): one user, listed twice; keep one of them`,
      );
  }
  if (lines.length > 0) throw new DocsyncError("plan.duplicate-member", lines.join("\n"));
}

/** Configured members who are not in the organization: docsync cannot invite them. */
function checkAllPresent(desired: readonly DesiredMember[], live: readonly LiveMember[]): void {
  const missing = desired.filter((member) => !live.some((candidate) => names(member.user, candidate)));
  if (missing.length === 0) return;
  const lines = missing.map(
    (member) => `  ${where(member)}: member "${member.user}" is not in the organization`,
  );
  const count = missing.length === 1 ? "A configured member is" : `${missing.length} configured members are`;
  throw new DocsyncError(
    "plan.unknown-member",
    `${count} not in the organization, and docsync changes the roles of members but cannot invite anyone (the API has no call for it): invite them in the web app first, or remove them from members:.\n${lines.join("\n")}`,
  );
}

/** Further facts read about a live member. */
export interface MemberDetails extends MemberTeamsDetails, UnlistedGrantDetails {
  /** Who the API token runs as: noted on every member read, for the admin rules. */
  caller: Caller;
}

type MemberNode = LiveNode<LiveMember, Partial<MemberDetails>>;

/** Stops on a refusal of the admin rules: worked out once per plan, the first time a member asks. */
function checkAdmins(scope: OrganizationScope<"members", DesiredMember>, ctx: PlanContext): void {
  const nodes = childrenOf(scope.live, memberKind);
  const problems = ctx.once(nodes, "admin refusals", () => adminProblems(scope, nodes));
  if (problems !== undefined) throw new DocsyncError("plan.admin", problems);
}

function adminProblems(
  scope: OrganizationScope<"members", DesiredMember>,
  nodes: readonly MemberNode[],
): string | undefined {
  const desired = scope.desired.members ?? [];
  const prune = scope.desired.policy.prune.includes("members");
  const outcomes = new Map<string, Outcome>();
  // Where a member is configured is looked up only for a refusal that names it.
  const configured = new Map<string, ItemMeta>();
  for (const node of nodes) {
    const member = desired.find((candidate) => names(candidate.user, node.item));
    if (member) {
      outcomes.set(node.item.id, { role: member.role });
      configured.set(node.item.id, member);
    } else if (prune) outcomes.set(node.item.id, "removed");
  }
  const facts: AdminFacts[] = nodes.map(({ item }) => ({
    id: item.id,
    name: liveName(item),
    role: item.role,
    disabled: item.disabled === true,
  }));
  const caller = nodes[0]?.details?.caller ?? { unknown: "no member was read" };
  const refusals = adminRefusals(facts, outcomes, caller, (id) => {
    const member = configured.get(id);
    return member && where(member);
  });
  if (refusals.length === 0) return undefined;
  return refusals
    .map((refusal) => (refusal.at === undefined ? refusal.message : `${refusal.at}: ${refusal.message}`))
    .join("\n");
}

export const memberKind: TopLevelKind<
  "members",
  { desired: DesiredMember; live: LiveMember; raw: Located<RawMember>; details: MemberDetails }
> = {
  kind: KIND,
  collection: "members",
  // Removing a member takes away its access to everything.
  highRisk: true,
  // `usr_rita` and `rita@acme.example` name one member.
  keyAliases: true,
  // The user the token runs as, read to keep its admin role.
  pathsOutsideOrganization: ["/user"],
  config: {
    schema: {
      fragment: "member",
      description:
        "Roles of the organization's members, by user id or email. Identity: user. Absent: members are not managed. docsync cannot invite: every member listed must already be in the organization.",
    },
    identities: [{ field: "user", hints: false }],
    check(members, ctx) {
      // One email written in two cases is one user; the identity check compares them as written.
      const seen = new Map<string, string>();
      for (const member of members) {
        const { user } = member.value;
        if (!isEmail(user)) continue;
        const first = seen.get(user.toLowerCase());
        if (first !== undefined && first !== user)
          ctx.report(member, ["user"], `"${user}" is "${first}" again: emails are compared without case`);
        if (first === undefined) seen.set(user.toLowerCase(), user);
      }
    },
    // A user id pins the member: it is the live member's id.
    resolve: ({ value: { user, role } }, meta) => ({
      ...meta,
      ...(isEmail(user) ? {} : { id: user }),
      user,
      role,
    }),
  },

  async read(client, scope) {
    const [items, caller] = await Promise.all([
      client.list<LiveMember>(membersPath(scope.organization)),
      // Needed only to plan role changes, not to export them.
      scope.desired.members === undefined ? undefined : callerOf(client),
    ]);
    const desired = scope.desired.members;
    if (desired !== undefined) {
      checkNoneTwice(desired, items);
      checkAllPresent(desired, items);
    }
    const nodes: MemberNode[] = items.map((item) => ({
      item,
      children: {},
      ...(caller ? { details: { caller } } : {}),
    }));
    // A member the plan removes takes its grants along, on spaces the plan does not read too,
    // and leaves its teams.
    const going =
      desired !== undefined && scope.desired.policy.prune.includes("members")
        ? nodes.filter((node) => !desired.some((member) => names(member.user, node.item)))
        : [];
    await Promise.all([
      readUnlistedGrants(client, scope, "users", going),
      readTeamsOf(client, scope.organization, going),
    ]);
    return nodes;
  },

  key: (member) => userKey(member.user),
  liveKey: (member) => userKey(liveName(member)),

  diff(desired, live, scope, ctx) {
    checkAdmins(scope, ctx);
    const changes: FieldChange[] = [];
    compareField(changes, "role", desired.role, live?.item.role);
    return changes;
  },

  create(desired) {
    // The read has already stopped on members who are not in the organization.
    throw new DocsyncError(
      "plan.unknown-member",
      `${where(desired)}: member "${desired.user}" is not in the organization, and docsync cannot invite anyone`,
    );
  },
  update: (desired, live, _changes, _address, scope) => [
    {
      method: "PATCH",
      path: memberPath(scope.organization, live.item.id),
      body: { role: desired.role },
      summary: "change member role",
    },
  ],
  remove(live, _address, scope, ctx) {
    checkAdmins(scope, ctx);
    return [
      {
        method: "DELETE",
        path: memberPath(scope.organization, live.item.id),
        summary: "remove member",
      },
    ];
  },

  consequences: (live, _address, _scope, ctx, configuration) => [
    ...unlistedGrantConsequences(live, `user:${userKey(liveName(live.item))}`, configuration),
    ...teamsLosing(live, liveName(live.item), ctx),
  ],

  exportLeavesOut: "members' sign-in (SSO) and disabled state (read only)",
  toConfig: (live) => ({ user: liveName(live.item), role: live.item.role }),
};
