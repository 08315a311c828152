// Names for the spaces an export refers to: readable, unique, and valid under `spaces:`. A name
// comes from the space's title (`API v2` → `api-v2`); a space whose title cannot be read (it
// was removed for good, or moved to another organization) is named after its id.

import type { LiveReader } from "../api/client-types.ts";
import { isGoneOrHidden } from "../api/errors.ts";
import type { LiveSpaceRef } from "../kinds/site/site-space.ts";
import { slug } from "../kinds/unique.ts";

/**
 * The title of each space: `known` (spaces the export has read already), else read with
 * GET /spaces/{id}; undefined when the space cannot be read.
 */
export async function readSpaceTitles(
  client: LiveReader,
  ids: readonly string[],
  known: ReadonlyMap<string, string> = new Map(),
): Promise<Map<string, string | undefined>> {
  const titles = await Promise.all(
    ids.map(async (id) => {
      if (known.has(id)) return known.get(id);
      try {
        const space = await client.get<LiveSpaceRef>(`/spaces/${encodeURIComponent(id)}`);
        return typeof space?.title === "string" ? space.title : undefined;
      } catch (error) {
        // Gone or out of reach: the id still names it.
        if (isGoneOrHidden(error)) return undefined;
        throw error;
      }
    }),
  );
  return new Map(ids.map((id, index) => [id, titles[index]]));
}

/** A valid `spaces:` name made from an id: letters, digits, `.`, `_`, `-`, starting with a letter or digit. */
function fromId(id: string): string {
  const name = id.replace(/[^A-Za-z0-9._-]+/g, "-");
  return /^[A-Za-z0-9]/.test(name) ? name : `space${name.startsWith("-") ? "" : "-"}${name}`;
}

/** A unique name for each space id, in the given order: the first of two equal titles keeps the plain name. */
export function nameSpaces(
  ids: readonly string[],
  titles: ReadonlyMap<string, string | undefined>,
): Map<string, string> {
  const names = new Map<string, string>();
  const taken = new Set<string>();
  for (const id of ids) {
    const title = titles.get(id);
    const base = (title === undefined ? "" : slug(title)) || fromId(id);
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
    taken.add(name);
    names.set(id, name);
  }
  return names;
}
