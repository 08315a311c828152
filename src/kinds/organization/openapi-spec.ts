// OpenAPI specs (spec 4.17): identity is the slug, which is also the spec's path in the API and
// cannot change. The source is a URL, or the document's text. The API answers the URL
// (`sourceURL`) but never the text: a text source is sent when the spec is created or when it
// stops being a URL, and edits to the text itself are not seen (docs/configuration.md).

import { DocsyncError } from "../../errors.ts";
import { type ItemMeta, type Located, placeOf } from "../../model/desired.ts";
import type { FieldChange } from "../../model/plan.ts";
import { compareField } from "../compare.ts";
import { defined } from "../configured.ts";
import { leafNodes } from "../live-nodes.ts";
import type { TopLevelKind } from "../organization.ts";
import { openApiSpecPath, openApiSpecsPath } from "../paths.ts";

export interface LiveOpenApiSpec {
  [field: string]: unknown;
  object?: "openapi-spec";
  id: string;
  slug: string;
  /** Present for a spec made from a URL only. */
  sourceURL?: string;
}

/** Where the document comes from: a URL, or its text. */
export type OpenApiSource = { url: string } | { text: string };

export interface RawOpenApiSpec {
  slug: string;
  /** A URL, `{ url }` or `{ text }`. */
  source?: string | OpenApiSource;
}

export interface DesiredOpenApiSpec extends ItemMeta {
  slug: string;
  /** Absent: the spec's source is not managed (an export of a spec made from text). */
  source?: OpenApiSource;
}

/** How a plan shows a source: the URL, or the text's length (a document can be long). */
const shown = (source: OpenApiSource): string =>
  "url" in source ? source.url : `(text, ${source.text.length} characters)`;

function sourceChanges(desired: DesiredOpenApiSpec, live: LiveOpenApiSpec | undefined): FieldChange[] {
  const changes: FieldChange[] = [];
  const source = desired.source;
  if (source === undefined) return changes;
  if ("url" in source) compareField(changes, "source", source.url, live?.sourceURL);
  // The API does not answer a text: only a spec that has none yet (new, or made from a URL) changes.
  else if (live === undefined || live.sourceURL !== undefined) {
    const change: FieldChange = { field: "source", to: shown(source) };
    if (live?.sourceURL !== undefined) change.from = live.sourceURL;
    changes.push(change);
  }
  return changes;
}

export const openApiSpecKind: TopLevelKind<
  "openApiSpecs",
  { desired: DesiredOpenApiSpec; live: LiveOpenApiSpec; raw: Located<RawOpenApiSpec> }
> = {
  kind: "OpenAPI spec",
  collection: "openApiSpecs",
  // Published pages render from the spec: deleting it breaks them, and its versions go with it.
  highRisk: true,
  config: {
    schema: {
      fragment: "openapi-spec",
      description:
        "OpenAPI specifications of the organization. Identity: slug. Absent: OpenAPI specs are not managed.",
    },
    plural: "OpenAPI specs",
    identities: [{ field: "slug", hints: false }],
    resolve({ value: { slug, source } }, meta) {
      return { ...meta, slug, ...defined({ source: typeof source === "string" ? { url: source } : source }) };
    },
  },

  read: async (client, scope) =>
    leafNodes(await client.list<LiveOpenApiSpec>(openApiSpecsPath(scope.organization))),

  key: (spec) => spec.slug,
  liveKey: (spec) => spec.slug,

  diff(desired, live) {
    const changes: FieldChange[] = [];
    if (!live) compareField(changes, "slug", desired.slug, undefined);
    return [...changes, ...sourceChanges(desired, live?.item)];
  },

  create(desired, address, scope) {
    if (desired.source === undefined) {
      throw new DocsyncError(
        "plan.openapi-source",
        `${placeOf(desired.at)}: OpenAPI spec ${JSON.stringify(desired.slug)} does not exist, and creating it needs its source: give source (a URL, or { text: ... }).`,
      );
    }
    return [
      {
        method: "POST",
        path: openApiSpecsPath(scope.organization),
        body: { slug: desired.slug, source: desired.source },
        summary: "create OpenAPI spec",
        captures: [{ address, pointer: "/id" }],
        recover: {
          list: openApiSpecsPath(scope.organization),
          match: { slug: desired.slug },
          // Slugs are unique: one another run made meanwhile is this one when its source is the
          // same (a text source is not answered: any is).
          adopt: "url" in desired.source ? { sourceURL: desired.source.url } : {},
        },
      },
    ];
  },
  update: (desired, live, _changes, _address, scope) => [
    {
      method: "PUT",
      path: openApiSpecPath(scope.organization, live.item.slug),
      body: { source: desired.source },
      summary: "update OpenAPI spec source",
    },
  ],
  remove: (live, _address, scope) => [
    {
      method: "DELETE",
      path: openApiSpecPath(scope.organization, live.item.slug),
      summary: "delete OpenAPI spec",
    },
  ],

  exportLeavesOut: "the text of OpenAPI specs made from text (the API does not return it)",
  toConfig(live, _scope, ctx) {
    const spec = live.item;
    if (spec.sourceURL !== undefined) return { slug: spec.slug, source: spec.sourceURL };
    const config = { slug: spec.slug };
    ctx.comment(
      config,
      "source: made from a text, which the API does not return. Give it to manage it:\n" +
        `source: { text: "\${file:${spec.slug}.yaml}" }`,
    );
    return config;
  },
};
