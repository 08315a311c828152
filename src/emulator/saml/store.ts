// SAML single sign-on providers of an organization. A provider may name a default team for the
// users it signs in; that team must belong to the organization, and cannot be deleted while a
// provider names it.

import { badRequest, notFound } from "../core/http-error.ts";
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

const providersOf = (state: EmulatorState) =>
  state.family("saml", () => new Map<string, SamlProviderRecord>());

export function listProviders(state: EmulatorState, organizationId: string): SamlProviderRecord[] {
  return [...providersOf(state).values()].filter((provider) => provider.organizationId === organizationId);
}

export function findProvider(
  state: EmulatorState,
  organizationId: string,
  providerId: string,
): SamlProviderRecord {
  const provider = providersOf(state).get(providerId);
  if (!provider || provider.organizationId !== organizationId) throw notFound("SAML provider", providerId);
  return provider;
}

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
  const providers = providersOf(state);
  const provider: SamlProviderRecord = {
    defaultRole: null,
    ...input,
    id: state.ids.fresh("saml", (id) => providers.has(id)),
    organizationId: organization.id,
    createdAt: state.now(),
  };
  providers.set(provider.id, provider);
  return provider;
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

export function deleteProvider(state: EmulatorState, provider: SamlProviderRecord): void {
  providersOf(state).delete(provider.id);
}

/** The first provider that names the team as its default team, if any. */
export function providerUsingTeam(state: EmulatorState, teamId: string): SamlProviderRecord | undefined {
  return [...providersOf(state).values()].find((provider) => provider.defaultTeamId === teamId);
}
