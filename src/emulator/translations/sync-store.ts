// Translation syncs, the translations resource of the service's published description: a sync
// translates a source space (in its language) into one target language, and is identified by
// the two (one sync per source space and target language). A run translates; the emulator
// translates nothing, so a run only marks the sync completed.

import { conflict } from "../core/http-error.ts";
import { organizationRecords } from "../core/records.ts";
import type { EmulatorState, OrganizationRecord } from "../core/state.ts";

export interface TranslationSyncRecord {
  id: string;
  organizationId: string;
  status: "pending" | "running" | "completed";
  source: { space: string; language: string };
  language: string;
  /** A document, as sent. */
  instructions?: unknown;
  /** How many runs were started. */
  runs: number;
  createdAt: Date;
  updatedAt: Date;
}

const allSyncs = organizationRecords<TranslationSyncRecord>("translation-syncs", "translation");

export const listSyncs = allSyncs.list;
export const findSync = allSyncs.find;
export const deleteSync = allSyncs.remove;

export interface NewSync {
  source: { space: string; language: string };
  language: string;
  instructions?: unknown;
  /** Fixtures name their syncs; the API generates the id. */
  id?: string;
}

export function createSync(
  state: EmulatorState,
  organization: OrganizationRecord,
  input: NewSync,
): TranslationSyncRecord {
  const taken = listSyncs(state, organization.id).find(
    (sync) => sync.source.space === input.source.space && sync.language === input.language,
  );
  if (taken) {
    throw conflict(
      `a translation of space "${input.source.space}" into "${input.language}" already exists (${taken.id})`,
    );
  }
  const now = state.now();
  return allSyncs.add(state, {
    id: input.id ?? allSyncs.freshId(state, "trn"),
    organizationId: organization.id,
    status: "pending",
    source: { space: input.source.space, language: input.source.language },
    language: input.language,
    ...(input.instructions !== undefined ? { instructions: input.instructions } : {}),
    runs: 0,
    createdAt: now,
    updatedAt: now,
  });
}

export function setInstructions(
  state: EmulatorState,
  sync: TranslationSyncRecord,
  instructions: unknown,
): void {
  sync.instructions = instructions;
  sync.updatedAt = state.now();
}

export function runSync(state: EmulatorState, sync: TranslationSyncRecord): void {
  sync.status = "completed";
  sync.runs += 1;
  sync.updatedAt = state.now();
}
