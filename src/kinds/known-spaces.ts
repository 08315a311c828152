// What a message about a space name the configuration does not know says of the names it does.

/** Names shown in an unknown-space message; a configuration may name thousands. */
const SPACES_SHOWN = 10;

/** What an unknown-space message says of the names there are. */
export function knownSpaces(spaces: ReadonlyMap<string, unknown>): string {
  if (spaces.size === 0) return "no spaces are named under spaces:";
  const names: string[] = [];
  for (const name of spaces.keys()) {
    if (names.length === SPACES_SHOWN) break;
    names.push(name);
  }
  const more = spaces.size - names.length;
  return `known spaces: ${names.join(", ")}${more > 0 ? ` and ${more.toLocaleString("en-US")} more` : ""}`;
}
