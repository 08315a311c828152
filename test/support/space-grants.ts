// Space grants through the emulator's API, for tests of space permissions: give one, and read a
// space's user and team grants as [principal, role] pairs.

import type { Harness } from "./harness.ts";

interface UserGrant {
  permission: string;
  user: { id: string };
}
interface TeamGrant {
  permission: string;
  team: { id: string; title: string };
}

export const grant = (h: Harness, space: string, body: Record<string, unknown>) =>
  h.api.send({ method: "POST", path: `/spaces/${space}/permissions`, body });

/** A space's user grants: [user id, role]. */
export const userGrants = async (h: Harness, space: string) =>
  (await h.api.list<UserGrant>(`/spaces/${space}/permissions/users`)).map((g) => [g.user.id, g.permission]);

/** A space's team grants: [team title, role]. */
export const teamGrants = async (h: Harness, space: string) =>
  (await h.api.list<TeamGrant>(`/spaces/${space}/permissions/teams`)).map((g) => [
    g.team.title,
    g.permission,
  ]);

/** The `spaces:` entry of the fixture's handbook space with these grants, one per line. */
export const handbook = (...grants: string[]): string =>
  `spaces:\n  handbook:\n    id: spc_handbook\n    permissions:\n${grants.map((g) => `      - ${g}\n`).join("")}`;
