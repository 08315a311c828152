// What a live team holds beyond its title: members and roles on spaces (which the API counts),
// weighed against what its configuration gives it. For the teams a plan may delete, more is
// read: a team the plan deletes takes its grants along, on spaces the plan does not read too
// (unlisted-grants.ts), and cannot go while a SAML provider names it (team-providers.ts).

import { listIn, type OrganizationScope } from "../organization.ts";
import { spaceKind } from "../space/space.ts";
import type { LiveNode, RunReader } from "../types.ts";
import { type ProvidersNamingDetails, readProvidersNaming } from "./team-providers.ts";
import { readUnlistedGrants, type UnlistedGrantDetails } from "./unlisted-grants.ts";

/** A live team, as far as this reads it. */
type TeamNode = LiveNode<
  { id: string; title: string; members?: number; spaces?: number },
  Partial<ProvidersNamingDetails & UnlistedGrantDetails>
>;
/** A configured team, as far as this reads it. */
type Configured = { id?: string; title: string; was?: string; members?: string[] };

/**
 * The live teams a plan may delete: when `policy.prune` names teams, those no configured team
 * names (by pin, title or rename hint) and those whose title several live teams share (all
 * but one are duplicates).
 */
function mayBeDeleted(
  nodes: readonly TeamNode[],
  configured: readonly Configured[] | undefined,
  prune: readonly string[],
) {
  if (configured === undefined || !prune.includes("teams")) return [];
  const titles = new Map<string, number>();
  for (const { item } of nodes) titles.set(item.title, (titles.get(item.title) ?? 0) + 1);
  return nodes.filter(
    ({ item: team }) =>
      !configured.some((item) => item.id === team.id) &&
      ((titles.get(team.title) ?? 0) > 1 ||
        !configured.some((item) => item.title === team.title || item.was === team.title)),
  );
}

/** Reads the further facts of the teams of `nodes` that the plan may delete. */
export async function readGoingTeams(
  client: RunReader,
  scope: OrganizationScope<"teams", Configured>,
  nodes: readonly TeamNode[],
): Promise<void> {
  const going = mayBeDeleted(nodes, scope.desired.teams, scope.desired.policy.prune);
  // Unless the API says a team has no space to lose.
  const granted = going.filter((node) => node.item.spaces !== 0);
  await Promise.all([
    readUnlistedGrants(client, scope, "teams", granted),
    readProvidersNaming(client, scope, going),
  ]);
}

/**
 * More members than the team was made with, or roles on more spaces than the configuration
 * gives it: someone added them.
 */
export function teamHolds({ item }: TeamNode, desired: Configured, scope: OrganizationScope): string[] {
  const granted = (listIn(scope.desired, spaceKind) ?? []).filter((space) =>
    space.permissions?.some((grant) => grant.type === "team" && grant.name === desired.title),
  ).length;
  const held = (item.members ?? 0) > (desired.members?.length ?? 0) ? [`${item.members} members`] : [];
  return (item.spaces ?? 0) > granted ? [...held, `a role on ${item.spaces} spaces`] : held;
}
