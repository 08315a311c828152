// Translations, in the form the service keeps them (translation-forms.ts). Translation settings
// (spec 4.18): the API keeps nothing unique but the id and changes only the title, so the title
// identifies them (two with one title are an error), `was` renames and `id` pins. Translation
// syncs (the published description): the service keeps one per source space and target
// language, which identify them; PUT changes only the instructions, so another source language
// is a replacement.
//
// Which form the service keeps is read from its list before anything is planned: a configuration
// in the other form stops there. An empty list cannot tell: the plan then sends the
// configuration's form, and the first create goes before every other call of the plan, so that
// its answer (or its refusal) tells before anything else is changed.

import type { Located } from "../../model/desired.ts";
import type { FieldChange } from "../../model/plan.ts";
import { compareField } from "../compare.ts";
import { leafNodes } from "../live-nodes.ts";
import type { TopLevelKind } from "../organization.ts";
import { translationPath, translationsPath } from "../paths.ts";
import type { CallDraft, Scope } from "../types.ts";
import { uniqueClaim } from "../unique.ts";
import {
  checkLiveForm,
  checkTranslations,
  type DesiredTranslation,
  type DesiredTranslationSync,
  described,
  FORMS,
  instructionsDocument,
  instructionsText,
  isEmptyDocument,
  type LiveTranslation,
  liveForm,
  type RawTranslation,
  syncKey,
} from "./translation-forms.ts";

export type { DesiredTranslation, LiveTranslation };

/** How the configuration shows a sync's source. */
const sourceOf = (desired: DesiredTranslationSync) => ({
  space: desired.space,
  language: desired.sourceLanguage,
});

/** The source space and target language of a sync, which the service keeps to one sync. */
const syncClaim = (scope: Scope, spaceId: string, language: string): string =>
  uniqueClaim(scope, "translation-sync", syncKey(spaceId, language));

/** What a failed first create means, when the service's list was empty. */
const refusal = (desired: DesiredTranslation): string => {
  const other = desired.form === "sync" ? "settings" : "sync";
  return (
    `The service listed no translations, so docsync sent this first one as ${FORMS[desired.form].name}, the ` +
    `configuration's form, before any other call. If the service keeps ${described(other)} instead, ` +
    `write each entry as ${FORMS[other].write} (see docs/configuration.md#translations).`
  );
};

export const translationKind: TopLevelKind<
  "translations",
  { desired: DesiredTranslation; live: LiveTranslation; raw: Located<RawTranslation> }
> = {
  kind: "translation",
  collection: "translations",
  // The translated content belongs to them: deleting them loses it.
  highRisk: true,
  keyKeptUnique: false,
  config: {
    schema: {
      fragment: "translation",
      description:
        "Translations of the organization, in the form the service keeps: translation settings (title; identity: title, or id when given) or translation syncs (source and language; identity: the source space and the language). Absent: translations are not managed.",
    },
    identities: [
      { field: "title", optional: true },
      { field: "id", optional: true, hints: false },
    ],
    check: checkTranslations,
    resolve({ value }, meta, ctx) {
      if ("title" in value) return { ...meta, form: "settings", title: value.title };
      const { source, language, instructions } = value;
      return {
        ...meta,
        form: "sync",
        space: source.space,
        spaceId: ctx.spaceId(source.space),
        sourceLanguage: source.language,
        language,
        ...(instructions !== undefined
          ? {
              instructions:
                typeof instructions === "string" ? instructionsDocument(instructions) : instructions,
            }
          : {}),
      };
    },
  },

  async read(client, scope) {
    const live = await client.list<LiveTranslation>(translationsPath(scope.organization));
    checkLiveForm(scope.desired.translations ?? [], live);
    return leafNodes(live);
  },

  key: (desired) =>
    desired.form === "settings" ? desired.title : syncKey(desired.spaceId, desired.language),
  liveKey: (live) =>
    liveForm(live) === "settings"
      ? String(live.title)
      : syncKey(String(live.source?.space), String(live.language)),
  label: (desired) =>
    desired.form === "settings" ? desired.title : syncKey(desired.space, desired.language),
  liveLabel(live, configuration) {
    if (liveForm(live) === "settings") return String(live.title);
    const id = String(live.source?.space);
    const name = Object.keys(configuration.spaces).find((key) => configuration.spaces[key] === id);
    return syncKey(name ?? id, String(live.language));
  },
  // The languages of settings are set elsewhere in the service, never by docsync: settings with
  // some hold translated content.
  holds: ({ item }) => (item.languages?.length ? [`languages ${item.languages.join(", ")}`] : []),

  diff(desired, live) {
    const changes: FieldChange[] = [];
    if (desired.form === "settings") {
      compareField(changes, "title", desired.title, live?.item.title);
      return changes;
    }
    if (!live) {
      compareField(changes, "source", sourceOf(desired), undefined);
      compareField(changes, "language", desired.language, undefined);
    }
    compareField(changes, "instructions", desired.instructions, live?.item.instructions);
    return changes;
  },
  mustReplace(desired, live) {
    const changes: FieldChange[] = [];
    if (desired.form === "sync")
      compareField(changes, "source.language", desired.sourceLanguage, live.item.source?.language);
    return changes;
  },

  create(desired, address, scope, _ctx, info) {
    const path = translationsPath(scope.organization);
    const call: CallDraft =
      desired.form === "settings"
        ? {
            method: "POST",
            path,
            body: { title: desired.title },
            summary: "create translation settings",
            captures: [{ address, pointer: "/id" }],
            recover: { list: path, match: { title: desired.title } },
          }
        : {
            method: "POST",
            path,
            body: {
              source: { space: desired.spaceId, language: desired.sourceLanguage },
              language: desired.language,
              ...(desired.instructions !== undefined ? { instructions: desired.instructions } : {}),
            },
            summary: "create translation",
            captures: [{ address, pointer: "/id" }],
            // A replacement's create waits for the delete of the sync it replaces.
            claims: [syncClaim(scope, desired.spaceId, desired.language)],
            recover: {
              list: path,
              match: { "source.space": desired.spaceId, language: desired.language },
              // One per source space and language: one another run made meanwhile is this one
              // when it translates from the same language, as instructed.
              adopt: {
                "source.language": desired.sourceLanguage,
                ...(desired.instructions !== undefined ? { instructions: desired.instructions } : {}),
              },
            },
          };
    // The list was empty: which form the service keeps is not known yet.
    if (info.firstInEmptyContainer) {
      call.probe = {
        pointer: "/object",
        value: FORMS[desired.form].object,
        note: `made first: the service lists no translations, so this create's answer tells whether it keeps ${FORMS[desired.form].name}, as the configuration writes them`,
        otherwise: refusal(desired),
      };
    }
    return [call];
  },
  update(desired, live, _changes, _address, scope) {
    const path = translationPath(scope.organization, live.item.id);
    if (desired.form === "settings")
      return [
        { method: "PUT", path, body: { title: desired.title }, summary: "rename translation settings" },
      ];
    return [
      {
        method: "PUT",
        path,
        body: { instructions: desired.instructions },
        summary: "change translation instructions",
      },
    ];
  },
  remove(live, _address, scope) {
    const path = translationPath(scope.organization, live.item.id);
    if (liveForm(live.item) === "settings")
      return [{ method: "DELETE", path, summary: "delete translation settings" }];
    const { source, language } = live.item;
    const releases = [syncClaim(scope, String(source?.space), String(language))];
    return [{ method: "DELETE", path, summary: "delete translation", releases }];
  },

  exportLeavesOut: "the languages of translation settings (the API does not set them)",
  toConfig(live, _scope, ctx) {
    const item = live.item;
    if (liveForm(item) === "settings") return { title: item.title };
    const config: Record<string, unknown> = {
      source: { space: ctx.space(String(item.source?.space)), language: item.source?.language },
      language: item.language,
    };
    const { instructions } = item;
    if (typeof instructions === "object" && instructions !== null && !Array.isArray(instructions)) {
      // A text when it is one paragraph of it; nothing when the document is empty.
      if (!isEmptyDocument(instructions))
        config.instructions = instructionsText(instructions) ?? instructions;
    } else if (instructions !== undefined && instructions !== null)
      ctx.warn(
        `translation ${JSON.stringify(syncKey(String(item.source?.space), String(item.language)))}: its instructions are not a document (a mapping), so they are left out`,
      );
    return config;
  },
};
