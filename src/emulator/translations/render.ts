import { isAdmin } from "../core/access.ts";
import type { RequestContext } from "../core/context.ts";
import { iso } from "../core/render.ts";
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

/** A translation sync as the published description shows it; absent values are left out. */
export function renderTranslationSync(sync: TranslationSyncRecord) {
  return {
    object: "translation",
    id: sync.id,
    status: sync.status,
    source: { ...sync.source },
    language: sync.language,
    ...(sync.instructions !== undefined ? { instructions: sync.instructions } : {}),
    createdAt: iso(sync.createdAt),
    updatedAt: iso(sync.updatedAt),
  };
}
