// SAML single sign-on providers of an organization. A provider may name a default team for the
// users it signs in; that team must belong to the organization, and cannot be deleted while a
// provider names it.

import { badRequest } from "../core/http-error.ts";
import { organizationRecords } from "../core/records.ts";
import type { EmulatorState, OrganizationRecord, Role } from "../core/state.ts";
import { listTeams } from "../teams/store.ts";

export interface SamlProviderRecord {
  id: string;
  organizationId: string;
  label: string;
  entityID?: string;
  certificate?: string;
  ssoURL?: string;
  defaultTeamId?: string;
  /** null: users signing in join as guests. */
  defaultRole: Role | null;
  createdAt: Date;
}

export type SamlChanges = Partial<Omit<SamlProviderRecord, "id" | "organizationId" | "createdAt">>;

const providers = organizationRecords<SamlProviderRecord>("saml", "SAML provider");

export const listProviders = providers.list;
export const findProvider = providers.find;
export const deleteProvider = providers.remove;

function checkDefaultTeam(state: EmulatorState, organizationId: string, teamId: string | undefined): void {
  if (teamId === undefined) return;
  if (!listTeams(state, organizationId).some((team) => team.id === teamId)) {
    throw badRequest(`defaultTeam: team "${teamId}" not found in organization "${organizationId}"`);
  }
}

export function createProvider(
  state: EmulatorState,
  organization: OrganizationRecord,
  input: SamlChanges & { label: string },
): SamlProviderRecord {
  checkDefaultTeam(state, organization.id, input.defaultTeamId);
  return providers.add(state, {
    defaultRole: null,
    ...input,
    id: providers.freshId(state, "saml"),
    organizationId: organization.id,
    createdAt: state.now(),
  });
}

/** Applies changes; a key present with the value undefined removes that optional field. */
export function updateProvider(
  state: EmulatorState,
  provider: SamlProviderRecord,
  changes: SamlChanges,
): void {
  if ("defaultTeamId" in changes) checkDefaultTeam(state, provider.organizationId, changes.defaultTeamId);
  Object.assign(provider, changes);
}

/** The first provider that names the team as its default team, if any. */
export function providerUsingTeam(state: EmulatorState, teamId: string): SamlProviderRecord | undefined {
  return providers.everywhere(state).find((provider) => provider.defaultTeamId === teamId);
}
