// Translation settings (spec 4.18): the API keeps no field unique but the id, and changes only
// the title. The title identifies them in the configuration (two with one title are an error),
// `was` renames and `id` pins an entry to live settings, as for sites.

import type { ItemMeta, Located } from "../model/desired.ts";
import type { FieldChange } from "../model/plan.ts";
import { compareField } from "./compare.ts";
import { leafNodes } from "./live-nodes.ts";
import { translationPath, translationsPath } from "./paths.ts";
import type { DesiredState } from "./registry.ts";
import type { KindModule } from "./types.ts";

export interface LiveTranslation {
  [field: string]: unknown;
  object?: "translation-settings";
  id: string;
  title: string;
  languages?: string[];
}

interface RawTranslation {
  title: string;
}

export interface DesiredTranslation extends ItemMeta {
  title: string;
}

export const translationKind: KindModule<
  DesiredTranslation,
  LiveTranslation,
  DesiredState,
  Record<string, string>,
  Located<RawTranslation>
> = {
  kind: "translation",
  collection: "translations",
  // The translated content belongs to the settings: deleting them loses it.
  highRisk: true,
  config: {
    schema: {
      fragment: "translation",
      description:
        "Translation settings of the organization. Identity: title, or id when given. Absent: translations are not managed.",
    },
    identities: [{ field: "title" }, { field: "id", optional: true }],
    resolve: ({ value: { title } }, meta) => ({ ...meta, title }),
  },

  desired: (scope) => scope.desired.translations,
  read: async (client, scope) =>
    leafNodes(await client.list<LiveTranslation>(translationsPath(scope.organization))),

  key: (translation) => translation.title,
  liveKey: (translation) => translation.title,
  // The languages are set elsewhere in the service, never by docsync: settings with some hold
  // translated content.
  holds: ({ item }) => (item.languages?.length ? [`languages ${item.languages.join(", ")}`] : []),

  diff(desired, live) {
    const changes: FieldChange[] = [];
    compareField(changes, "title", desired.title, live?.item.title);
    return changes;
  },

  create: (desired, address, scope) => [
    {
      method: "POST",
      path: translationsPath(scope.organization),
      body: { title: desired.title },
      summary: "create translation settings",
      captures: [{ address, pointer: "/id" }],
      recover: { list: translationsPath(scope.organization), match: { title: desired.title } },
    },
  ],
  update: (desired, live, _changes, _address, scope) => [
    {
      method: "PUT",
      path: translationPath(scope.organization, live.item.id),
      body: { title: desired.title },
      summary: "rename translation settings",
    },
  ],
  remove: (live, _address, scope) => [
    {
      method: "DELETE",
      path: translationPath(scope.organization, live.item.id),
      summary: "delete translation settings",
    },
  ],

  exportLeavesOut: "translation languages (the API does not set them)",
  toConfig: (live) => ({ title: live.item.title }),
};
