// Teams: identity is the title. Members are given when a team is created only: no call of the
// API lists or changes them. It counts them, and the team's spaces: what it holds (team-holdings.ts).

import type { ItemMeta, Located } from "../../model/desired.ts";
import type { TopLevelKind, TopLevelTypes } from "../organization.ts";
import { teamsPath } from "../paths.ts";
import { listedKind } from "../shapes/listed.ts";
import { readGoingTeams, teamHolds } from "./team-holdings.ts";
import { checkNoProviderKeepsNaming, type ProvidersNamingDetails } from "./team-providers.ts";
import { type UnlistedGrantDetails, unlistedGrantConsequences } from "./unlisted-grants.ts";

export type LiveTeam = { [field: string]: unknown; object?: "team"; id: string; title: string } & {
  members?: number;
  spaces?: number;
};
/** `members`: user ids; the API takes them only when the team is created. */
export type RawTeam = { title: string; members?: string[] };
export type DesiredTeam = ItemMeta & RawTeam;
/** Further facts read about a live team the plan may delete. */
export interface TeamDetails extends ProvidersNamingDetails, UnlistedGrantDetails {}
type Team = { desired: DesiredTeam; live: LiveTeam; raw: Located<RawTeam>; details: TeamDetails };

const listed = listedKind<TopLevelTypes<"teams", Team>, "teams">({
  kind: "team",
  collection: "teams",
  schema: {
    fragment: "team",
    description:
      "Teams of the organization. Identity: title, or id when given. Absent: teams are not managed.",
  },
  identities: [{ field: "title" }, { field: "id", optional: true, hints: false }],
  path: (scope) => teamsPath(scope.organization),
  fields: [{ name: "title" }, { name: "members", change: "once" }],
  createMethod: "PUT",
  updateSummary: "rename team",
  // The title only: the API counts a team's members but does not say who they are.
  exportComment: ({ members = 0 }) =>
    members > 0
      ? `${members === 1 ? "1 member" : `${members} members`}, not listed: the API does not say who they are`
      : undefined,
});

export const teamKind: TopLevelKind<"teams", Team> = {
  ...listed,
  highRisk: true,
  keyKeptUnique: false,
  async read(client, scope) {
    const nodes = await listed.read(client, scope);
    await readGoingTeams(client, scope, nodes);
    return nodes;
  },
  holds: teamHolds,
  remove(live, address, scope, ctx) {
    checkNoProviderKeepsNaming(live, scope, ctx);
    return listed.remove(live, address, scope, ctx);
  },
  consequences: (live, _address, _scope, _ctx, configuration) =>
    unlistedGrantConsequences(live, `team:${live.item.title}`, configuration),
  exportLeavesOut: "team members (the API does not list them)",
};
