// What the space permissions read about the organization, with a space's grants: whose token
// docsync runs with (for the lock-out rules) and the members (to name users by email). Read
// and worked out once per run and organization, however many spaces ask: kept in the memo of
// the run's reader.

import { isGoneOrHidden, isNotOffered } from "../../api/errors.ts";
import { orgPath } from "../paths.ts";
import type { RunReader } from "../types.ts";
import type { Caller } from "./space-access.ts";

/** What the lock-out rules and the names need, read with a space's grants. */
export interface AccessFacts {
  caller: Caller;
  /** Member user ids, ids by lowercase email and emails by id; absent when no user is named. */
  members?: {
    ids: ReadonlySet<string>;
    byEmail: ReadonlyMap<string, string>;
    emails: ReadonlyMap<string, string>;
  };
}

type Members = NonNullable<AccessFacts["members"]>;

/** What `read` makes, once per run (`client`) and `key`. */
const once = <T>(client: RunReader, key: string, read: () => Promise<T>): Promise<T> =>
  client.once(client, key, read);

const absent = isNotOffered;

/** The user the token belongs to and its teams; unknown on a service without `GET /user`. */
export function readCaller(client: RunReader, organization: string): Promise<Caller> {
  return once(client, `caller ${organization}`, async () => {
    let id: string;
    try {
      id = (await client.get<{ id: string }>("/user")).id;
    } catch (error) {
      if (absent(error)) return { known: false };
      throw error;
    }
    let teams: { team: { id: string } }[] = [];
    try {
      teams = await client.list(`${orgPath(organization)}/members/${encodeURIComponent(id)}/teams`);
    } catch (error) {
      // A token of someone who is not a member: it is in none of the organization's teams.
      if (!absent(error)) throw error;
    }
    return { known: true, id, teams: new Set(teams.map((membership) => membership.team.id)) };
  });
}

export function readMembers(client: RunReader, organization: string): Promise<Members> {
  return once(client, `members ${organization}`, async () => {
    const members = await client.list<{ id: string; user?: { id: string; email?: string } }>(
      `${orgPath(organization)}/members`,
    );
    const ids = new Set<string>();
    const byEmail = new Map<string, string>();
    const emails = new Map<string, string>();
    for (const member of members) {
      const id = member.user?.id ?? member.id;
      ids.add(id);
      if (member.user?.email) {
        byEmail.set(member.user.email.toLowerCase(), id);
        emails.set(id, member.user.email);
      }
    }
    return { ids, byEmail, emails };
  });
}

/** A space of the organization, as the member spaces listing gives it. */
export interface OrganizationSpace {
  id: string;
  title?: string;
}

/**
 * The organization's live spaces, as far as the user the token runs as reaches them (an admin
 * reaches them all): no call lists an organization's spaces, but a member's do. Undefined on a
 * service without `GET /user`, where who that user is cannot be known.
 */
export function readOrganizationSpaces(
  client: RunReader,
  organization: string,
): Promise<OrganizationSpace[] | undefined> {
  return once(client, `spaces ${organization}`, async () => {
    const caller = await readCaller(client, organization);
    if (!caller.known) return undefined;
    let items: { space: OrganizationSpace & { deletedAt?: unknown } }[];
    try {
      items = await client.list(`${orgPath(organization)}/members/${encodeURIComponent(caller.id)}/spaces`);
    } catch (error) {
      // A token of someone who is not a member, or a service without the listing.
      if (isGoneOrHidden(error) || absent(error)) return undefined;
      throw error;
    }
    return items.map((item) => item.space).filter((space) => !space.deletedAt);
  });
}
