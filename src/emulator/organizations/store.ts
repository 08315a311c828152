// Organizations: the caller's list, configuration changes and the lookups that span an
// organization (search, email domains). A hostname names one organization only.

import { conflict } from "../core/http-error.ts";
import { containsFolded } from "../core/query.ts";
import type { EmulatorState, OrganizationRecord, UserRecord } from "../core/state.ts";

export function organizationsOfUser(state: EmulatorState, userId: string): OrganizationRecord[] {
  return [...state.organizations.values()].filter((organization) => {
    const member = organization.members.get(userId);
    return member !== undefined && !member.disabled;
  });
}

export type OrganizationChanges = Partial<
  Pick<
    OrganizationRecord,
    | "title"
    | "emailDomains"
    | "hostname"
    | "defaultRole"
    | "defaultContent"
    | "logo"
    | "sso"
    | "ai"
    | "inviteLinks"
  >
>;

/** Applies changes; a key present with the value undefined removes that optional field. */
export function updateOrganization(
  state: EmulatorState,
  organization: OrganizationRecord,
  changes: OrganizationChanges,
) {
  const { hostname } = changes;
  if (hostname !== undefined) {
    const holder = [...state.organizations.values()].find(
      (o) => o.hostname === hostname && o.id !== organization.id,
    );
    if (holder) throw conflict(`hostname "${hostname}" is already used by another organization`);
  }
  Object.assign(organization, changes);
}

/**
 * Organizations that list the email domain: those the caller belongs to, and those the caller
 * could join because the caller's own email address is at that domain.
 */
export function organizationsForEmailDomain(state: EmulatorState, domain: string, caller: UserRecord) {
  const wanted = domain.toLowerCase();
  const callerDomain = caller.email.slice(caller.email.lastIndexOf("@") + 1).toLowerCase();
  return [...state.organizations.values()].filter(
    (organization) =>
      organization.emailDomains.some((d) => d.toLowerCase() === wanted) &&
      (organization.members.has(caller.id) || callerDomain === wanted),
  );
}

/** Search matches live space titles; the emulator holds no page content to match. */
export function searchSpaces(state: EmulatorState, organizationId: string, query: string) {
  return [...state.spaces.values()].filter(
    (space) =>
      space.organizationId === organizationId && !space.deletedAt && containsFolded(space.title, query),
  );
}
