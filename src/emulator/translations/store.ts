// Translation settings of an organization. The API sets only their title; the languages are
// managed elsewhere in the service, so in the emulator they stay empty.

import { notFound } from "../core/http-error.ts";
import type { EmulatorState, OrganizationRecord } from "../core/state.ts";

export interface TranslationSettingsRecord {
  id: string;
  organizationId: string;
  title: string;
  languages: string[];
  createdAt: Date;
  updatedAt: Date;
}

const settingsOf = (state: EmulatorState) =>
  state.family("translations", () => new Map<string, TranslationSettingsRecord>());

export function listSettings(state: EmulatorState, organizationId: string): TranslationSettingsRecord[] {
  return [...settingsOf(state).values()].filter((settings) => settings.organizationId === organizationId);
}

export function findSettings(
  state: EmulatorState,
  organizationId: string,
  id: string,
): TranslationSettingsRecord {
  const settings = settingsOf(state).get(id);
  if (!settings || settings.organizationId !== organizationId) throw notFound("translation settings", id);
  return settings;
}

export function createSettings(
  state: EmulatorState,
  organization: OrganizationRecord,
  title: string,
): TranslationSettingsRecord {
  const all = settingsOf(state);
  const now = state.now();
  const settings: TranslationSettingsRecord = {
    id: state.ids.fresh("trs", (id) => all.has(id)),
    organizationId: organization.id,
    title,
    languages: [],
    createdAt: now,
    updatedAt: now,
  };
  all.set(settings.id, settings);
  return settings;
}

export function renameSettings(
  state: EmulatorState,
  settings: TranslationSettingsRecord,
  title: string,
): void {
  settings.title = title;
  settings.updatedAt = state.now();
}

export function deleteSettings(state: EmulatorState, settings: TranslationSettingsRecord): void {
  settingsOf(state).delete(settings.id);
}
