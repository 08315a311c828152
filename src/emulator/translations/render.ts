import { isAdmin } from "../core/access.ts";
import type { RequestContext } from "../core/context.ts";
import { iso } from "../core/render.ts";
import { EMPTY_DOCUMENT } from "./instructions.ts";
import type { TranslationSettingsRecord } from "./store.ts";
import type { TranslationSyncRecord } from "./sync-store.ts";

export function renderTranslationSettings(ctx: RequestContext, settings: TranslationSettingsRecord) {
  return {
    object: "translation-settings",
    id: settings.id,
    title: settings.title,
    languages: settings.languages,
    createdAt: iso(settings.createdAt),
    updatedAt: iso(settings.updatedAt),
    permissions: { view: true, edit: isAdmin(ctx, settings.organizationId) },
    urls: { location: `${ctx.state.baseUrl}/v1/orgs/${settings.organizationId}/translations/${settings.id}` },
  };
}

/**
 * A translation sync as the published description shows it; absent values are left out, and
 * the fields it always carries are there: the instructions (an empty document when none were
 * given), the run statistics (the emulator translates no words), permissions and URL.
 */
export function renderTranslationSync(ctx: RequestContext, sync: TranslationSyncRecord) {
  return {
    object: "translation",
    id: sync.id,
    status: sync.status,
    source: { ...sync.source },
    language: sync.language,
    instructions: structuredClone(sync.instructions ?? EMPTY_DOCUMENT),
    stats: { runs: sync.runs, totalWords: 0, totalPages: 0, totalDuration: 0, latestRunDuration: 0 },
    permissions: { view: true, edit: isAdmin(ctx, sync.organizationId) },
    urls: { location: `${ctx.state.baseUrl}/v1/orgs/${sync.organizationId}/translations/${sync.id}` },
    createdAt: iso(sync.createdAt),
    updatedAt: iso(sync.updatedAt),
  };
}
