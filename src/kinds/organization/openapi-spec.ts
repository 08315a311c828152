// OpenAPI specs (spec 4.17): identity is the slug, which is also the spec's path in the API and
// cannot change. The source is a URL, or the document's text (openapi-source.ts), whose edits are
// not seen (docs/configuration.md).

import type { ItemMeta, Located } from "../../model/desired.ts";
import type { TopLevelKind, TopLevelTypes } from "../organization.ts";
import { openApiSpecsPath } from "../paths.ts";
import { listedKind } from "../shapes/listed.ts";
import { type OpenApiSource, sameSource, sourceField } from "./openapi-source.ts";

export type { OpenApiSource } from "./openapi-source.ts";

export interface LiveOpenApiSpec {
  [field: string]: unknown;
  object?: "openapi-spec";
  id: string;
  slug: string;
  /** Present for a spec made from a URL only. */
  sourceURL?: string;
}
/** `source`: a URL, `{ url }` or `{ text }`. */
export type RawOpenApiSpec = { slug: string; source?: string | OpenApiSource };
/** Without a source: the spec's source is not managed (an export of a spec made from text). */
export type DesiredOpenApiSpec = ItemMeta & { slug: string; source?: OpenApiSource };
type Spec = { desired: DesiredOpenApiSpec; live: LiveOpenApiSpec; raw: Located<RawOpenApiSpec> };

export const openApiSpecKind: TopLevelKind<"openApiSpecs", Spec> = {
  ...listedKind<TopLevelTypes<"openApiSpecs", Spec>, "openApiSpecs">({
    kind: "OpenAPI spec",
    collection: "openApiSpecs",
    schema: {
      fragment: "openapi-spec",
      description:
        "OpenAPI specifications of the organization. Identity: slug. Absent: OpenAPI specs are not managed.",
    },
    plural: "OpenAPI specs",
    identities: [{ field: "slug", hints: false }],
    path: (scope) => openApiSpecsPath(scope.organization),
    itemBy: "slug",
    fields: [{ name: "slug", unique: true }, sourceField()],
    updateMethod: "PUT",
    updateSummary: "update OpenAPI spec source",
    // Slugs are unique: a spec another run made meanwhile is this one when its source is the same.
    adopt: sameSource,
    exportComment: ({ sourceURL, slug }) =>
      sourceURL === undefined
        ? `source: made from a text, which the API does not return. Give it to manage it:\nsource: { text: "\${file:${slug}.yaml}" }`
        : undefined,
  }),
  // Published pages render from the spec: deleting it breaks them, and its versions go with it.
  highRisk: true,
  exportLeavesOut: "the text of OpenAPI specs made from text (the API does not return it)",
};
