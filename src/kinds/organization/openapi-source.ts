// An OpenAPI spec's source, as a field of the listed shape: a URL, or the document's text. The
// API answers the URL (`sourceURL`) but never the text: a text source is sent when the spec is
// created or when it stops being a URL, and edits to the text itself are not seen.

import type { FieldChange } from "../../model/plan.ts";
import { compareField } from "../compare.ts";
import type { ListedField } from "../shapes/listed.ts";

/** Where the document comes from: a URL, or its text. */
export type OpenApiSource = { url: string } | { text: string };

type WithSource = { source?: OpenApiSource };
type Answered = { sourceURL?: string };

function sourceChanges({ source }: WithSource, live: Answered | undefined): FieldChange[] {
  const changes: FieldChange[] = [];
  if (source && "url" in source) compareField(changes, "source", source.url, live?.sourceURL);
  // Only a spec that has no text yet (new, or made from a URL) changes; the plan shows the
  // text's length, as a document can be long.
  else if (source && (live === undefined || live.sourceURL !== undefined)) {
    const change: FieldChange = { field: "source", to: `(text, ${source.text.length} characters)` };
    if (live?.sourceURL !== undefined) change.from = live.sourceURL;
    changes.push(change);
  }
  return changes;
}

/** The `source` field: configured as a URL, `{ url }` or `{ text }`, and needed to create a spec. */
export const sourceField = <D extends WithSource, L extends Answered>(): ListedField<D, L> => ({
  name: "source",
  answer: "sourceURL",
  resolve: (source) => (typeof source === "string" ? { url: source } : source),
  diff: sourceChanges,
  neededToCreate: { code: "plan.openapi-source", give: "a URL, or { text: ... }" },
});

/** What an item another run made must hold to be a create's (recover.adopt): the same URL (a
 * text is not answered: any). */
export const sameSource = ({ source }: WithSource): Record<string, unknown> =>
  source && "url" in source ? { sourceURL: source.url } : {};
