// Link invites of an organization: an id and the role given to whoever joins through the link.
// The emulator does not create them (the spec has no create operation); fixtures do.

import { organizationRecords } from "../core/records.ts";
import type { Role } from "../core/state.ts";

export interface LinkInviteRecord {
  id: string;
  organizationId: string;
  role: Role;
}

const invites = organizationRecords<LinkInviteRecord>("link-invites", "invite");

export const addInvite = invites.add;
export const findInvite = invites.find;
export const deleteInvite = invites.remove;
