// Link invites of an organization: an id and the role given to whoever joins through the link.
// The emulator does not create them (the spec has no create operation); fixtures do.

import { notFound } from "../core/http-error.ts";
import type { EmulatorState, Role } from "../core/state.ts";

export interface LinkInviteRecord {
  id: string;
  organizationId: string;
  role: Role;
}

const invitesOf = (state: EmulatorState) =>
  state.family("link-invites", () => new Map<string, LinkInviteRecord>());

export function addInvite(state: EmulatorState, invite: LinkInviteRecord): void {
  invitesOf(state).set(invite.id, invite);
}

export function findInvite(state: EmulatorState, organizationId: string, inviteId: string): LinkInviteRecord {
  const invite = invitesOf(state).get(inviteId);
  if (!invite || invite.organizationId !== organizationId) throw notFound("invite", inviteId);
  return invite;
}

export function deleteInvite(state: EmulatorState, invite: LinkInviteRecord): void {
  invitesOf(state).delete(invite.id);
}
