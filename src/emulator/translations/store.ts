// Translation settings of an organization. The API sets only their title; the languages are
// managed elsewhere in the service, so in the emulator they stay empty.

import { organizationRecords } from "../core/records.ts";
import type { EmulatorState, OrganizationRecord } from "../core/state.ts";

export interface TranslationSettingsRecord {
  id: string;
  organizationId: string;
  title: string;
  languages: string[];
  createdAt: Date;
  updatedAt: Date;
}

const allSettings = organizationRecords<TranslationSettingsRecord>("translations", "translation settings");

export const listSettings = allSettings.list;
export const findSettings = allSettings.find;
export const deleteSettings = allSettings.remove;

export function createSettings(
  state: EmulatorState,
  organization: OrganizationRecord,
  title: string,
  /** Fixtures name their settings; the API generates the id. */
  id?: string,
): TranslationSettingsRecord {
  const now = state.now();
  return allSettings.add(state, {
    id: id ?? allSettings.freshId(state, "trs"),
    organizationId: organization.id,
    title,
    languages: [],
    createdAt: now,
    updatedAt: now,
  });
}

export function renameSettings(
  state: EmulatorState,
  settings: TranslationSettingsRecord,
  title: string,
): void {
  settings.title = title;
  settings.updatedAt = state.now();
}
