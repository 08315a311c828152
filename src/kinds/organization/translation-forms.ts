// The two resources a service may keep under /orgs/{id}/translations: the spec's translation
// settings (4.18: a title, the only field PUT changes) and the translation syncs of the service's
// published description (a source space and its language, a target language, and instructions,
// the only field PUT changes). A configuration writes its entries in one form; the live list
// tells which one the service keeps (its items' `object`), and an empty list tells nothing.

import { DocsyncError } from "../../errors.ts";
import { type ItemMeta, type Located, placeOf } from "../../model/desired.ts";
import { knownSpaces } from "../known-spaces.ts";
import type { CheckContext } from "../types.ts";

export type TranslationForm = "settings" | "sync";

export interface LiveTranslation {
  [field: string]: unknown;
  object?: string;
  id: string;
  /** Settings. */
  title?: string;
  languages?: string[];
  /** A sync. */
  source?: { space: string; language: string };
  language?: string;
  instructions?: unknown;
}

export interface RawTranslationSettings {
  title: string;
}

export interface RawTranslationSync {
  source: { space: string; language: string };
  language: string;
  /** A text, or a document. */
  instructions?: string | Record<string, unknown>;
}

export type RawTranslation = RawTranslationSettings | RawTranslationSync;

export interface DesiredTranslationSettings extends ItemMeta {
  form: "settings";
  title: string;
}

export interface DesiredTranslationSync extends ItemMeta {
  form: "sync";
  /** The source space's name under `spaces:`, and its id. */
  space: string;
  spaceId: string;
  sourceLanguage: string;
  language: string;
  instructions?: Record<string, unknown>;
}

export type DesiredTranslation = DesiredTranslationSettings | DesiredTranslationSync;

/** What each form is, for messages: the `object` its items carry, its fields, and how an entry is written. */
export const FORMS: Record<TranslationForm, { object: string; name: string; fields: string; write: string }> =
  {
    settings: {
      object: "translation-settings",
      name: "translation settings",
      fields: "a title",
      write: "{ title }",
    },
    sync: {
      object: "translation",
      name: "translation syncs",
      fields: "a source space and its language, a target language, instructions",
      write: "{ source: { space, language }, language }",
    },
  };

/** `translation syncs (a source space and …)`. */
export const described = (form: TranslationForm): string => `${FORMS[form].name} (${FORMS[form].fields})`;

export const rawForm = (raw: RawTranslation): TranslationForm => ("title" in raw ? "settings" : "sync");

/** The form of a live item: its `object`, or its fields when it has none. */
export function liveForm(live: LiveTranslation): TranslationForm {
  if (live.object === FORMS.sync.object) return "sync";
  if (live.object === FORMS.settings.object) return "settings";
  return live.source !== undefined ? "sync" : "settings";
}

/**
 * Stops before any write when the service keeps the other form than the configuration's: the
 * live items say which. An empty list says nothing (the first create tells; see translation.ts).
 */
export function checkLiveForm(configured: readonly DesiredTranslation[], live: readonly LiveTranslation[]) {
  const [entry] = configured;
  const [item] = live;
  if (entry === undefined || item === undefined || liveForm(item) === entry.form) return;
  const service = liveForm(item);
  throw new DocsyncError(
    "plan.other-form",
    `translations: this service keeps ${FORMS[service].name} (object "${FORMS[service].object}": ` +
      `${FORMS[service].fields}), but the configuration gives ${described(entry.form)}, at ` +
      `${placeOf(entry.at)}. Write each entry as ` +
      `${FORMS[service].write} (see docs/configuration.md#translations); nothing was changed.`,
  );
}

/** The identity of a sync: its source space (an id) and its target language. */
export const syncKey = (space: string, language: string) => `${space} → ${language}`;

/**
 * Every entry in the first entry's form; a sync names a space under `spaces:`, and translates a
 * space into a language once (the service keeps that pair unique).
 */
export function checkTranslations(items: readonly Located<RawTranslation>[], ctx: CheckContext): void {
  const [first] = items;
  if (first === undefined) return;
  const form = rawForm(first.value);
  const pairs = new Map<string, Located<RawTranslation>>();
  for (const item of items) {
    if (rawForm(item.value) !== form) {
      ctx.report(
        item,
        [],
        `is ${described(rawForm(item.value))}, but the translation at ${ctx.where(first, form === "settings" ? "title" : "source", item)} ` +
          `is ${described(form)}: a service keeps its translations in one form, so write every entry in it`,
      );
      continue;
    }
    if (!("source" in item.value)) continue;
    const { source, language } = item.value;
    if (ctx.spaces !== undefined && !ctx.spaces.has(source.space))
      ctx.report(item, ["source", "space"], `unknown space "${source.space}"; ${knownSpaces(ctx.spaces)}`);
    const pair = syncKey(source.space, language);
    const earlier = pairs.get(pair);
    if (earlier === undefined) pairs.set(pair, item);
    else
      ctx.report(
        item,
        ["language"],
        `duplicate translation of space "${source.space}" into "${language}" (first at ${ctx.where(earlier, "language", item)})`,
      );
  }
}

/** The document of one paragraph that a text of instructions is sent as. */
export function instructionsDocument(text: string): Record<string, unknown> {
  const leaf = { object: "leaf", text, marks: [] };
  const paragraph = {
    object: "block",
    type: "paragraph",
    data: {},
    nodes: [{ object: "text", leaves: [leaf] }],
  };
  return { object: "document", data: {}, nodes: [paragraph] };
}

/** The text a document holds when it is one paragraph of plain text, as instructionsDocument makes it. */
export function instructionsText(document: unknown): string | undefined {
  const text = (document as { nodes?: { nodes?: { leaves?: { text?: unknown }[] }[] }[] } | null)?.nodes?.[0]
    ?.nodes?.[0]?.leaves?.[0]?.text;
  if (typeof text !== "string") return undefined;
  return JSON.stringify(instructionsDocument(text)) === JSON.stringify(document) ? text : undefined;
}

/** Whether a document holds nothing: what the service shows when no instructions were given. */
export const isEmptyDocument = (document: unknown): boolean =>
  Array.isArray((document as { nodes?: unknown } | null)?.nodes) &&
  (document as { nodes: unknown[] }).nodes.length === 0;
