// Where an alias inside its own anchor is, read from the file's last top-level keys only: the
// `yaml` package's reading of a whole file costs about 150 times the file, and such an alias is
// most often in the last lines written. The reading starts at the top-level key whose line holds,
// or comes before, the first anchor named again by a later alias: no alias inside its anchor can
// be before it. The window is read only when the file is a block mapping and the window reads
// without error as top-level keys the file holds; else the whole file is read, as before.

import type { Alias, Document } from "yaml";
import { yamlPackage } from "./yaml-package.ts";
import { Positions } from "./yaml-positions.ts";

export interface AnchorWindow {
  /** Where the window starts in the file. */
  start: number;
  positions: Positions;
  doc: Document.Parsed;
  aliases: Alias[];
}

/** The window of `text`'s top-level keys that holds every alias written after an anchor of its
 * name, read; undefined when the whole file must be read. `root` is the file's value. */
export function ownAnchorWindow(text: string, root: unknown): AnchorWindow | undefined {
  if (root === null || typeof root !== "object" || Array.isArray(root)) return undefined;
  const anchor = firstAnchorAliasedLater(text);
  if (anchor === undefined) return undefined;
  const start = topLevelLineAtOrBefore(text, anchor);
  if (start <= 0) return undefined;
  const positions = new Positions(text.slice(start));
  const { doc, aliases } = positions.aliases();
  if (doc.errors.length > 0 || doc.warnings.length > 0) return undefined;
  const { contents } = doc;
  if (!yamlPackage().isMap(contents) || contents.flow === true) return undefined;
  const held = (key: unknown) =>
    yamlPackage().isScalar(key) && typeof key.value === "string" && Object.hasOwn(root, key.value);
  if (!contents.items.every((pair) => held(pair.key))) return undefined;
  return { start, positions, doc, aliases };
}

/** Names as YAML reads them after `&` and `*`: up to a space or a flow indicator. */
const NAME = "([^\\s,[\\]{}]+)";

/** The offset of the first `&name` written before a `*name`, or undefined. Text in quotes counts
 * too: the window can only start earlier for it. */
function firstAnchorAliasedLater(text: string): number | undefined {
  const lastAlias = new Map<string, number>();
  for (const found of text.matchAll(new RegExp(`\\*${NAME}`, "g")))
    lastAlias.set(found[1] as string, found.index);
  for (const found of text.matchAll(new RegExp(`&${NAME}`, "g")))
    if ((lastAlias.get(found[1] as string) ?? -1) > found.index) return found.index;
  return undefined;
}

/** The start of the line at or before `offset` that begins a top-level key: not indented, not a
 * comment, a list item, a document marker or a directive; 0 when there is none after the first. */
function topLevelLineAtOrBefore(text: string, offset: number): number {
  for (let line = text.lastIndexOf("\n", offset) + 1; line > 0; line = text.lastIndexOf("\n", line - 2) + 1) {
    if (!/[\s#\-.%[{\]}]/.test(text[line] ?? " ")) return line;
  }
  return 0;
}
