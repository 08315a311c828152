// Teams: identity is the title. Members can only be given when a team is created: the API
// has no call that lists or changes a team's members, so docsync does not manage them after.

import type { LiveTeam } from "../api/types.ts";
import type { DesiredState, DesiredTeam } from "../config/types.ts";
import type { FieldChange } from "../model/plan.ts";
import { compareField } from "./compare.ts";
import { leafNodes } from "./live-nodes.ts";
import { teamPath, teamsPath } from "./paths.ts";
import type { KindModule } from "./types.ts";

export const teamKind: KindModule<DesiredTeam, LiveTeam, DesiredState> = {
  kind: "team",
  collection: "teams",
  highRisk: true,

  desired: (scope) => scope.desired.teams,
  // SAML providers name their default team by title, so teams are read to resolve it.
  readAnyway: (scope) =>
    (scope.desired.samlProviders ?? []).some((p) => p.defaultTeam !== undefined && "title" in p.defaultTeam),
  read: async (client, scope) => leafNodes(await client.list<LiveTeam>(teamsPath(scope.organization))),

  key: (team) => team.title,
  liveKey: (team) => team.title,

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
      create: true,
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
  remove: (live, _address, scope) => [
    { method: "DELETE", path: teamPath(scope.organization, live.item.id), summary: "delete team" },
  ],

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
