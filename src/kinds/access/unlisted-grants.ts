// The grants that a team or a member the plan may delete holds on spaces whose permissions the
// configuration does not manage. The service takes a principal's grants away with it; on the
// spaces the configuration lists with `permissions`, the plan shows them as the grants' own
// consequences (space-permission.ts), and on the others it has read nothing. No call lists the
// spaces of a team or the grants of a user, so the organization's spaces are read (spaces of
// the user the token runs as) and each one's grants of that type, only when some principal may
// go; the delete then lists them as consequences, for the reviewer to see.

import { isGoneOrHidden } from "../../api/errors.ts";
import { addressOf, addressText, ROOT } from "../../model/address.ts";
import type { Consequence } from "../../model/plan.ts";
import { desiredIn } from "../items-of.ts";
import type { OrganizationScope } from "../organization.ts";
import { spacePermissionsPath } from "../paths.ts";
import { spaceKind } from "../space/space.ts";
import type { LiveNode, RunReader } from "../types.ts";
import { readOrganizationSpaces } from "./space-access-facts.ts";

/** A grant on a space the configuration does not list with `permissions`. */
export interface UnlistedGrant {
  spaceId: string;
  spaceTitle?: string;
  role: string;
}

/** What a team's or a member's node notes of its grants on unlisted spaces. */
export interface UnlistedGrantDetails {
  unlistedGrants: UnlistedGrant[];
}

/** A team or a member, as read. */
type PrincipalNode = LiveNode<{ id: string }, Partial<UnlistedGrantDetails>>;

/** A grant as the permissions' lists answer it. */
interface ListedGrant {
  permission: string;
  user?: { id?: unknown };
  team?: { id?: unknown };
}

type Principals = "teams" | "users";
const SINGULAR = { teams: "team", users: "user" } as const;

/** The spaces whose grants the configuration manages: the plan reads and plans those itself. */
const managedSpaces = (scope: OrganizationScope) =>
  new Set(
    (desiredIn(spaceKind, scope) ?? [])
      .filter((space) => space.permissions !== undefined)
      .map((space) => space.spaceId),
  );

/**
 * Notes on each of `nodes` (teams or members that the plan may delete) the grants it holds on
 * the organization's spaces that the configuration does not manage, as `details.unlistedGrants`.
 */
export async function readUnlistedGrants(
  client: RunReader,
  scope: OrganizationScope,
  type: Principals,
  nodes: readonly PrincipalNode[],
): Promise<void> {
  if (nodes.length === 0) return;
  const spaces = await readOrganizationSpaces(client, scope.organization);
  if (spaces === undefined) return;
  const managed = managedSpaces(scope);
  const unlisted = spaces.filter((space) => !managed.has(space.id));
  const grantsOf = await Promise.all(
    unlisted.map(async (space) => {
      try {
        return await client.list<ListedGrant>(`${spacePermissionsPath(space.id)}/${type}`);
      } catch (error) {
        // A space deleted since, or out of the token's reach: nothing to say of it.
        if (isGoneOrHidden(error)) return [];
        throw error;
      }
    }),
  );
  // In the order of the spaces, whatever order the answers came in.
  const byId = new Map<string, UnlistedGrant[]>(nodes.map((node) => [node.item.id, []]));
  unlisted.forEach((space, index) => {
    for (const grant of grantsOf[index]!) {
      const principal = grant[SINGULAR[type]];
      const found = typeof principal?.id === "string" ? byId.get(principal.id) : undefined;
      const title = space.title === undefined ? {} : { spaceTitle: space.title };
      found?.push({ spaceId: space.id, role: String(grant.permission), ...title });
    }
  });
  for (const node of nodes) {
    const grants = byId.get(node.item.id)!;
    if (grants.length > 0) node.details = { ...node.details, unlistedGrants: grants };
  }
}

/**
 * The grants a deleted principal takes away on spaces the configuration does not list, as
 * consequences of its delete: `principal` is how a grant's address names it (`team:Writers`).
 */
export function unlistedGrantConsequences(
  node: PrincipalNode,
  principal: string,
  configuration: { spaces: Record<string, string> },
): Consequence[] {
  const grants = node.details?.unlistedGrants ?? [];
  return grants.map(({ spaceId, spaceTitle, role }) => {
    // A space the file names only (`name: id`) by that name, any other by its id.
    const name = Object.keys(configuration.spaces).find((key) => configuration.spaces[key] === spaceId);
    const space = addressOf(ROOT, "space", name ?? spaceId);
    const title = spaceTitle === undefined ? "" : ` ${JSON.stringify(spaceTitle)}`;
    return {
      action: "delete",
      kind: "space permission",
      address: addressText(addressOf(space, "space permission", principal)),
      liveId: node.item.id,
      note: `role ${JSON.stringify(role)} on space${title}, whose permissions the configuration does not list`,
    };
  });
}
