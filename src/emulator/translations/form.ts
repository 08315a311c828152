// Which translations resource the emulator serves: the spec's translation settings (4.18, the
// default), or the translation syncs of the service's published description, switched on by a
// fixture's `published: [translations]`. One emulator serves one form, as one service does.

import type { EmulatorState } from "../core/state.ts";

export type TranslationForm = "settings" | "published";

const FAMILY = "translation-form";

export const translationForm = (state: EmulatorState): TranslationForm =>
  state.family<{ form: TranslationForm }>(FAMILY, () => ({ form: "settings" })).form;

export function serveTranslations(state: EmulatorState, form: TranslationForm): void {
  state.family<{ form: TranslationForm }>(FAMILY, () => ({ form })).form = form;
}

/** The target languages of the published description, as codes. */
export const LANGUAGES = [
  "en",
  "fr",
  "de",
  "es",
  "it",
  "pt",
  "pt-br",
  "ru",
  "ja",
  "zh",
  "zh-tw",
  "yue",
  "ko",
  "ar",
  "hi",
  "nl",
  "pl",
  "tr",
  "sv",
  "no",
  "da",
  "fi",
  "el",
  "cs",
  "hu",
  "ro",
  "th",
  "vi",
  "id",
  "ms",
  "he",
  "uk",
  "sk",
  "bg",
  "hr",
  "lt",
  "lv",
  "et",
  "sl",
] as const;
