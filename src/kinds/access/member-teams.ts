// A member removed from the organization leaves every team it is in. docsync gives a team its
// members only when it creates the team (the API has no call that changes them after), so no
// change of a team follows from it; the member's delete shows which teams lose it, for the
// reviewer. The teams are read only for members the plan may remove.

import type { LiveReader } from "../../api/client-types.ts";
import { isNotOffered } from "../../api/errors.ts";
import { addressOf, addressText, ROOT } from "../../model/address.ts";
import type { Consequence } from "../../model/plan.ts";
import { orgPath } from "../paths.ts";
import type { LiveNode, PlanContext } from "../types.ts";

interface TeamOf {
  id: string;
  title: string;
}

/** What a member's node notes of the teams it is in. */
export interface MemberTeamsDetails {
  teams: TeamOf[];
}

type MemberNode = LiveNode<{ id: string; teams?: unknown }, Partial<MemberTeamsDetails>>;

/** Notes on each member of `nodes` the teams it is in, unless the API says it is in none. */
export async function readTeamsOf(
  client: LiveReader,
  organization: string,
  nodes: readonly MemberNode[],
): Promise<void> {
  await Promise.all(
    nodes
      .filter((node) => node.item.teams !== 0)
      .map(async (node) => {
        let memberships: { team: TeamOf }[];
        try {
          memberships = await client.list(
            `${orgPath(organization)}/members/${encodeURIComponent(node.item.id)}/teams`,
          );
        } catch (error) {
          // A service without the listing: the member's teams cannot be shown.
          if (isNotOffered(error)) return;
          throw error;
        }
        const teams = memberships.map(({ team }) => ({ id: team.id, title: team.title }));
        if (teams.length > 0) node.details = { ...node.details, teams };
      }),
  );
}

/** The teams a removed member leaves, as consequences of its delete (those this plan deletes say nothing more). */
export function teamsLosing(node: MemberNode, member: string, ctx: PlanContext): Consequence[] {
  const teams = node.details?.teams ?? [];
  return teams.flatMap(({ id, title }) => {
    // Where a title is shared, the address tells the team by its id.
    const addresses = [title, `${title}#${id}`].map((key) => addressOf(ROOT, "team", key));
    if (addresses.some((address) => ctx.deletes(address) === id)) return [];
    const address = addresses.find((candidate) => ctx.liveIdOf(candidate) === id) ?? addresses[0]!;
    return [
      {
        action: "update",
        kind: "team",
        address: addressText(address),
        liveId: id,
        note: `loses member ${JSON.stringify(member)}`,
      },
    ];
  });
}
