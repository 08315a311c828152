// Teams: identity is the title. Members can only be given when a team is created: the API
// has no call that lists or changes a team's members, so docsync does not manage them after.
// The API counts a team's members and the spaces it has a role on: what a team holds.

import type { ItemMeta, Located } from "../../model/desired.ts";
import type { FieldChange } from "../../model/plan.ts";
import { compareField } from "../compare.ts";
import { defined } from "../configured.ts";
import { leafNodes } from "../live-nodes.ts";
import { listIn, type OrganizationConfig, type TopLevelKind } from "../organization.ts";
import { teamPath, teamsPath } from "../paths.ts";
import { spaceKind } from "../space/space.ts";
import type { LiveNode } from "../types.ts";
import {
  checkNoProviderKeepsNaming,
  type ProvidersNamingDetails,
  readProvidersNaming,
} from "./team-providers.ts";
import {
  readUnlistedGrants,
  type UnlistedGrantDetails,
  unlistedGrantConsequences,
} from "./unlisted-grants.ts";

export interface LiveTeam {
  [field: string]: unknown;
  object?: "team";
  id: string;
  title: string;
  members?: number;
  /** How many spaces grant it a role. */
  spaces?: number;
}

export interface RawTeam {
  title: string;
  members?: string[];
}

export interface DesiredTeam extends ItemMeta {
  title: string;
  /** Member (user) ids; the API takes them only when the team is created. */
  members?: string[];
}

/**
 * The live teams a plan may delete: when `policy.prune` names teams, those no configured team
 * names (by pin, title or rename hint) and those whose title several live teams share (all
 * but one are duplicates).
 */
function mayBeDeleted(
  nodes: readonly LiveNode<LiveTeam>[],
  desired: OrganizationConfig<"teams", DesiredTeam>,
): LiveNode<LiveTeam>[] {
  if (desired.teams === undefined || !desired.policy.prune.includes("teams")) return [];
  const configured = desired.teams;
  const titles = new Map<string, number>();
  for (const { item } of nodes) titles.set(item.title, (titles.get(item.title) ?? 0) + 1);
  return nodes.filter(
    ({ item: team }) =>
      !configured.some((item) => item.id === team.id) &&
      ((titles.get(team.title) ?? 0) > 1 ||
        !configured.some((item) => item.title === team.title || item.was === team.title)),
  );
}

/** Further facts read about a live team the plan may delete. */
export interface TeamDetails extends ProvidersNamingDetails, UnlistedGrantDetails {}

export const teamKind: TopLevelKind<
  "teams",
  { desired: DesiredTeam; live: LiveTeam; raw: Located<RawTeam>; details: TeamDetails }
> = {
  kind: "team",
  collection: "teams",
  highRisk: true,
  keyKeptUnique: false,
  config: {
    schema: {
      fragment: "team",
      description:
        "Teams of the organization. Identity: title, or id when given. Absent: teams are not managed.",
    },
    identities: [
      { field: "title", hints: true },
      { field: "id", optional: true, hints: false },
    ],
    resolve: ({ value: { title, members } }, meta) => ({ ...meta, title, ...defined({ members }) }),
  },

  async read(client, scope) {
    const nodes = leafNodes(await client.list<LiveTeam>(teamsPath(scope.organization)));
    // A team the plan deletes takes its grants along, on spaces the plan does not read too,
    // and cannot go while a SAML provider names it.
    const going = mayBeDeleted(nodes, scope.desired);
    // Unless the API says a team has no space to lose.
    const granted = going.filter((node) => node.item.spaces !== 0);
    await Promise.all([
      readUnlistedGrants(client, scope, "teams", granted),
      readProvidersNaming(client, scope, going),
    ]);
    return nodes;
  },

  key: (team) => team.title,
  liveKey: (team) => team.title,
  // More members than the team was made with, or roles on more spaces than the configuration
  // gives it: someone added them.
  holds({ item }, desired, scope) {
    const held: string[] = [];
    const members = item.members ?? 0;
    if (members > (desired.members?.length ?? 0)) held.push(`${members} members`);
    const granted = (listIn(scope.desired, spaceKind) ?? []).filter((space) =>
      space.permissions?.some((grant) => grant.type === "team" && grant.name === desired.title),
    ).length;
    const spaces = item.spaces ?? 0;
    if (spaces > granted) held.push(`a role on ${spaces} spaces`);
    return held;
  },

  diff(desired, live) {
    const changes: FieldChange[] = [];
    compareField(changes, "title", desired.title, live?.item.title);
    if (!live && desired.members) changes.push({ field: "members", to: desired.members });
    return changes;
  },

  create: (desired, address, scope, _ctx) => [
    {
      method: "PUT",
      path: teamsPath(scope.organization),
      body: desired.members ? { title: desired.title, members: desired.members } : { title: desired.title },
      summary: "create team",
      captures: [{ address, pointer: "/id" }],
      recover: { list: teamsPath(scope.organization), match: { title: desired.title } },
    },
  ],
  update: (desired, live, _changes, _address, scope) => [
    {
      method: "PATCH",
      path: teamPath(scope.organization, live.item.id),
      body: { title: desired.title },
      summary: "rename team",
    },
  ],
  remove(live, _address, scope, ctx) {
    checkNoProviderKeepsNaming(live, scope, ctx);
    return [{ method: "DELETE", path: teamPath(scope.organization, live.item.id), summary: "delete team" }];
  },
  consequences: (live, _address, _scope, _ctx, configuration) =>
    unlistedGrantConsequences(live, `team:${live.item.title}`, configuration),

  exportLeavesOut: "team members (the API does not list them)",
  // The title only: the API counts a team's members but does not say who they are.
  toConfig(live, _scope, ctx) {
    const config = { title: live.item.title };
    const members = live.item.members;
    if (typeof members === "number" && members > 0) {
      const count = members === 1 ? "1 member" : `${members} members`;
      ctx.comment(config, `${count}, not listed: the API does not say who they are`);
    }
    return config;
  },
};
